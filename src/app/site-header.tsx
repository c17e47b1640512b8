/**
 * The portal's header: the brand, the main navigation and the chosen sandbox's state, one row at
 * every width. On a narrow screen the navigation folds behind a menu button (a disclosure: it opens
 * and closes with Enter or Space, Escape closes it and gives the focus back to the button; following
 * a link, a tap outside or the focus leaving the header closes it).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link, useLocation } from "wouter";
import { SandboxIndicator } from "./sandbox-indicator";

const navigation = [
  // The brand beside the row leads home on a wide screen; the folded menu names it.
  { href: "/", label: "Overview", className: "nav-home" },
  { href: "/reference", label: "API reference" },
  { href: "/try", label: "Try it" },
  { href: "/quick-start", label: "Quick start" },
  { href: "/sandbox", label: "Sandbox" },
  { href: "/history", label: "History" },
  { href: "/traffic", label: "Traffic" },
  { href: "/settings", label: "Settings" },
  { href: "/openapi", label: "OpenAPI" },
];

const isCurrent = (href: string, location: string) => (href === "/" ? location === "/" : location.startsWith(href));

export function SiteHeader() {
  const [location] = useLocation();
  // Open at the address where it was opened: a link followed (or any other way to a new address) folds it away.
  const [openAt, setOpenAt] = useState<string>();
  const open = openAt === location;
  const setOpen = (next: boolean) => {
    setOpenAt(next ? location : undefined);
  };
  const button = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  // A click outside folds it too, as a menu does.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setOpenAt(undefined);
    };
    document.addEventListener("pointerdown", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
    };
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  return (
    <header
      className={`site-header${open ? " menu-open" : ""}`}
      ref={header}
      onKeyDown={onKeyDown}
      // Tabbing on past its links folds it too, so the focus never goes on under it.
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) setOpenAt(undefined);
      }}
    >
      <Link href="/" className="brand">
        PSD2 Sandbox
      </Link>
      <button
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls="main-navigation"
        ref={button}
        onClick={() => {
          setOpen(!open);
        }}
      >
        <span className="menu-icon" aria-hidden="true" />
        Menu
      </button>
      <nav aria-label="Main" id="main-navigation">
        {navigation.map((item) => (
          <Link key={item.href} href={item.href} className={item.className} aria-current={isCurrent(item.href, location) ? "page" : undefined}>
            {item.label}
          </Link>
        ))}
        <Link href="/reference?search">Search</Link>
      </nav>
      <SandboxIndicator />
    </header>
  );
}

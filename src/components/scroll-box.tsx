/**
 * A box that scrolls its wide content (a table) sideways inside itself, so the page never does. While
 * it does scroll it is a named region and a Tab stop, so a keyboard user can scroll it with the arrow
 * keys; while everything fits it is neither, and adds no Tab stop.
 */
import { useState, type ReactNode } from "react";

export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  const [scrolls, setScrolls] = useState(false);
  // Measured whenever the box or its table changes size (a narrower window, rows arriving).
  const observe = (box: HTMLDivElement) => {
    const observer = new ResizeObserver(() => {
      setScrolls(box.scrollWidth > box.clientWidth + 1);
    });
    for (const element of [box, ...box.children]) observer.observe(element);
    return () => {
      observer.disconnect();
    };
  };
  return (
    <div ref={observe} className="table-scroll" {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": `${label} (scrolls sideways)` } : {})}>
      {children}
    </div>
  );
}

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useRef, useState } from "react";
import { Link, Route, Switch, useLocation } from "wouter";
import { ErrorBoundary } from "./error-boundary";
import { LazyPage } from "./lazy-page";
import { pageRoutes } from "./pages";
import { useFocusOnNavigation } from "./navigation-focus";
import { SandboxIndicator } from "./sandbox-indicator";
import { useLiveSandbox } from "../lib/live-sandbox";
import Overview from "../features/reference/overview-page";

const navigation = [
  { href: "/", label: "Overview" },
  { href: "/reference", label: "API reference" },
  { href: "/try", label: "Try it" },
  { href: "/quick-start", label: "Quick start" },
  { href: "/sandbox", label: "Sandbox" },
  { href: "/history", label: "History" },
  { href: "/settings", label: "Settings" },
];

function NavLink({ href, label }: { href: string; label: string }) {
  const [location] = useLocation();
  const current = href === "/" ? location === "/" : location.startsWith(href);
  return (
    <Link href={href} aria-current={current ? "page" : undefined}>
      {label}
    </Link>
  );
}

function NotFound() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>
        Nothing lives at this address. Start from the <Link href="/">overview</Link>.
      </p>
    </section>
  );
}

/** Keeps every view in step with the chosen sandbox (inside the query client's provider). */
function LiveSandbox() {
  useLiveSandbox();
  return null;
}

export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } }));
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(location, main);
  return (
    <QueryClientProvider client={queryClient}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link href="/" className="brand">
          PSD2 Sandbox
        </Link>
        <nav aria-label="Main">
          {navigation.map((item) => (
            <NavLink key={item.href} {...item} />
          ))}
          <a href="/openapi.json">OpenAPI</a>
          <Link href="/reference?search">Search</Link>
        </nav>
        <SandboxIndicator />
      </header>
      <LiveSandbox />
      <main id="main" tabIndex={-1} ref={main}>
        <ErrorBoundary>
          {/* Pages load by state (LazyPage); this only catches a stray suspension so it never blanks the portal. */}
          <Suspense fallback={<p className="loading">Loading…</p>}>
            <Switch>
              <Route path="/" component={Overview} />
              {/* Keyed by page: moving between an explorer section or a history entry keeps the page (and its focus). */}
              {pageRoutes.map((route) => (
                <Route key={route.page} path={route.path}>
                  <LazyPage name={route.page} />
                </Route>
              ))}
              <Route component={NotFound} />
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </main>
    </QueryClientProvider>
  );
}

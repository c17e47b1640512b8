import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useRef, useState } from "react";
import { Link, Route, Switch, useLocation } from "wouter";
import { ErrorBoundary } from "./error-boundary";
import { LazyPage } from "./lazy-page";
import { PageTitle } from "../components/page-title";
import { pageRoutes } from "./pages";
import { useFocusOnNavigation } from "./navigation-focus";
import { StartupNotice } from "./sandbox-indicator";
import { SiteHeader } from "./site-header";
import { useLiveSandbox } from "../lib/live-sandbox";
import Overview from "../features/reference/overview-page";

function NotFound() {
  return (
    <section className="page">
      <PageTitle title="Page not found">Page not found</PageTitle>
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
      <SiteHeader />
      <StartupNotice />
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

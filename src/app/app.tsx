import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link, Route, Switch, useLocation } from "wouter";
import { ErrorBoundary } from "./error-boundary";
import { SandboxIndicator } from "./sandbox-indicator";
import Overview from "../features/reference/overview-page";

const ReferenceIndex = lazy(() => import("../features/reference/reference-index-page"));
const OperationPage = lazy(() => import("../features/reference/operation-page"));
const ConsoleIndex = lazy(() => import("../features/console/console-index-page"));
const ConsolePage = lazy(() => import("../features/console/console-page"));
const BankPage = lazy(() => import("../features/bank/bank-page"));
const CallbackPage = lazy(() => import("../features/bank/callback-page"));
const ExplorerPage = lazy(() => import("../features/explorer/explorer-page"));
const HistoryPage = lazy(() => import("../features/history/history-page"));
const SettingsPage = lazy(() => import("../features/settings/settings-page"));

const navigation = [
  { href: "/", label: "Overview" },
  { href: "/reference", label: "API reference" },
  { href: "/try", label: "Try it" },
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

export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } }));
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
        </nav>
        <SandboxIndicator />
      </header>
      <main id="main" tabIndex={-1}>
        <ErrorBoundary>
          <Suspense fallback={<p className="loading">Loading…</p>}>
            <Switch>
              <Route path="/" component={Overview} />
              <Route path="/reference" component={ReferenceIndex} />
              <Route path="/reference/:operationId" component={OperationPage} />
              <Route path="/try" component={ConsoleIndex} />
              <Route path="/try/:operationId" component={ConsolePage} />
              <Route path="/bank/authorize/:subject/:id" component={BankPage} />
              <Route path="/callback" component={CallbackPage} />
              <Route path="/sandbox" component={ExplorerPage} />
              <Route path="/sandbox/:section" component={ExplorerPage} />
              <Route path="/history" component={HistoryPage} />
              <Route path="/history/:exchangeId" component={HistoryPage} />
              <Route path="/settings" component={SettingsPage} />
              <Route component={NotFound} />
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </main>
    </QueryClientProvider>
  );
}

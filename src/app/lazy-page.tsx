import { createElement, startTransition, useEffect, useState } from "react";
import { loadedPage, loadPage, type PageName } from "./pages";

/**
 * A page that loads on first use: "Loading…" until its code (and data it needs) has arrived, then
 * the page, by a state update in a transition (not by Suspense: decision 0010). A failed load is thrown to the error boundary, whose "Try
 * again" renders this anew and so loads again.
 */
export function LazyPage({ name }: { name: PageName }) {
  const Page = loadedPage(name);
  const [, setLoaded] = useState<PageName>();
  const [error, setError] = useState<Error>();
  useEffect(() => {
    if (Page) return;
    let current = true;
    loadPage(name).then(
      // A transition: React renders a big page (the console's form) in slices, not in one long task that blocks input.
      () => {
        if (current)
          startTransition(() => {
            setLoaded(name);
          });
      },
      (failure: unknown) => {
        if (current) setError(failure instanceof Error ? failure : new Error("The page could not be loaded: check the connection and try again."));
      },
    );
    return () => {
      current = false;
    };
  }, [name, Page]);
  if (error) throw error;
  if (!Page) return <p className="loading">Loading…</p>;
  // The same component for a name every time (a module's default export), so its state is kept.
  return createElement(Page);
}

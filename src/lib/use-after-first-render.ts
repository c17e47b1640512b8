import { startTransition, useEffect, useState } from "react";

/**
 * false on the first render, true soon after (in a transition, rendered in slices): for parts of a
 * page that are below the fold or invisible, so the first screen paints without waiting for them.
 */
export function useAfterFirstRender(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => {
      setReady(true);
    });
  }, []);
  return ready;
}

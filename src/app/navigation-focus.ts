import { useEffect, useRef, type RefObject } from "react";
import { pageOf } from "./pages";

/**
 * What counts as "a new page" for focus: the address, except inside the explorer and the history,
 * whose sections and entries change the address like tabs do and keep the user where they are.
 */
export function navigationKey(pathname: string): string {
  const page = pageOf(pathname);
  return page === "explorer" || page === "history" ? page : pathname;
}

/**
 * After an in-app navigation the focus would stay on the link that was followed, now gone or far
 * away: screen readers then announce nothing and the next Tab starts from nowhere. Move it to the
 * page's main landmark (as a full page load and the skip link do), which also brings it into view.
 */
export function useFocusOnNavigation(pathname: string, main: RefObject<HTMLElement | null>) {
  const key = navigationKey(pathname);
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    main.current?.focus();
  }, [key, main]);
}

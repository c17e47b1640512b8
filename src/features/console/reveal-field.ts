/**
 * Brings a form field into view wherever it is: on a tab not shown, inside a folded group. The links
 * of the error summary and of the sandbox's tppMessages use it, so following one lands on the field.
 */
import { createContext, useContext, type MouseEvent } from "react";
import type { RequestTab } from "./request-tabs";

/** Shows the request tab that holds a field (the console's tabs are its state). */
export const ShowRequestTab = createContext<(tab: RequestTab) => void>(() => undefined);

const isRequestTab = (tab: string | undefined): tab is RequestTab => tab === "body" || tab === "params" || tab === "headers";

export function revealField(id: string, showTab: (tab: RequestTab) => void): void {
  const field = document.getElementById(id);
  if (!field) return;
  const tab = field.closest<HTMLElement>("[role=tabpanel]")?.dataset.tab;
  if (isRequestTab(tab)) showTab(tab);
  for (let folded = field.closest("details"); folded; folded = folded.parentElement?.closest("details") ?? null) folded.open = true;
  // After the tab's panel is shown (React renders a click's update before the next frame).
  requestAnimationFrame(() => {
    field.focus();
    if (document.activeElement !== field) field.scrollIntoView({ block: "center" });
  });
}

/** A link's click handler that reveals the field its `#anchor` names instead of only jumping to it. */
export function useRevealOnClick() {
  const showTab = useContext(ShowRequestTab);
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const id = event.currentTarget.hash.slice(1);
    if (!id || !document.getElementById(id)) return;
    event.preventDefault();
    revealField(id, showTab);
  };
}

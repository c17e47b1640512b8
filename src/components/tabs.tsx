/**
 * Tabs by the WAI-ARIA tabs pattern: one Tab stop on the chosen tab, the arrow keys (and Home, End)
 * move to another and show it, and each panel is labelled by its tab. The panels here all start with
 * something focusable (a field, a button, a code block), so the next Tab goes into the panel without the
 * panel itself being a Tab stop. Every panel stays mounted, only hidden: a form's fields keep their
 * values, errors and registration while another tab is shown.
 */
import type { KeyboardEvent, ReactNode } from "react";

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
  panel: ReactNode;
}

interface Props<Id extends string> {
  /** Names the tab list, and prefixes the ids of its tabs and panels (unique on the page). */
  label: string;
  idPrefix: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

/** Which tab a key moves to from `index` of `count`, or undefined for any other key. */
export function tabAfterKey(key: string, index: number, count: number): number | undefined {
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return undefined;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

export function Tabs<Id extends string>({ label, idPrefix, tabs, selected, onSelect }: Props<Id>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = tabAfterKey(event.key, index, tabs.length);
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    document.getElementById(tabId(idPrefix, target.id))?.focus();
  };
  return (
    <div className="tab-set">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={tab.id === selected}
            aria-controls={panelId(idPrefix, tab.id)}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => {
              onSelect(tab.id);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(idPrefix, tab.id)}
          aria-labelledby={tabId(idPrefix, tab.id)}
          data-tab={tab.id}
          hidden={tab.id !== selected}
          className="tab-panel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}

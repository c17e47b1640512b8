/**
 * Where the form's values come from, told above it: the sandbox's data still loading (or not
 * arriving), a draft brought back, a request loaded from the history, a draft that could not be
 * kept; and the way back to the example.
 */
import { formatOslo } from "../../contract/oslo-time";
import type { DraftState } from "./use-drafted-form";
import type { ExampleState } from "./use-example";

/** "14:02" (or "14:02:09") in Oslo time, as the history and the sandbox write times. */
export const timeOf = (at: number, withSeconds = false) => formatOslo(at, withSeconds).slice(11);

/** `unfilled`: the path parameters the example could not fill (the ids of what a request made: a payment, a basket). */
function exampleLine(state: ExampleState, recordLoading: boolean, unfilled: readonly string[] = []): string {
  if (recordLoading) return "Loading the request from the history…";
  switch (state.kind) {
    case "loading":
      return "Filling in from the sandbox's data…";
    case "failed":
      return `The sandbox's data did not arrive (${state.problem}): fields it would fill stay empty for you to fill in.`;
    case "ready":
      return unfilled.length === 0
        ? "An example made of the sandbox's data."
        : `An example made of the sandbox's data; ${unfilled.join(" and ")} ${unfilled.length === 1 ? "is" : "are"} yours to give: an id a request answered, or one the Sandbox page lists.`;
  }
}

function draftLine(state: DraftState): string {
  switch (state.kind) {
    case "none":
      return "What you change is kept as a draft in this browser.";
    case "restored":
      return `Your draft of ${timeOf(state.savedAt)} is back; fields you did not change follow the sandbox.`;
    case "saved":
      return "Your changes are kept as a draft in this browser.";
    case "loaded":
      return `Loaded ${state.what}: change it and send it again (with a new X-Request-ID).`;
    case "unsaved":
      return `Your changes could not be kept as a draft (${state.problem}); they stay until you leave the page.`;
  }
}

interface Props {
  example: ExampleState;
  draft: DraftState;
  recordLoading: boolean;
  recordProblem: string | undefined;
  /** The path parameters the example left empty. */
  unfilled: readonly string[];
  onReset: () => void;
}

/**
 * A line that keeps at least the height `reserve` would take at the same width: the texts that replace each other
 * as the sandbox's data arrives (loading → ready) wrap differently in the console's narrow column, and the form
 * below must not move when one replaces the other (e2e/performance.spec.ts measures the layout shift).
 */
function StatusLine({ className, text, reserve }: { className: string; text: string; reserve: string }) {
  return (
    <p className={`status-line ${className}`}>
      <span>{text}</span>
      {reserve !== text && (
        <span className="status-line-reserve" aria-hidden="true">
          {reserve}
        </span>
      )}
    </p>
  );
}

export function FormStatus({ example, draft, recordLoading, recordProblem, unfilled, onReset }: Props) {
  const busy = example.kind === "loading" || recordLoading;
  return (
    <div className="form-status">
      <div role="status" aria-busy={busy}>
        <StatusLine
          className={busy ? "status-busy" : example.kind === "failed" ? "status-problem" : "muted"}
          text={exampleLine(example, recordLoading, unfilled)}
          reserve={exampleLine({ kind: "loading" }, false)}
        />
        <StatusLine
          className={draft.kind === "unsaved" || recordProblem ? "status-problem" : "muted"}
          text={recordProblem ?? draftLine(draft)}
          reserve={draftLine({ kind: "none" })}
        />
      </div>
      <button type="button" className="button-small" onClick={onReset}>
        Reset to the example
      </button>
    </div>
  );
}

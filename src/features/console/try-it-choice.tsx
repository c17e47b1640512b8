/**
 * "Try it" from a reference page opens the operation's example. A draft of that operation is the
 * user's work, so it is never replaced silently: the console keeps it and asks which to show
 * (decision 0034-reference-examples-try-it-and-search). Without a draft the example is what shows anyway.
 */
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import type { Operation } from "../../contract/operations";
import { consoleAddress, FROM_REFERENCE } from "../../lib/console-address";
import { timeOf } from "./form-status";
import type { DraftState } from "./use-drafted-form";

/** Whether to ask, and how to stop asking (the address then drops its marker, so a reload does not ask again). */
export function useTryItChoice(operation: Operation, fromReference: boolean, draft: DraftState) {
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(fromReference && draft.kind === "restored");
  const [savedAt] = useState(draft.kind === "restored" ? draft.savedAt : undefined);
  const forget = () => {
    const rest = Object.fromEntries([...new URLSearchParams(location.search).entries()].filter(([name]) => name !== FROM_REFERENCE));
    navigate(consoleAddress(operation.id, rest), { replace: true });
  };
  useEffect(() => {
    if (fromReference && !asking) forget();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const done = () => {
    setAsking(false);
    forget();
  };
  return { asking, savedAt, done };
}

export function TryItChoice({ savedAt, onExample, onKeep }: { savedAt: number | undefined; onExample: () => void; onKeep: () => void }) {
  return (
    <section className="notice try-it-choice" aria-labelledby="try-it-choice-title">
      <h2 id="try-it-choice-title">Your draft or the reference's example?</h2>
      <p role="alert">
        You opened the example from the reference, but this operation has your draft{savedAt === undefined ? "" : ` of ${timeOf(savedAt)}`}. The form shows your
        draft until you choose.
      </p>
      <p className="button-row">
        <button type="button" className="button-primary" onClick={onExample}>
          Show the example (discard my draft)
        </button>
        <button type="button" onClick={onKeep}>
          Keep my draft
        </button>
      </p>
    </section>
  );
}

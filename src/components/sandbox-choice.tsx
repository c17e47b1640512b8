/**
 * The label of a guess: what this sandbox chose where the spec says "not shown", with a link to the
 * decision record that says why (src/contract/sandbox-choices.ts).
 */
import type { ReactNode } from "react";
import { Link } from "wouter";
import { decisionNumber, type DecisionId, type SandboxChoice } from "../contract/sandbox-choices";

export const decisionHref = (decision: DecisionId) => `/decisions/${decision}`;

/** "decision 0002", leading to the record. */
export function DecisionLink({ decision }: { decision: DecisionId }) {
  return <Link href={decisionHref(decision)}>decision {decisionNumber(decision)}</Link>;
}

/** "Required: this sandbox's choice (decision 0002)". */
export function ChoiceNote({ choice, children }: { choice: SandboxChoice; children?: ReactNode }) {
  return (
    <span className="choice-note">
      {children ?? choice.what}: this sandbox's choice (<DecisionLink decision={choice.decision} />)
    </span>
  );
}

import type { ReactNode } from "react";
import type { SandboxChoice } from "../contract/sandbox-choices";
import { ChoiceNote } from "./sandbox-choice";

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  /** The spec's note for the field, shown beside it and read with it. */
  hint?: string | undefined;
  error?: string | undefined;
  /** What this sandbox chose where the spec says "not shown", read with the field like its note. */
  choice?: SandboxChoice | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, input, note and error of one form field, wired for screen readers. */
export function FieldShell({ id, label, required, hint, error, choice, children }: FieldShellProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const choiceId = choice ? `${id}-choice` : undefined;
  const describedBy = [errorId, hintId, choiceId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="optional"> (optional)</span>
        )}
      </label>
      {children(describedBy)}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {choice ? (
        <p id={choiceId} className="field-hint">
          <ChoiceNote choice={choice} />
        </p>
      ) : null}
    </div>
  );
}

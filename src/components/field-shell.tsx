import type { ReactNode } from "react";

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  /** The spec's note for the field, shown beside it and read with it. */
  hint?: string | undefined;
  error?: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, input, note and error of one form field, wired for screen readers. */
export function FieldShell({ id, label, required, hint, error, children }: FieldShellProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
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
    </div>
  );
}

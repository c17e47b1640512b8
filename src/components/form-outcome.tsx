/**
 * What came of a form, announced once: a success politely, a failure as an alert. Both regions stay in the page so
 * that what appears in them is announced; an alert inside a polite region was announced twice.
 */
import type { ReactNode } from "react";

export function FormOutcome({ ok, children }: { ok: boolean | undefined; children?: ReactNode }) {
  return (
    <div className="form-outcome">
      <div aria-live="polite">{ok === true ? children : null}</div>
      <div role="alert">{ok === false ? children : null}</div>
    </div>
  );
}

/** The body tab: its fields from the contract, or the JSON text exactly as it will be sent. */
import { useFormContext, useWatch } from "react-hook-form";
import type { FieldNode } from "../../lib/form-fields";
import { useAfterFirstRender } from "../../lib/use-after-first-render";
import { Fields } from "./body-fields";
import type { ConsoleValues } from "./console-form";
import { errorAt } from "./field-error";

export function BodyFieldset({ nodes }: { nodes: FieldNode[] }) {
  const { register, control, formState } = useFormContext<ConsoleValues>();
  const rawMode = useWatch({ control, name: "rawMode" });
  // The body's fields (dozens for a payment) come after the first paint: the headers above them are the first screen.
  const shown = useAfterFirstRender();
  const rawError = errorAt(formState.errors, "rawBody");
  return (
    <div className="body-fields">
      <label className="switch">
        <input type="checkbox" {...register("rawMode")} /> Edit the body as JSON text
      </label>
      {!shown ? (
        <p className="muted body-placeholder">Preparing the body's fields…</p>
      ) : rawMode ? (
        <div className="field">
          <label htmlFor="field-rawBody">Body (JSON, sent exactly as written)</label>
          <textarea id="field-rawBody" rows={16} {...register("rawBody")} aria-invalid={rawError ? true : undefined} />
          {rawError ? <p className="field-error">{rawError}</p> : null}
        </div>
      ) : (
        <Fields nodes={nodes} prefix="body" />
      )}
    </div>
  );
}

/** Path and query parameters of an operation, with the spec's notes. */
import { useContext } from "react";
import { useFormContext } from "react-hook-form";
import { FieldShell } from "../../components/field-shell";
import type { Parameter } from "../../lib/openapi-document";
import { AwaitingFields, AWAITING_PLACEHOLDER } from "./awaiting-fields";
import type { ConsoleValues } from "./console-form";
import { errorAt, fieldId } from "./field-error";

export function ParameterFields({ parameters, part, legend }: { parameters: Parameter[]; part: "params" | "query"; legend: string }) {
  const { register, formState } = useFormContext<ConsoleValues>();
  const awaiting = useContext(AwaitingFields);
  if (parameters.length === 0) return null;
  return (
    <fieldset className="group">
      <legend>{legend}</legend>
      {parameters.map((parameter) => {
        const name = `${part}.${parameter.name}` as const;
        const id = fieldId(name);
        const error = errorAt(formState.errors, name);
        const isDate = (parameter.schema as { $ref?: string }).$ref?.endsWith("/CalendarDate") === true;
        return (
          <FieldShell key={name} id={id} label={<code>{parameter.name}</code>} required={parameter.required} hint={parameter.description} error={error}>
            {(describedBy) => (
              <input
                type={isDate ? "date" : "text"}
                id={id}
                aria-describedby={describedBy}
                aria-invalid={error ? true : undefined}
                autoComplete="off"
                placeholder={awaiting.has(name) ? AWAITING_PLACEHOLDER : undefined}
                {...register(name, { setValueAs: (value: unknown) => (value === "" ? undefined : value) })}
              />
            )}
          </FieldShell>
        );
      })}
    </fieldset>
  );
}

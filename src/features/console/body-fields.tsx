/** The body's fields, rendered from the contract's schema; each with the spec's note beside it. */
import { useFieldArray, useFormContext } from "react-hook-form";
import { COUNTRY_LIST_ID, CURRENCY_LIST_ID } from "../../components/code-lists";
import { FieldShell } from "../../components/field-shell";
import { ChoiceNote } from "../../components/sandbox-choice";
import { parseInput, type FieldNode } from "../../lib/form-fields";
import { useAwaitingPlaceholder } from "./awaiting-fields";
import type { ConsoleValues } from "./console-form";
import { errorAt, fieldId, hasErrorUnder } from "./field-error";

function Leaf({ field, name }: { field: Exclude<FieldNode, { kind: "object" | "objects" }>; name: string }) {
  const { register, formState } = useFormContext<ConsoleValues>();
  const id = fieldId(name);
  const error = errorAt(formState.errors, name);
  const awaiting = useAwaitingPlaceholder(name);
  const hint = field.kind === "list" ? `${field.description ?? ""} Separate items with commas.`.trim() : field.description;
  const label = (
    <>
      <code>{field.name}</code>
      {field.deprecated ? <span className="tag tag-warning">deprecated</span> : null}
    </>
  );
  const options = { setValueAs: parseInput(field.kind, field.kind === "list" ? field.of : undefined) };
  return (
    <FieldShell id={id} label={label} required={field.required} hint={hint} error={error} choice={field.choice}>
      {(describedBy) => {
        const common = { id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined, placeholder: awaiting };
        switch (field.kind) {
          case "enum":
            return (
              <select {...common} {...register(name, options)}>
                <option value="">{field.required ? "Choose…" : "— not set —"}</option>
                {field.values.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            );
          case "boolean":
            return <input type="checkbox" {...common} {...register(name)} />;
          case "currency":
          case "country":
            return (
              <input
                {...common}
                {...register(name, options)}
                list={field.kind === "currency" ? CURRENCY_LIST_ID : COUNTRY_LIST_ID}
                autoComplete="off"
                placeholder={awaiting ?? (field.kind === "currency" ? "NOK" : "NO")}
                className="input-code"
              />
            );
          case "date":
            return <input type="date" {...common} {...register(name, options)} />;
          case "number":
            return <input type="text" inputMode={field.integer ? "numeric" : "decimal"} {...common} {...register(name, options)} />;
          default:
            return <input type="text" {...common} {...register(name, options)} autoComplete="off" />;
        }
      }}
    </FieldShell>
  );
}

/** Whether anything under a form path holds a value (a draft's, or a request's from the history). */
const holdsValue = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== "" && (typeof value !== "object" || Object.values(value).some(holdsValue));

function Group({ field, name }: { field: Extract<FieldNode, { kind: "object" }>; name: string }) {
  const { formState, getValues } = useFormContext<ConsoleValues>();
  const error = errorAt(formState.errors, name);
  const group = (
    <fieldset className="group">
      <legend>
        <code>{field.name}</code>
        {field.deprecated ? <span className="tag tag-warning">deprecated</span> : null}
        {field.required ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="optional"> (optional)</span>
        )}
      </legend>
      {field.description ? <p className="field-hint">{field.description}</p> : null}
      {field.choice ? (
        <p className="field-hint">
          <ChoiceNote choice={field.choice} />
        </p>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <Fields nodes={field.children} prefix={name} />
    </fieldset>
  );
  if (!field.deprecated) return group;
  // A deprecated group is folded away, unless it holds a value or an error: the body a user came to edit comes first.
  const failing = hasErrorUnder(formState.errors, name);
  return (
    <details className="deprecated-group" open={failing || holdsValue(getValues(name)) || undefined}>
      <summary>
        <code>{field.name}</code> <span className="tag tag-warning">deprecated</span>
      </summary>
      {group}
    </details>
  );
}

function Repeated({ field, name }: { field: Extract<FieldNode, { kind: "objects" }>; name: string }) {
  const { control, formState } = useFormContext<ConsoleValues>();
  const { fields, append, remove } = useFieldArray({ control, name: name as never });
  const error = errorAt(formState.errors, name);
  return (
    <fieldset className="group">
      <legend>
        <code>{field.name}</code>
        {field.deprecated ? <span className="tag tag-warning">deprecated</span> : null}
        {field.required ? null : <span className="optional"> (optional)</span>}
      </legend>
      {field.description ? <p className="field-hint">{field.description}</p> : null}
      {field.choice ? (
        <p className="field-hint">
          <ChoiceNote choice={field.choice} />
        </p>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {fields.map((item, index) => (
        <fieldset key={item.id} className="group item">
          <legend>
            {field.name}[{index}]
          </legend>
          <Fields nodes={field.item} prefix={`${name}.${String(index)}`} />
          <button
            type="button"
            className="button-small"
            onClick={() => {
              remove(index);
            }}
          >
            Remove {field.name}[{index}]
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button-small"
        onClick={() => {
          append({});
        }}
      >
        Add {fields.length === 0 ? "an item" : "another item"} to {field.name}
      </button>
    </fieldset>
  );
}

export function Fields({ nodes, prefix }: { nodes: FieldNode[]; prefix: string }) {
  return (
    <>
      {nodes.map((field) => {
        const name = `${prefix}.${field.name}`;
        if (field.kind === "object") return <Group key={name} field={field} name={name} />;
        if (field.kind === "objects") return <Repeated key={name} field={field} name={name} />;
        return <Leaf key={name} field={field} name={name} />;
      })}
    </>
  );
}

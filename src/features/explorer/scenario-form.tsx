/** Adds a scenario rule: labelled fields, checked with the contract's schema, problems announced at the field. */
import { useState, type SyntheticEvent } from "react";
import { operations } from "../../contract/operations";
import { SETTLEMENT_REASONS, ScenarioOutcome, ScenarioRule, parseScenarioHeader, scenarioHeaderExamples, type ScenarioKind } from "../../contract/scenarios";
import type { z } from "../../contract/zod";
import { outcomeInWords } from "./scenario-words";

const NewRule = ScenarioRule.omit({ id: true });
export type NewRule = z.infer<typeof NewRule>;

const kinds = ScenarioOutcome.options.map((option) => option.shape.kind.value);
const fields = ["label", "operation", "psuId", "debtorAccount", "creditorAccount", "min", "max", "kind", "param"] as const;
type Field = (typeof fields)[number];
type Values = Record<Field, string>;
const empty: Values = { label: "", operation: "", psuId: "", debtorAccount: "", creditorAccount: "", min: "", max: "", kind: "sca-declined", param: "" };

/** The parameter an outcome takes, if any: its name in the outcome, its label and its choices. */
function parameterOf(kind: ScenarioKind): { name: string; label: string; choices?: string[]; numeric?: true } | undefined {
  if (kind === "settlement-rejected") return { name: "reason", label: "Reason (ISO 20022)", choices: Object.keys(SETTLEMENT_REASONS) };
  if (kind === "service-unavailable" || kind === "too-many-requests") return { name: "retry-after", label: "Retry-After (seconds)", numeric: true };
  if (kind === "delay") return { name: "ms", label: "Delay (milliseconds, up to 30000)", numeric: true };
  if (kind === "hold") return { name: "status", label: "Held in status", choices: ["ACSP", "PDNG"] };
  return undefined;
}

/** The value the header's example gives a kind's parameter (retry-after=30, ms=2000): its field starts with it, never empty. */
function exampleValue(kind: ScenarioKind): string {
  const name = parameterOf(kind)?.name;
  const parsed = parseScenarioHeader(scenarioHeaderExamples.find((example) => example.split(";")[0] === kind) ?? "");
  const value = name && parsed.ok ? (parsed.outcome as Record<string, string | number | undefined>)[name] : undefined;
  return value === undefined ? "" : String(value);
}

const optional = (text: string) => (text.trim() === "" ? undefined : text.trim());

function outcomeOf(values: Values) {
  const kind = values.kind as ScenarioKind;
  const parameter = parameterOf(kind);
  const param = values.param.trim() || (parameter?.choices?.[0] ?? "");
  return { kind, ...(parameter ? { [parameter.name]: parameter.numeric ? (param === "" ? Number.NaN : Number(param)) : param } : {}) };
}

function candidateOf(values: Values): unknown {
  const amount = (optional(values.min) ?? optional(values.max)) ? { min: optional(values.min), max: optional(values.max) } : undefined;
  return {
    label: optional(values.label),
    enabled: true,
    match: {
      operations: values.operation ? [values.operation] : undefined,
      psuId: optional(values.psuId),
      debtorAccount: optional(values.debtorAccount),
      creditorAccount: optional(values.creditorAccount),
      amount,
    },
    outcome: outcomeOf(values),
  };
}

/** The form field a schema issue belongs to. */
function fieldOf(path: readonly PropertyKey[]): Field {
  const [first, second, third] = path.map(String);
  if (first === "label") return "label";
  if (first === "outcome") return second === "kind" ? "kind" : "param";
  if (second === "operations") return "operation";
  if (second === "amount") return third === "max" ? "max" : "min";
  return (fields as readonly string[]).includes(second ?? "") ? (second as Field) : "kind";
}

function OutcomePreview({ values }: { values: Values }) {
  const outcome = ScenarioOutcome.safeParse(outcomeOf(values));
  return <p className="field-hint">{outcome.success ? `Forces: ${outcomeInWords(outcome.data)}.` : "Give the outcome's value to see what it forces."}</p>;
}

export function ScenarioForm({ busy, onAdd }: { busy: boolean; onAdd: (rule: NewRule) => void }) {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const parameter = parameterOf(values.kind as ScenarioKind);
  const set = (field: Field, value: string) => {
    setValues((before) => ({ ...before, [field]: value, ...(field === "kind" ? { param: exampleValue(value as ScenarioKind) } : {}) }));
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = NewRule.safeParse(candidateOf(values));
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[fieldOf(issue.path)] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    onAdd(parsed.data);
    setValues(empty);
  };

  const input = (field: Field, label: string, hint?: string) => (
    <div className="field">
      <label htmlFor={`scenario-${field}`}>{label}</label>
      <input
        id={`scenario-${field}`}
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `scenario-${field}-error` : hint ? `scenario-${field}-hint` : undefined}
        onChange={(event) => {
          set(field, event.target.value);
        }}
      />
      {hint && !errors[field] ? (
        <p id={`scenario-${field}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {errors[field] ? (
        <p id={`scenario-${field}-error`} className="field-error">
          {errors[field]}
        </p>
      ) : null}
    </div>
  );
  const problems = Object.entries(errors);

  return (
    <form className="scenario-form panel" onSubmit={submit} noValidate aria-labelledby="scenario-form-title">
      <h3 id="scenario-form-title">Add a rule</h3>
      {problems.length > 0 ? (
        <div role="alert" className="field-error">
          The rule was not added: {problems.map(([, message]) => message).join(" ")}
        </div>
      ) : null}
      {input("label", "Label (optional)")}
      <div className="field">
        <label htmlFor="scenario-operation">Operation</label>
        <select
          id="scenario-operation"
          value={values.operation}
          onChange={(event) => {
            set("operation", event.target.value);
          }}
        >
          <option value="">Any operation</option>
          {operations.map((operation) => (
            <option key={operation.id} value={operation.id}>
              {operation.title} ({operation.id})
            </option>
          ))}
        </select>
      </div>
      {input("psuId", "PSU-ID or national identity number (optional)")}
      {input("debtorAccount", "Debtor account, BBAN or IBAN (optional)")}
      {input("creditorAccount", "Creditor account, BBAN or IBAN (optional)")}
      {input("min", "Amount at least (optional)", "Such as 1000 or 99.50.")}
      {input("max", "Amount at most (optional)")}
      <div className="field">
        <label htmlFor="scenario-kind">Forced outcome</label>
        <select
          id="scenario-kind"
          value={values.kind}
          onChange={(event) => {
            set("kind", event.target.value);
          }}
        >
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
      </div>
      {parameter?.choices ? (
        <div className="field">
          <label htmlFor="scenario-param">{parameter.label}</label>
          <select
            id="scenario-param"
            value={values.param || parameter.choices[0]}
            onChange={(event) => {
              set("param", event.target.value);
            }}
          >
            {parameter.choices.map((choice) => (
              <option key={choice} value={choice}>
                {parameter.name === "reason" ? `${choice} ${SETTLEMENT_REASONS[choice as keyof typeof SETTLEMENT_REASONS]}` : choice}
              </option>
            ))}
          </select>
        </div>
      ) : parameter ? (
        input("param", parameter.label)
      ) : null}
      <OutcomePreview values={values} />
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={busy}>
          Add rule
        </button>
      </div>
    </form>
  );
}

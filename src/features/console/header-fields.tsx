/**
 * The request headers of an operation, prefilled and editable. Digest, Signature and the
 * certificate are computed when the request is sent; X-Request-ID is new for every send unless
 * fixed; the PSU is picked from the sandbox's customers.
 */
import type { ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import { useQuery } from "@tanstack/react-query";
import type { Operation } from "../../contract/operations";
import { headerChoice } from "../../contract/sandbox-choices";
import { FieldShell } from "../../components/field-shell";
import { parametersOf, type Parameter } from "../../lib/openapi-document";
import { isBrowserForbidden } from "../../lib/request-draft";
import { customersQuery } from "../../lib/sandbox-queries";
import { AcceptFixPicker } from "./accept-fix-picker";
import { useAwaitingPlaceholder } from "./awaiting-fields";
import { COMPUTED_HEADERS, DEFAULTED_HEADERS, PSU_HEADERS, type ConsoleValues } from "./console-form";
import { errorAt, fieldId } from "./field-error";
import { useAfterFirstRender } from "../../lib/use-after-first-render";

const computed = new Set<string>(COMPUTED_HEADERS);

function HeaderField({ parameter }: { parameter: Parameter }) {
  const { register, formState } = useFormContext<ConsoleValues>();
  const customers = useQuery(customersQuery());
  const name = `headers.${parameter.name}`;
  const id = fieldId(name);
  const error = errorAt(formState.errors, name);
  const awaiting = useAwaitingPlaceholder(name);
  const values = (parameter.schema as { enum?: unknown[] }).enum?.map(String);
  const forbidden = isBrowserForbidden(parameter.name);
  const hint = `${parameter.description ?? ""}${forbidden ? " A browser may not send this header: it is shown in the inspector and the curl command, not sent from here." : ""}`;
  const label = <code>{parameter.name}</code>;
  const register_ = register(name as `headers.${string}`, { setValueAs: (value: unknown) => (value === "" ? undefined : value) });
  const suggestions =
    parameter.name === "PSU-ID"
      ? customers.data?.map((customer) => ({ value: customer.psuId, label: `${customer.name} (${customer.kind})` }))
      : parameter.name === "X-PSU-IDENTITY"
        ? customers.data?.filter((customer) => customer.kind === "private").map((customer) => ({ value: customer.customerNumber, label: customer.name }))
        : parameter.name === "PSU-Corporate-ID"
          ? customers.data?.filter((customer) => customer.kind === "corporate").map((customer) => ({ value: customer.customerNumber, label: customer.name }))
          : undefined;
  return (
    <FieldShell id={id} label={label} required={parameter.required} hint={hint} error={error} choice={headerChoice(parameter.name)}>
      {(describedBy) => {
        const common = { id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined };
        if (parameter.name === "x-accept-fix") return <AcceptFixPicker name={name} describedBy={describedBy} />;
        if (values)
          return (
            <select {...common} {...register_}>
              <option value="">— not sent —</option>
              {values.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          );
        return (
          <>
            <input type="text" {...common} {...register_} autoComplete="off" placeholder={awaiting} list={suggestions ? `${id}-list` : undefined} />
            {suggestions ? (
              <datalist id={`${id}-list`}>
                {suggestions.map((option) => (
                  <option key={option.value} value={option.value} label={option.label} />
                ))}
              </datalist>
            ) : null}
          </>
        );
      }}
    </FieldShell>
  );
}

/** A group of headers folded away until opened, or opened by an error in one of them. */
function FoldedHeaders({ summary, parameters, names = [], children }: { summary: string; parameters: Parameter[]; names?: string[]; children?: ReactNode }) {
  const { formState } = useFormContext<ConsoleValues>();
  const failing = [...names, ...parameters.map((parameter) => parameter.name)].some((name) => errorAt(formState.errors, `headers.${name}`) !== undefined);
  // Folded away at first: their fields come after the first paint.
  const shown = useAfterFirstRender();
  return (
    <details open={failing || undefined}>
      <summary>{summary}</summary>
      {children}
      {shown || failing ? parameters.map((parameter) => <HeaderField key={parameter.name} parameter={parameter} />) : null}
    </details>
  );
}

function RequestIdField() {
  const { register, watch, formState } = useFormContext<ConsoleValues>();
  const newRequestId = watch("newRequestId");
  return (
    <FieldShell
      id={fieldId("headers.X-Request-ID")}
      label={<code>X-Request-ID</code>}
      required
      hint="Identifier unique per call, chosen by the TPP (a UUID). The sandbox refuses an id already used with this certificate (409), so a fixed one works once."
      error={errorAt(formState.errors, "headers.X-Request-ID")}
    >
      {(describedBy) => (
        <div className="inline-controls">
          <input
            type="text"
            id={fieldId("headers.X-Request-ID")}
            aria-describedby={describedBy}
            disabled={newRequestId}
            {...register("headers.X-Request-ID")}
            placeholder={newRequestId ? "a new UUID for every send" : ""}
          />
          <label>
            <input type="checkbox" {...register("newRequestId")} /> new for every send
          </label>
        </div>
      )}
    </FieldShell>
  );
}

/**
 * The headers tab: the PSU the request acts for, and required headers without a value, open; the
 * headers the portal fills (X-Request-ID, the session, the redirect, the PSU's address) and the
 * optional ones folded, so what a user came to change is what they see (decision 0050).
 */
export function HeaderFields({ operation, signature }: { operation: Operation; signature: ReactNode }) {
  const parameters = parametersOf(operation.method, operation.path).filter((parameter) => parameter.in === "header");
  const editable = parameters.filter((parameter) => !computed.has(parameter.name) && parameter.name !== "X-Request-ID");
  const defaulted = editable.filter((parameter) => DEFAULTED_HEADERS.has(parameter.name));
  const open = editable.filter((parameter) => !defaulted.includes(parameter) && (parameter.required || PSU_HEADERS.has(parameter.name)));
  const optional = editable.filter((parameter) => !defaulted.includes(parameter) && !open.includes(parameter));
  return (
    <div className="header-fields">
      <p className="field-hint">
        <strong>Digest</strong>, <strong>Signature</strong> and <strong>TPP-Signature-Certificate</strong> are computed when you send, with the certificate
        chosen in Settings.
      </p>
      {signature}
      {open.map((parameter) => (
        <HeaderField key={parameter.name} parameter={parameter} />
      ))}
      <FoldedHeaders summary={`Headers the portal fills in (${String(defaulted.length + 1)})`} parameters={defaulted} names={["X-Request-ID"]}>
        <RequestIdField />
      </FoldedHeaders>
      {optional.length > 0 ? <FoldedHeaders summary={`Optional headers (${String(optional.length)})`} parameters={optional} /> : null}
    </div>
  );
}

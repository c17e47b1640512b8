/**
 * Try an operation: a form over the operation's contract (headers, parameters, body), sent signed
 * to the sandbox, with the answer explained and the exact request in the inspector.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, useWatch, type FieldErrors } from "react-hook-form";
import { Link, useParams, useSearch } from "wouter";
import { CodeLists } from "../../components/code-lists";
import { CodeSection } from "../../components/code-section";
import { MethodBadge } from "../../components/method-badge";
import { PageTitle } from "../../components/page-title";
import { componentRef } from "../../contract/component-ref";
import { operations, type Operation } from "../../contract/operations";
import { activeCredential } from "../../lib/credentials";
import type { Exchange } from "../../lib/exchange";
import { fieldNodes } from "../../lib/form-fields";
import { components, parametersOf, useOpenApi } from "../../lib/openapi-document";
import { portalKeys, sandboxKeys } from "../../lib/query-keys";
import { curlCommand } from "../../lib/curl";
import { exampleValues } from "../../lib/examples";
import { draftRequest, signForServer } from "../../lib/request-draft";
import { accountsQuery, clockQuery, customersQuery } from "../../lib/sandbox-queries";
import { sendRequest, tamperings, type Tampering } from "../../lib/send";
import { curlOrigin, useSettings } from "../../lib/settings";
import { useAfterFirstRender } from "../../lib/use-after-first-render";
import { Fields } from "./body-fields";
import { consoleResolver, type ConsoleValues } from "./console-form";
import { errorAt, fieldAnchor, formErrors } from "./field-error";
import { FieldErrorAnnouncer } from "./field-error-announcer";
import { HeaderFields } from "./header-fields";
import { ParameterFields } from "./parameter-fields";
import { requestInput } from "./request-input";
import { ResultPanel } from "./result-panel";
import { formFieldOf, tppMessagesOf } from "./server-errors";
import { InspectorPanel, type InspectorView } from "./inspector-panel";

const sessionId = () => {
  const existing = sessionStorage.getItem("tpp-session-id");
  if (existing) return existing;
  const made = crypto.randomUUID();
  sessionStorage.setItem("tpp-session-id", made);
  return made;
};

/** Lists what to fix, and takes the focus after each refused send so keyboard users land on it. */
function ErrorSummary({ errors, submitCount }: { errors: FieldErrors<ConsoleValues>; submitCount: number }) {
  const list = formErrors(errors);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [submitCount]);
  if (list.length === 0) return null;
  return (
    <div className="panel panel-error" role="alert" tabIndex={-1} ref={ref}>
      <h2>Fix {list.length === 1 ? "this field" : `these ${String(list.length)} fields`} before sending</h2>
      <ul>
        {list.map((error) => (
          <li key={error.path}>
            <a href={fieldAnchor(error.path)}><code>{error.path.replace(/^(body|headers|query|params)\./, "")}</code></a>: {error.message}
          </li>
        ))}
      </ul>
      <p>Or switch on “send anyway” to see how the sandbox answers it.</p>
    </div>
  );
}

function ConsoleForm({ operation }: { operation: Operation }) {
  const settings = useSettings();
  const searchText = useSearch();
  const queryClient = useQueryClient();
  const accounts = useQuery(accountsQuery());
  const customers = useQuery(customersQuery());
  const clock = useQuery(clockQuery());
  const bodyRef = operation.body ? componentRef(operation.body) : undefined;
  const nodes = useMemo(() => (bodyRef ? fieldNodes(bodyRef, components()) : []), [bodyRef]);
  const parameters = parametersOf(operation.method, operation.path);
  const fromUrl = useMemo(() => Object.fromEntries(new URLSearchParams(searchText).entries()), [searchText]);
  const example = useMemo(() => {
    const values = exampleValues(operation.id, {
      accounts: accounts.data ?? [],
      customers: customers.data ?? [],
      today: clock.data?.today ?? new Date().toISOString().slice(0, 10),
      origin: location.origin,
      psuId: settings.psuId,
      sessionId: sessionId(),
    }, Object.fromEntries(Object.entries(fromUrl).filter(([name]) => operation.pathParams && name in operation.pathParams.shape)));
    const known = Object.keys(operation.headers.shape);
    values.headers = Object.fromEntries(Object.entries(values.headers).filter(([name]) => known.includes(name)));
    values.query = Object.fromEntries(Object.entries(fromUrl).filter(([name]) => !(operation.pathParams && name in operation.pathParams.shape)));
    return values;
  }, [operation, accounts.data, customers.data, clock.data?.today, settings.psuId, fromUrl]);
  // The starting values come from the sandbox's data; until they have arrived there is nothing sensible to send.
  const exampleReady = accounts.isSuccess && customers.isSuccess && clock.isSuccess;
  // The error summary takes the focus after a refused send (its links lead to each field); react-hook-form would move it to the first field.
  const form = useForm<ConsoleValues>({ resolver: consoleResolver(operation, nodes), defaultValues: example, mode: "onTouched", shouldFocusError: false });
  const { formState, handleSubmit, reset, setError, control, getValues } = form;
  useEffect(() => {
    if (!formState.isDirty) reset(example);
  }, [example]); // eslint-disable-line react-hooks/exhaustive-deps
  // Only what the form's own layout depends on is watched here; the inspector watches the rest.
  const rawMode = useWatch({ control, name: "rawMode" });
  // The body's fields (dozens for a payment) come after the first paint: the headers above them are the first screen.
  const bodyShown = useAfterFirstRender();
  const [exchange, setExchange] = useState<Exchange>();
  const [sending, setSending] = useState(false);
  const [sendAnyway, setSendAnyway] = useState(false);
  const [tampering, setTampering] = useState<Tampering>("none");
  const [view, setView] = useState<InspectorView>("preview");
  const inspectorRef = useRef<HTMLDivElement>(null);

  const send = async (current: ConsoleValues) => {
    setSending(true);
    try {
      const sent = await sendRequest(requestInput(operation, current, nodes, crypto.randomUUID()), { tamper: tampering });
      setExchange(sent);
      setView("sent");
      for (const message of tppMessagesOf(sent.response?.body)) {
        const field = formFieldOf(operation, message.path);
        if (field && message.category !== "WARNING") setError(field, { type: "server", message: `${message.code ?? ""}: ${message.text ?? ""}` });
      }
      await queryClient.invalidateQueries({ queryKey: sandboxKeys.all });
      await queryClient.invalidateQueries({ queryKey: portalKeys.history() });
    } finally {
      setSending(false);
    }
  };
  const onInvalid = () => {
    if (sendAnyway) void send(getValues());
  };
  const curl = async () => {
    const draft = draftRequest(requestInput(operation, getValues(), nodes, crypto.randomUUID()), curlOrigin());
    const signed = await signForServer(draft, await activeCredential(), curlOrigin());
    return curlCommand(signed.request);
  };
  const code = async () => {
    const { codeRequestFromDraft, journeyFrom } = await import("../../lib/code-export/request-model");
    const base = curlOrigin();
    const request = codeRequestFromDraft(draftRequest(requestInput(operation, getValues(), nodes, crypto.randomUUID()), base), base, operation.title);
    return { request, journey: operation.id === "createPayment" ? journeyFrom(request) : undefined };
  };

  return (
    <div className="console">
      <FormProvider {...form}>
        <form className="console-form" onSubmit={handleSubmit(send, onInvalid)} noValidate aria-label={`${operation.title} request`}>
          <CodeLists />
          <FieldErrorAnnouncer />
          {formState.isSubmitted ? <ErrorSummary errors={formState.errors} submitCount={formState.submitCount} /> : null}
          <HeaderFields operation={operation} />
          <ParameterFields parameters={parameters.filter((parameter) => parameter.in === "path")} part="params" legend="Path parameters" />
          <ParameterFields parameters={parameters.filter((parameter) => parameter.in === "query")} part="query" legend="Query parameters" />
          {operation.body ? (
            <fieldset className="group">
              <legend>Body</legend>
              <label className="switch">
                <input type="checkbox" {...form.register("rawMode")} /> Edit the body as JSON text
              </label>
              {!bodyShown ? (
                <p className="muted body-placeholder">Preparing the body's fields…</p>
              ) : rawMode ? (
                <div className="field">
                  <label htmlFor="field-rawBody">Body (JSON, sent exactly as written)</label>
                  <textarea id="field-rawBody" rows={16} {...form.register("rawBody")} aria-invalid={errorAt(formState.errors, "rawBody") ? true : undefined} />
                  {errorAt(formState.errors, "rawBody") ? <p className="field-error">{errorAt(formState.errors, "rawBody")}</p> : null}
                </div>
              ) : (
                <Fields nodes={nodes} prefix="body" />
              )}
            </fieldset>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button-primary" disabled={sending || !exampleReady}>
              {sending ? "Sending…" : exampleReady ? `Send ${operation.method}` : "Waiting for the sandbox…"}
            </button>
            <label className="switch">
              <input type="checkbox" checked={sendAnyway} onChange={(event) => { setSendAnyway(event.target.checked); }} /> Send anyway, even if invalid
            </label>
            <button type="button" onClick={() => { reset(example); setExchange(undefined); setView("preview"); }}>
              Reset to the example
            </button>
          </div>
          <div className="field">
            <label htmlFor="tampering">Signature</label>
            <select id="tampering" value={tampering} onChange={(event) => { setTampering(event.target.value as Tampering); }} aria-describedby="tampering-hint">
              {Object.entries(tamperings).map(([value, label]) => (
                <option key={value} value={value}>{label}</option>
              ))}
            </select>
            <p id="tampering-hint" className="field-hint">Break the request after signing to see how the bank explains a signature it refuses.</p>
          </div>
        </form>
      </FormProvider>
      <div className="console-side">
        <section aria-live="polite" aria-label="Answer">
          <ResultPanel exchange={exchange} operation={operation} onShowInspector={() => { setView("sent"); inspectorRef.current?.scrollIntoView(); }} />
        </section>
        <div ref={inspectorRef}>
          <InspectorPanel operation={operation} nodes={nodes} control={control} exchange={exchange} view={view} onView={setView} curl={curl} />
        </div>
        <CodeSection
          load={code}
          intro="This form's request as a script for your back end, signed when it runs with your key and certificate files, addressed to the sandbox server of Settings."
        />
      </div>
    </div>
  );
}

export default function ConsolePage() {
  useOpenApi();
  const { operationId } = useParams<{ operationId: string }>();
  const operation = operations.find((candidate) => candidate.id === operationId);
  if (!operation)
    return (
      <section className="page">
        <PageTitle title="Unknown operation">Unknown operation</PageTitle>
        <p>There is no operation called <code>{operationId}</code>. See the <Link href="/try">list of operations</Link>.</p>
      </section>
    );
  return (
    <section className="page">
      <PageTitle title={`Try: ${operation.title}`}>
        <MethodBadge method={operation.method} /> {operation.title}
      </PageTitle>
      <p className="lead">
        {operation.summary} <Link href={`/reference/${operation.id}`}>Reference</Link>
      </p>
      <ConsoleForm key={operation.id} operation={operation} />
    </section>
  );
}

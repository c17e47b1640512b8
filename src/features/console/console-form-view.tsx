/**
 * One operation's console: the form over its contract (headers, parameters, body) beside the
 * answer and the inspector, and the code a TPP's server would run.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { CodeLists } from "../../components/code-lists";
import { CodeSection } from "../../components/code-section";
import { componentRef } from "../../contract/component-ref";
import type { Operation } from "../../contract/operations";
import { fieldNodes } from "../../lib/form-fields";
import { components, parametersOf } from "../../lib/openapi-document";
import type { Tampering } from "../../lib/send";
import { BodyFieldset } from "./body-fieldset";
import { consoleResolver, type ConsoleValues } from "./console-form";
import { ErrorSummary } from "./error-summary";
import { FieldErrorAnnouncer } from "./field-error-announcer";
import { FormActions } from "./form-actions";
import { HeaderFields } from "./header-fields";
import { InspectorPanel, type InspectorView } from "./inspector-panel";
import { ParameterFields } from "./parameter-fields";
import { ResultPanel } from "./result-panel";
import { useConsoleSend } from "./use-console-send";
import { useExample } from "./use-example";

export function ConsoleForm({ operation }: { operation: Operation }) {
  const bodyRef = operation.body ? componentRef(operation.body) : undefined;
  const nodes = useMemo(() => (bodyRef ? fieldNodes(bodyRef, components()) : []), [bodyRef]);
  const parameters = parametersOf(operation.method, operation.path);
  const { example, ready } = useExample(operation);
  // The error summary takes the focus after a refused send (its links lead to each field); react-hook-form would move it to the first field.
  const form = useForm<ConsoleValues>({ resolver: consoleResolver(operation, nodes), defaultValues: example, mode: "onTouched", shouldFocusError: false });
  const { formState, handleSubmit, reset, setError, control, getValues } = form;
  useEffect(() => {
    if (!formState.isDirty) reset(example);
  }, [example]); // eslint-disable-line react-hooks/exhaustive-deps
  const [view, setView] = useState<InspectorView>("preview");
  const { exchange, setExchange, sending, send, curl, code } = useConsoleSend(operation, nodes, setError, () => { setView("sent"); });
  const [sendAnyway, setSendAnyway] = useState(false);
  const [tampering, setTampering] = useState<Tampering>("none");
  const inspectorRef = useRef<HTMLDivElement>(null);

  const sendValues = (values: ConsoleValues) => send(values, tampering);
  const onInvalid = () => {
    if (sendAnyway) void sendValues(getValues());
  };

  return (
    <div className="console">
      <FormProvider {...form}>
        <form className="console-form" onSubmit={handleSubmit(sendValues, onInvalid)} noValidate aria-label={`${operation.title} request`}>
          <CodeLists />
          <FieldErrorAnnouncer />
          {formState.isSubmitted ? <ErrorSummary errors={formState.errors} submitCount={formState.submitCount} /> : null}
          <HeaderFields operation={operation} />
          <ParameterFields parameters={parameters.filter((parameter) => parameter.in === "path")} part="params" legend="Path parameters" />
          <ParameterFields parameters={parameters.filter((parameter) => parameter.in === "query")} part="query" legend="Query parameters" />
          {operation.body ? <BodyFieldset nodes={nodes} /> : null}
          <FormActions
            operation={operation}
            ready={ready}
            sending={sending}
            sendAnyway={sendAnyway}
            onSendAnyway={setSendAnyway}
            tampering={tampering}
            onTampering={setTampering}
            onReset={() => { reset(example); setExchange(undefined); setView("preview"); }}
          />
        </form>
      </FormProvider>
      <div className="console-side">
        <section aria-live="polite" aria-label="Answer">
          <ResultPanel exchange={exchange} operation={operation} onShowInspector={() => { setView("sent"); inspectorRef.current?.scrollIntoView(); }} />
        </section>
        <div ref={inspectorRef}>
          <InspectorPanel operation={operation} nodes={nodes} control={control} exchange={exchange} view={view} onView={setView} curl={() => curl(getValues())} />
        </div>
        <CodeSection
          load={() => code(getValues())}
          intro="This form's request as a script for your back end, signed when it runs with your key and certificate files, addressed to the curl target in Settings."
        />
      </div>
    </div>
  );
}

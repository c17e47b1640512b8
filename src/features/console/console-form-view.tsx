/**
 * One operation's console: the form over its contract (headers, parameters, body) beside the
 * answer and the inspector, and the code a TPP's server would run.
 */
import { useMemo, useRef, useState } from "react";
import { FormProvider } from "react-hook-form";
import { CodeLists } from "../../components/code-lists";
import { CodeSection } from "../../components/code-section";
import { componentRef } from "../../contract/component-ref";
import type { Operation } from "../../contract/operations";
import { fieldNodes } from "../../lib/form-fields";
import { components, parametersOf } from "../../lib/openapi-document";
import type { Tampering } from "../../lib/send";
import { AwaitingFields } from "./awaiting-fields";
import { BodyFieldset } from "./body-fieldset";
import type { ConsoleValues } from "./console-form";
import { ErrorSummary } from "./error-summary";
import { FieldErrorAnnouncer } from "./field-error-announcer";
import { FormActions } from "./form-actions";
import { FormStatus } from "./form-status";
import { HeaderFields } from "./header-fields";
import { InspectorPanel, type InspectorView } from "./inspector-panel";
import { ParameterFields } from "./parameter-fields";
import { ResultPanel } from "./result-panel";
import { TryItChoice, useTryItChoice } from "./try-it-choice";
import { useConsoleSend } from "./use-console-send";
import { useDraftedForm } from "./use-drafted-form";
import { useExample } from "./use-example";
import { useRecordedRequest } from "./use-recorded-request";

export function ConsoleForm({ operation }: { operation: Operation }) {
  const bodyRef = operation.body ? componentRef(operation.body) : undefined;
  const nodes = useMemo(() => (bodyRef ? fieldNodes(bodyRef, components()) : []), [bodyRef]);
  const parameters = parametersOf(operation.method, operation.path);
  const { example, state, fromHistory, fromReference, addressed } = useExample(operation);
  const { form, draftState, resetToExample, load, awaiting } = useDraftedForm(operation, nodes, example, addressed);
  const tryIt = useTryItChoice(operation, fromReference, draftState);
  const recorded = useRecordedRequest(operation, nodes, fromHistory, load);
  const { formState, handleSubmit, setError, control, getValues } = form;
  const [view, setView] = useState<InspectorView>("preview");
  const answerRef = useRef<HTMLElement>(null);
  const { exchange, setExchange, sending, send, curl, code } = useConsoleSend(operation, nodes, setError, () => {
    setView("sent");
    // Beside Send already on a wide screen; on a narrow one the answer comes after the form.
    answerRef.current?.scrollIntoView({ block: "nearest" });
  });
  const [sendAnyway, setSendAnyway] = useState(false);
  const [tampering, setTampering] = useState<Tampering>("none");
  const inspectorRef = useRef<HTMLDivElement>(null);
  const waiting = useMemo(() => new Set(awaiting(state.kind === "loading")), [state.kind, example]); // eslint-disable-line react-hooks/exhaustive-deps

  const sendValues = (values: ConsoleValues) => send(values, tampering);
  const onInvalid = () => {
    if (sendAnyway) void sendValues(getValues());
  };

  return (
    <div className="console">
      <FormProvider {...form}>
        <AwaitingFields.Provider value={waiting}>
          <form className="console-form" onSubmit={handleSubmit(sendValues, onInvalid)} noValidate aria-label={`${operation.title} request`}>
            <CodeLists />
            <FieldErrorAnnouncer />
            {tryIt.asking ? (
              <TryItChoice
                savedAt={tryIt.savedAt}
                onExample={() => {
                  resetToExample();
                  tryIt.done();
                }}
                onKeep={tryIt.done}
              />
            ) : null}
            <FormStatus
              example={state}
              draft={draftState}
              recordLoading={recorded.loading}
              recordProblem={recorded.problem}
              onReset={() => {
                resetToExample();
                setExchange(undefined);
                setView("preview");
              }}
            />
            {formState.isSubmitted ? <ErrorSummary errors={formState.errors} submitCount={formState.submitCount} /> : null}
            <HeaderFields operation={operation} />
            <ParameterFields parameters={parameters.filter((parameter) => parameter.in === "path")} part="params" legend="Path parameters" />
            <ParameterFields parameters={parameters.filter((parameter) => parameter.in === "query")} part="query" legend="Query parameters" />
            {operation.body ? <BodyFieldset nodes={nodes} /> : null}
            <FormActions
              operation={operation}
              ready={state.kind !== "loading" && !recorded.loading}
              sending={sending}
              sendAnyway={sendAnyway}
              onSendAnyway={setSendAnyway}
              tampering={tampering}
              onTampering={setTampering}
            />
          </form>
        </AwaitingFields.Provider>
      </FormProvider>
      <div className="console-side">
        <section aria-live="polite" aria-label="Answer" ref={answerRef}>
          <ResultPanel
            exchange={exchange}
            operation={operation}
            onShowInspector={() => {
              setView("sent");
              inspectorRef.current?.scrollIntoView();
            }}
            onCompareSigning={() => {
              setView("sent");
              inspectorRef.current?.querySelector(".signing-compare")?.scrollIntoView();
            }}
          />
        </section>
        <div ref={inspectorRef}>
          <InspectorPanel
            operation={operation}
            nodes={nodes}
            control={control}
            exchange={exchange}
            view={view}
            onView={setView}
            curl={() => curl(getValues())}
          />
        </div>
        <CodeSection
          load={() => code(getValues())}
          intro="This form's request as a script for your back end, signed when it runs with your key and certificate files, addressed to the sandbox server of Settings."
        />
      </div>
    </div>
  );
}

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
import { FormActions, SignatureTampering } from "./form-actions";
import { FormStatus } from "./form-status";
import { HeaderFields } from "./header-fields";
import { InspectorPanel, type InspectorView } from "./inspector-panel";
import { ParameterFields } from "./parameter-fields";
import { ResultPanel, type AnswerTab } from "./result-panel";
import { AnswerTabs } from "./answer-tabs";
import { RequestTabs, firstRequestTab, type RequestTab } from "./request-tabs";
import { ShowRequestTab } from "./reveal-field";
import { tabId } from "../../components/tabs";
import { TryItChoice, useTryItChoice } from "./try-it-choice";
import { useConsoleSend } from "./use-console-send";
import { useDraftedForm } from "./use-drafted-form";
import { useExample } from "./use-example";
import { useRecordedRequest } from "./use-recorded-request";

export function ConsoleForm({ operation }: { operation: Operation }) {
  const bodyRef = operation.body ? componentRef(operation.body) : undefined;
  const nodes = useMemo(() => (bodyRef ? fieldNodes(bodyRef, components()) : []), [bodyRef]);
  const parameters = parametersOf(operation.method, operation.path);
  const pathParameters = parameters.filter((parameter) => parameter.in === "path");
  const queryParameters = parameters.filter((parameter) => parameter.in === "query");
  const { example, state, recorded: recordedSource, fromReference, addressed } = useExample(operation);
  const { form, draftState, resetToExample, load, awaiting } = useDraftedForm(operation, nodes, example, addressed);
  const tryIt = useTryItChoice(operation, fromReference, draftState);
  const recorded = useRecordedRequest(operation, nodes, recordedSource, load);
  const { formState, handleSubmit, setError, control, getValues } = form;
  const [view, setView] = useState<InspectorView>("preview");
  const [requestTab, setRequestTab] = useState<RequestTab>(() =>
    firstRequestTab(operation.body !== undefined, pathParameters.length + queryParameters.length > 0),
  );
  const [answerTab, setAnswerTab] = useState<AnswerTab>("inspector");
  // The form refused the last send: the answer shown is an earlier one's, so the panel says so instead.
  const [blocked, setBlocked] = useState(false);
  const answerRef = useRef<HTMLElement>(null);
  // An answer tab the user opens between Send and the answer is theirs: the answer arriving shows Response only when
  // no tab was picked since Send (reset at every Send, so a send that failed or was refused leaves nothing behind).
  const tabPickedSinceSend = useRef(false);
  const { exchange, setExchange, sending, send, curl, code } = useConsoleSend(operation, nodes, setError, () => {
    setView("sent");
    if (!tabPickedSinceSend.current) setAnswerTab("response");
    setBlocked(false);
    // Beside Send on a wide screen already; on a narrow one the answer comes after the form: bring its status into view.
    requestAnimationFrame(() => {
      const box = answerRef.current?.getBoundingClientRect();
      if (box && (box.top < 0 || box.top > innerHeight * 0.6)) answerRef.current?.scrollIntoView({ block: "start" });
    });
  });
  const [sendAnyway, setSendAnyway] = useState(false);
  const [tampering, setTampering] = useState<Tampering>("none");
  const waiting = useMemo(() => new Set(awaiting(state.kind === "loading")), [state.kind, example]); // eslint-disable-line react-hooks/exhaustive-deps

  const sendValues = (values: ConsoleValues) => send(values, tampering);
  const onInvalid = () => {
    if (sendAnyway) void sendValues(getValues());
    else setBlocked(true);
  };
  const pickAnswerTab = (tab: AnswerTab) => {
    tabPickedSinceSend.current = true;
    setAnswerTab(tab);
  };
  /** Shows one of the answer's tabs and takes the focus there, so the next key works in it. */
  const showAnswerTab = (tab: AnswerTab, then?: () => void) => {
    pickAnswerTab(tab);
    if (tab === "inspector") setView("sent");
    requestAnimationFrame(() => {
      const tabButton = document.getElementById(tabId("answer", tab));
      tabButton?.scrollIntoView({ block: "nearest" });
      tabButton?.focus();
      then?.();
    });
  };

  const parametersPanel =
    pathParameters.length + queryParameters.length > 0 ? (
      <>
        <ParameterFields parameters={pathParameters} part="params" legend="Path parameters" />
        <ParameterFields parameters={queryParameters} part="query" legend="Query parameters" />
      </>
    ) : undefined;

  return (
    <ShowRequestTab.Provider value={setRequestTab}>
      <div className="console">
        <FormProvider {...form}>
          <AwaitingFields.Provider value={waiting}>
            <form
              className="console-form"
              onSubmit={(event) => {
                tabPickedSinceSend.current = false;
                return handleSubmit(sendValues, onInvalid)(event);
              }}
              noValidate
              aria-label={`${operation.title} request`}
            >
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
                unfilled={pathParameters.map((parameter) => parameter.name).filter((name) => !example.params[name])}
                onReset={() => {
                  resetToExample();
                  setExchange(undefined);
                  setBlocked(false);
                  setView("preview");
                  setAnswerTab("inspector");
                }}
              />
              {formState.isSubmitted ? <ErrorSummary errors={formState.errors} submitCount={formState.submitCount} /> : null}
              <RequestTabs
                selected={requestTab}
                onSelect={setRequestTab}
                panels={{
                  body: operation.body ? <BodyFieldset nodes={nodes} /> : undefined,
                  params: parametersPanel,
                  headers: (
                    <HeaderFields
                      operation={operation}
                      signature={<SignatureTampering tampering={tampering} onTampering={setTampering} withBody={operation.body !== undefined} />}
                    />
                  ),
                }}
              />
              <FormActions
                operation={operation}
                ready={state.kind !== "loading" && !recorded.loading}
                sending={sending}
                sendAnyway={sendAnyway}
                onSendAnyway={setSendAnyway}
              />
            </form>
          </AwaitingFields.Provider>
        </FormProvider>
        <div className="console-side">
          <section aria-live="polite" aria-label="Answer" ref={answerRef} className="answer">
            <ResultPanel
              exchange={exchange}
              blocked={blocked}
              operation={operation}
              onShow={(tab) => {
                showAnswerTab(tab);
              }}
              onCompareSigning={() => {
                showAnswerTab("inspector", () => {
                  document.querySelector(".signing-compare")?.scrollIntoView();
                });
              }}
            />
          </section>
          <AnswerTabs
            exchange={exchange}
            selected={answerTab}
            onSelect={pickAnswerTab}
            inspector={
              <InspectorPanel
                operation={operation}
                nodes={nodes}
                control={control}
                exchange={exchange}
                view={view}
                onView={setView}
                curl={() => curl(getValues())}
              />
            }
            code={
              <CodeSection
                load={() => code(getValues())}
                intro="This form's request as a script for your back end, signed when it runs with your key and certificate files, addressed to the sandbox server of Settings."
              />
            }
          />
        </div>
      </div>
    </ShowRequestTab.Provider>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { Link, useParams } from "wouter";
import { CodeSection } from "../../components/code-section";
import { MethodBadge } from "../../components/method-badge";
import { ChoiceNote, DecisionLink } from "../../components/sandbox-choice";
import { PageTitle } from "../../components/page-title";
import { componentRef as schemaRef } from "../../contract/component-ref";
import { operations, type Operation } from "../../contract/operations";
import { operationChoices } from "../../contract/sandbox-choices";
import { FieldsTable } from "./fields-table";
import { components, parametersOf, useOpenApi } from "../../lib/openapi-document";
import { ErrorsPart } from "./errors-part";
import { ExampleSection } from "./example-section";
import { LifecycleDiagram } from "../../components/lifecycle-diagram";
import { ParametersTable } from "./parameters-table";
import { loadCodeExample } from "../../lib/code-export/code-example";
import { sandboxName, sandboxOrigin } from "../../lib/settings";

/** The reads that answer a payment's transactionStatus show the lifecycle it moves through. */
const statusReads: ReadonlySet<string> = new Set(["getPayment", "getPaymentStatus", "getPeriodicPayment", "getPeriodicPaymentStatus"]);

function LifecycleSection() {
  return (
    <section aria-labelledby="lifecycle">
      <h2 id="lifecycle">Payment lifecycle</h2>
      <p className="muted">
        How <code>transactionStatus</code> moves in this sandbox; the spec does not show the transitions (
        <DecisionLink decision="0032-payment-status-transitions" />
        ).
      </p>
      <LifecycleDiagram label="Payment lifecycle" />
    </section>
  );
}

const baseLabel = { api: "{base_url}", sandbox: "{sandbox_base_url}" } as const;

function Responses({ operation }: { operation: Operation }) {
  const { success } = operation;
  const body = success.body ? schemaRef(success.body) : undefined;
  return (
    <section aria-labelledby="responses">
      <h2 id="responses">Responses</h2>
      <h3>
        <span className="status status-ok">{success.status}</span> {success.description}
      </h3>
      {success.headers ? (
        <dl className="response-headers">
          {Object.entries(success.headers).map(([name, meaning]) => (
            <div key={name}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {body ? <FieldsTable schema={body} components={components()} caption={`Fields of the ${String(success.status)} body`} part="response" /> : null}
      <ErrorsPart operation={operation} />
    </section>
  );
}

/** A row the address names (#request-field-creditorAccount.iban, from a search result) is scrolled to and focused. */
function useRowInAddress() {
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    const row = id ? document.getElementById(id) : null;
    if (!row) return;
    // After the shell has moved the focus to the page (its effect runs after this page's).
    const frame = requestAnimationFrame(() => {
      row.tabIndex = -1;
      row.classList.add("row-named");
      row.scrollIntoView({ block: "center" });
      row.focus({ preventScroll: true });
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, []);
}

/** The operation's example (the console's starting values, from the sandbox's data) as code. */
function useCodeExample(operation: Operation) {
  const queryClient = useQueryClient();
  return () => loadCodeExample(queryClient, operation);
}

/**
 * What the OpenAPI document describes (parameters, fields, responses): it waits for the document, and the
 * rest of the page does not, so the title, the summary and the example show while it loads.
 */
function SpecParts({ operation }: { operation: Operation }) {
  useOpenApi();
  const codeExample = useCodeExample(operation);
  useRowInAddress();
  const parameters = parametersOf(operation.method, operation.path);
  const ofKind = (kind: "path" | "header" | "query") => parameters.filter((parameter) => parameter.in === kind);
  const body = operation.body ? schemaRef(operation.body) : undefined;
  const psuPair = ofKind("header").some((parameter) => parameter.name === "X-PSU-IDENTITY") && operation.method === "POST";
  return (
    <>
      {ofKind("path").length > 0 ? (
        <section aria-labelledby="path-parameters">
          <h2 id="path-parameters">Path parameters</h2>
          <ParametersTable parameters={ofKind("path")} components={components()} caption="Path parameters" />
        </section>
      ) : null}
      <section aria-labelledby="headers">
        <h2 id="headers">Headers</h2>
        <ParametersTable parameters={ofKind("header")} components={components()} caption="Request headers" psuPair={psuPair} />
      </section>
      {ofKind("query").length > 0 ? (
        <section aria-labelledby="query">
          <h2 id="query">Query parameters</h2>
          <ParametersTable parameters={ofKind("query")} components={components()} caption="Query parameters" />
        </section>
      ) : null}
      {body ? (
        <section aria-labelledby="body">
          <h2 id="body">Request body</h2>
          <FieldsTable schema={body} components={components()} caption="Fields of the request body (JSON)" part="request" />
        </section>
      ) : null}
      <CodeSection
        load={codeExample}
        intro="The example request as a script for your back end, signed when it runs with your key and certificate files, addressed to the sandbox server of Settings (npm run sandbox)."
      />
      <Responses operation={operation} />
      {statusReads.has(operation.id) ? <LifecycleSection /> : null}
    </>
  );
}

function OperationDetail({ operation }: { operation: Operation }) {
  return (
    <article className="page operation">
      <p className="breadcrumb">
        <Link href="/reference">API reference</Link> / {operation.group}
      </p>
      <PageTitle title={operation.title}>
        <MethodBadge method={operation.method} /> {operation.title}
      </PageTitle>
      <p className="request-line">
        <code>
          {operation.method} {baseLabel[operation.base]}
          {operation.path}
        </code>
      </p>
      {operation.pathChosen ? (
        <p className="notice">
          <strong>Path chosen by this sandbox.</strong> The spec (section {operation.specSection}) names this operation without a path; this sandbox serves it
          here, following NextGenPSD2 conventions (<DecisionLink decision="0003-unnamed-operations" />
          ).
        </p>
      ) : (
        <p className="muted">Spec section {operation.specSection}.</p>
      )}
      {operationChoices(operation)
        .filter((choice) => choice.what !== "Path")
        .map((choice) => (
          <p key={choice.what} className="muted">
            <ChoiceNote choice={choice} />
          </p>
        ))}
      <p className="lead">{operation.summary}</p>
      {operation.notes?.length ? (
        <ul className="notes">
          {operation.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <p className="muted">
        {baseLabel[operation.base]} is <code>{sandboxOrigin()}</code>, where the chosen sandbox ({sandboxName()}) answers; change it in{" "}
        <Link href="/settings#sandbox">Settings</Link>.
      </p>
      <ExampleSection operation={operation} />
      <Suspense
        fallback={
          <p role="status" className="status-busy">
            Loading the parameters and fields from the OpenAPI document…
          </p>
        }
      >
        <SpecParts operation={operation} />
      </Suspense>
    </article>
  );
}

export default function OperationPage() {
  const { operationId } = useParams<{ operationId: string }>();
  const operation = operations.find((candidate) => candidate.id === operationId);
  if (!operation)
    return (
      <section className="page">
        <PageTitle title="Unknown operation">Unknown operation</PageTitle>
        <p>
          There is no operation called <code>{operationId}</code>. See the <Link href="/reference">list of operations</Link>.
        </p>
      </section>
    );
  return <OperationDetail operation={operation} />;
}

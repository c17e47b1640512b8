/**
 * Try an operation: a form over the operation's contract (headers, parameters, body), sent signed
 * to the sandbox, with the answer explained and the exact request in the inspector.
 */
import { Link, useParams } from "wouter";
import { MethodBadge } from "../../components/method-badge";
import { PageTitle } from "../../components/page-title";
import { operations } from "../../contract/operations";
import { useOpenApi } from "../../lib/openapi-document";
import { ConsoleForm } from "./console-form-view";

export default function ConsolePage() {
  useOpenApi();
  const { operationId } = useParams<{ operationId: string }>();
  const operation = operations.find((candidate) => candidate.id === operationId);
  if (!operation)
    return (
      <section className="page">
        <PageTitle title="Unknown operation">Unknown operation</PageTitle>
        <p>
          There is no operation called <code>{operationId}</code>. See the <Link href="/try">list of operations</Link>.
        </p>
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

/**
 * The operation's example: the request the console starts from (made of the sandbox's data, as in
 * the code panel) written out as an HTTP message, the answer the sandbox gives to it, and "Try it",
 * which opens the console with that example. It shows at once, made without the sandbox's data until that
 * has arrived (the page's largest paint, which the first-screen budget measures, does not wait for the sandbox).
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CodeBlock } from "../../components/code-block";
import { exampleResponse } from "../../contract/example-responses";
import type { Operation } from "../../contract/operations";
import { exampleCodeRequest } from "../../lib/code-export/example-request";
import { tryItAddress } from "../../lib/console-address";
import { accountsQuery, clockQuery, customersQuery } from "../../lib/sandbox-queries";
import { sessionId } from "../../lib/session-id";
import { sandboxOrigin, useSettings } from "../../lib/settings";
import { requestMessage, responseMessage } from "./example-message";

function useExampleContext() {
  const settings = useSettings();
  const queries = [useQuery(accountsQuery()), useQuery(customersQuery()), useQuery(clockQuery())] as const;
  const [accounts, customers, clock] = queries;
  const failed = queries.find((query) => query.data === undefined && query.isError);
  const loading = !failed && queries.some((query) => query.data === undefined);
  const context = {
    accounts: accounts.data ?? [],
    customers: customers.data ?? [],
    today: clock.data?.today ?? new Date().toISOString().slice(0, 10),
    origin: location.origin,
    psuId: settings.psuId,
    sessionId: sessionId(),
  };
  return { context, loading, problem: failed?.error.message, origin: sandboxOrigin(settings) };
}

export function ExampleSection({ operation }: { operation: Operation }) {
  const { context, loading, problem, origin } = useExampleContext();
  const { request, placeholders, params } = exampleCodeRequest(operation, context, origin);
  const response = exampleResponse(operation, context, params, origin);
  return (
    <section aria-labelledby="example" aria-busy={loading}>
      <h2 id="example">Example</h2>
      <p className="muted">
        The request the console starts from, made of the data in the chosen sandbox, and the sandbox's answer to it.{" "}
        {placeholders.length > 0 ? `Replace ${placeholders.join(" and ")} with an identifier the sandbox gave you. ` : ""}
        What changes with every request is shown in angle brackets; the code below computes it.
      </p>
      <p>
        <Link className="button button-primary" href={tryItAddress(operation.id)}>
          Try it in the console
        </Link>
      </p>
      {/* While the sandbox's data is on its way the example shows without it, dimmed, in its final place: the page does not move when it arrives. */}
      {problem ? (
        <p role="status" className="status-problem">
          The sandbox's data did not arrive ({problem}): the example leaves the account numbers empty.
        </p>
      ) : (
        <p role="status" className="visually-hidden">
          {loading ? "Making the example from the sandbox's data…" : ""}
        </p>
      )}
      <div className="example-exchange">
        <CodeBlock text={requestMessage(request)} label={`Example request: ${operation.method} ${operation.path}`} copyLabel="Copy the request" />
        <CodeBlock text={responseMessage(response)} label={`Example answer: ${String(response.status)}`} copyLabel="Copy the answer" />
      </div>
    </section>
  );
}

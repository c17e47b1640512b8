/**
 * What the answer means: its status, the tppMessages (each linked to the field it names), and the
 * answer's _links as next steps. The raw answer is in the inspector, one click away.
 */
import { Link } from "wouter";
import type { Exchange } from "../../lib/exchange";
import type { Operation } from "../../contract/operations";
import { fieldAnchor } from "./field-error";
import { formFieldOf, tppMessagesOf } from "./server-errors";

interface LinkObject {
  href: string;
}

function nextSteps(body: string): [string, string][] {
  try {
    const links = (JSON.parse(body) as { _links?: Record<string, LinkObject> })._links ?? {};
    return Object.entries(links).map(([name, link]) => [name, link.href]);
  } catch {
    return [];
  }
}

/** Where a link of the interface leads inside the portal. */
function portalTarget(name: string, href: string): { to: string; label: string } | undefined {
  const url = new URL(href, location.origin);
  if (name === "scaRedirect") return { to: url.pathname, label: "Open the bank to authorise (SCA)" };
  const payment = /^\/v1\/(payments|periodic-payments)\/[^/]+\/([^/]+)(\/status)?$/.exec(url.pathname);
  if (payment?.[2]) {
    const prefix = payment[1] === "payments" ? "" : "Periodic";
    const operation = payment[3] ? `get${prefix}PaymentStatus` : `get${prefix}Payment`;
    return { to: `/try/${operation}?paymentId=${encodeURIComponent(decodeURIComponent(payment[2]))}`, label: name === "status" ? "Get the status" : "Get the payment" };
  }
  const basket = /^\/v1\/signing-baskets\/([^/]+)(\/status)?$/.exec(url.pathname);
  if (basket?.[1]) return { to: `/try/${basket[2] ? "getSigningBasketStatus" : "getSigningBasket"}?basketId=${basket[1]}`, label: name === "status" ? "Get the basket status" : "Get the basket" };
  const account = /^\/v1\/sandbox\/accounts\/([^/]+)\/transactions$/.exec(url.pathname);
  if (account?.[1]) return { to: `/try/listSandboxTransactions?mockAccountId=${account[1]}`, label: "List its transactions" };
  return undefined;
}

export function ResultPanel({ exchange, operation, onShowInspector }: { exchange: Exchange | undefined; operation: Operation; onShowInspector: () => void }) {
  if (!exchange) return <div className="result-panel placeholder"><p className="muted">Send the request to see the sandbox's answer here.</p></div>;
  const { response } = exchange;
  if (!response) return <div className="result-panel"><p role="alert" className="panel panel-error">{exchange.error}</p></div>;
  const messages = tppMessagesOf(response.body);
  const steps = response.status < 400 ? nextSteps(response.body).map(([name, href]) => ({ name, href, target: portalTarget(name, href) })) : [];
  return (
    <div className="result-panel">
      <p className="result-status">
        <span className={`status ${response.status < 400 ? "status-ok" : "status-error"}`}>{response.status}</span> {response.statusText}{" "}
        <span className="muted">in {response.durationMs} ms</span>{" "}
        <button type="button" className="button-small" onClick={onShowInspector}>Inspect request and answer</button>
      </p>
      {messages.length > 0 ? (
        <ul className="tpp-messages">
          {messages.map((message, index) => {
            const field = formFieldOf(operation, message.path);
            return (
              <li key={index} className={message.category === "WARNING" ? "warning" : "error"}>
                <strong>{message.code}</strong>
                {message.path ? (
                  <>
                    {" at "}
                    {field ? <a href={fieldAnchor(field)}><code>{message.path}</code></a> : <code>{message.path}</code>}
                  </>
                ) : null}
                {": "}
                {message.text}
              </li>
            );
          })}
        </ul>
      ) : null}
      {steps.length > 0 ? (
        <nav aria-label="Next steps" className="next-steps">
          {steps.map((step) =>
            step.target ? (
              <Link key={step.name} href={step.target.to} className="button">
                {step.target.label}
              </Link>
            ) : null,
          )}
        </nav>
      ) : null}
    </div>
  );
}

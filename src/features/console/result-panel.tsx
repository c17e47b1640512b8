/**
 * What the answer means: its status, the tppMessages (each linked to the field it names), and the
 * answer's _links as next steps. The raw answer is in the inspector, one click away.
 */
import { Link } from "wouter";
import type { Exchange } from "../../lib/exchange";
import type { Operation, OperationId } from "../../contract/operations";
import { isControlRoute, matchOperation } from "../../contract/paths";
import { errorCodeChoice } from "../../contract/sandbox-choices";
import { DecisionLink } from "../../components/sandbox-choice";
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

/** What a link to each readable operation offers; its target is that operation's console. */
const linkLabels: Partial<Record<OperationId, string>> = {
  getPayment: "Get the payment",
  getPaymentStatus: "Get the status",
  getPeriodicPayment: "Get the payment",
  getPeriodicPaymentStatus: "Get the status",
  getSigningBasket: "Get the basket",
  getSigningBasketStatus: "Get the basket status",
  listSandboxTransactions: "List its transactions",
};

/** Where a link of the interface leads inside the portal. */
function portalTarget(name: string, href: string): { to: string; label: string } | undefined {
  const url = new URL(href, location.origin);
  if (name === "scaRedirect") return { to: url.pathname, label: "Open the bank to authorise (SCA)" };
  const match = matchOperation("GET", url.pathname, { only: "interface", anyPrefix: true });
  if (match.kind !== "found" || isControlRoute(match.route)) return undefined;
  const label = linkLabels[match.route.id];
  return label ? { to: `/try/${match.route.id}?${new URLSearchParams(match.params).toString()}`, label } : undefined;
}

interface Props {
  exchange: Exchange | undefined;
  operation: Operation;
  onShowInspector: () => void;
  /** Shows the inspector's comparison of the signed and the rebuilt signing strings. */
  onCompareSigning: () => void;
}

export function ResultPanel({ exchange, operation, onShowInspector, onCompareSigning }: Props) {
  if (!exchange)
    return (
      <div className="result-panel placeholder">
        <p className="muted">Send the request to see the sandbox's answer here.</p>
      </div>
    );
  const { response } = exchange;
  if (!response)
    return (
      <div className="result-panel">
        <p role="alert" className="panel panel-error">
          {exchange.error}
        </p>
      </div>
    );
  const messages = tppMessagesOf(response.body);
  const steps = response.status < 400 ? nextSteps(response.body).map(([name, href]) => ({ name, href, target: portalTarget(name, href) })) : [];
  return (
    <div className="result-panel">
      <p className="result-status">
        <span className={`status ${response.status < 400 ? "status-ok" : "status-error"}`}>{response.status}</span> {response.statusText}{" "}
        <span className="muted">in {response.durationMs} ms</span>{" "}
        <button type="button" className="button-small" onClick={onShowInspector}>
          Inspect request and answer
        </button>
      </p>
      {messages.length > 0 ? (
        <ul className="tpp-messages">
          {messages.map((message, index) => {
            const field = formFieldOf(operation, message.path);
            const choice = message.code === undefined ? undefined : errorCodeChoice(message.code);
            return (
              <li key={index} className={message.category === "WARNING" ? "warning" : "error"}>
                <strong>{message.code}</strong>
                {message.path ? (
                  <>
                    {" at "}
                    {field ? (
                      <a href={fieldAnchor(field)}>
                        <code>{message.path}</code>
                      </a>
                    ) : (
                      <code>{message.path}</code>
                    )}
                  </>
                ) : null}
                {": "}
                {message.text}
                {choice ? (
                  <span className="choice-note">
                    Code chosen by this sandbox (spec 7 does not list it): see <DecisionLink decision={choice.decision} />
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {response.status === 401 && response.headers["x-sandbox-signing-string"] ? (
        <p className="muted">
          A message stops at 512 characters; the inspector sets the whole signing string the sandbox rebuilt beside the one signed.{" "}
          <button type="button" className="button-small" onClick={onCompareSigning}>
            Compare the signing strings
          </button>
        </p>
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

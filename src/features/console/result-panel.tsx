/** What the answer means, beside the form (see ResultPanel). */
import { Link } from "wouter";
import type { Exchange } from "../../lib/exchange";
import type { Operation, OperationId } from "../../contract/operations";
import { isControlRoute, matchOperation } from "../../contract/paths";
import { errorCodeChoice } from "../../contract/sandbox-choices";
import { DecisionLink } from "../../components/sandbox-choice";
import { CopyButton } from "../../components/copy-button";
import { formatDuration } from "../../lib/http-status";
import { answerFacts, type AnswerFacts } from "./answer-facts";
import { fieldAnchor } from "./field-error";
import { useRevealOnClick } from "./reveal-field";
import { formFieldOf, tppMessagesOf, type TppMessageLike } from "./server-errors";

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

/** Which of the answer's tabs a button shows. */
export type AnswerTab = "response" | "inspector" | "code";

interface Props {
  exchange: Exchange | undefined;
  /** The form refused the last send: the answer kept is an earlier send's. */
  blocked: boolean;
  operation: Operation;
  onShow: (tab: AnswerTab) => void;
  /** Shows the inspector's comparison of the signed and the rebuilt signing strings. */
  onCompareSigning: () => void;
}

function Messages({ operation, messages }: { operation: Operation; messages: TppMessageLike[] }) {
  const reveal = useRevealOnClick();
  return (
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
                  <a href={fieldAnchor(field)} onClick={reveal}>
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
  );
}

/** The answer's first facts: what was made or read and its status, or how long to wait before asking again. */
function Facts({ facts }: { facts: AnswerFacts }) {
  if (!facts.id && !facts.transactionStatus && !facts.retryAfter) return null;
  return (
    <dl className="facts answer-facts">
      {facts.id ? (
        <div>
          <dt>{facts.id.name}</dt>
          <dd>
            <code className="wrap">{facts.id.value}</code> <CopyButton text={facts.id.value} context={facts.id.name} />
          </dd>
        </div>
      ) : null}
      {facts.transactionStatus ? (
        <div>
          <dt>transactionStatus</dt>
          <dd>
            <code>{facts.transactionStatus}</code>
          </dd>
        </div>
      ) : null}
      {facts.retryAfter ? (
        <div>
          <dt>Retry-After</dt>
          <dd>{/^\d+$/.test(facts.retryAfter) ? `${facts.retryAfter} s` : facts.retryAfter}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * The answer beside the form: its status, the id and transactionStatus of what was made or read,
 * Retry-After, the tppMessages (each linked to the field it names), and the answer's _links as next
 * steps. The body is one click away, in the Response tab below.
 */
export function ResultPanel({ exchange, blocked, operation, onShow, onCompareSigning }: Props) {
  if (blocked)
    return (
      <div className="result-panel">
        <p className="answer-blocked">
          <strong>Not sent:</strong> the form lists what to fix above it; or switch on “send anyway” to hear the sandbox on it.
          {exchange ? " The Response tab still holds the answer to the send before." : ""}
        </p>
      </div>
    );
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
  const facts = answerFacts(response);
  const messages = tppMessagesOf(response.body);
  const steps = response.status < 400 ? nextSteps(response.body).map(([name, href]) => ({ name, href, target: portalTarget(name, href) })) : [];
  return (
    <div className="result-panel">
      <p className="result-status">
        <span className={`status ${response.status < 400 ? "status-ok" : "status-error"}`}>{response.status}</span> {facts.reason}{" "}
        <span className="muted">in {formatDuration(response.durationMs)}</span>
      </p>
      {facts.forcedBy ? (
        <p className="notice">
          Forced by a sandbox scenario: <code>{facts.forcedBy}</code>, not the bank&apos;s own answer.
        </p>
      ) : null}
      <Facts facts={facts} />
      {messages.length > 0 ? <Messages operation={operation} messages={messages} /> : null}
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
      <p className="button-row answer-more">
        <button
          type="button"
          className="button-small"
          onClick={() => {
            onShow("response");
          }}
        >
          Response body
        </button>
        <button
          type="button"
          className="button-small"
          onClick={() => {
            onShow("inspector");
          }}
        >
          Inspect the request
        </button>
      </p>
    </div>
  );
}

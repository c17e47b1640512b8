/** What the answer means, beside the form (see ResultPanel). */
import { Link } from "wouter";
import type { Exchange } from "../../lib/exchange";
import type { Operation } from "../../contract/operations";
import { formatDuration } from "../../lib/http-status";
import { answerFacts } from "./answer-facts";
import { Facts, Messages } from "./answer-parts";
import { nextSteps, portalTarget } from "./next-steps";
import { tppMessagesOf } from "./server-errors";

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

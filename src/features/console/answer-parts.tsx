/** The answer panel's parts: its first facts, and the tppMessages each linked to the field it names. */
import { CopyButton } from "../../components/copy-button";
import { DecisionLink } from "../../components/sandbox-choice";
import type { Operation } from "../../contract/operations";
import { errorCodeChoice } from "../../contract/sandbox-choices";
import type { AnswerFacts } from "./answer-facts";
import { fieldAnchor } from "./field-error";
import { useRevealOnClick } from "./reveal-field";
import { formFieldOf, type TppMessageLike } from "./server-errors";

export function Messages({ operation, messages }: { operation: Operation; messages: TppMessageLike[] }) {
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
export function Facts({ facts }: { facts: AnswerFacts }) {
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

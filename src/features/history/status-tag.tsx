import type { Exchange } from "../../lib/exchange";
import { reasonPhrase } from "./format";
import { statusClass } from "./search";

/** The answer's status: coloured by class (2xx, 4xx, 5xx), the text carries the meaning. */
export function StatusTag({ exchange }: { exchange: Pick<Exchange, "response"> }) {
  const { response } = exchange;
  if (!response) return <span className="history-status history-status-none">No answer</span>;
  const phrase = reasonPhrase(response.status, response.statusText);
  return (
    <span className="history-status-cell">
      <span className={`history-status history-status-${statusClass(exchange)}`}>{response.status}</span>
      {phrase ? <span className="history-reason"> {phrase}</span> : null}
    </span>
  );
}

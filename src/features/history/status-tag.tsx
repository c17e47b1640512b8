import type { Exchange } from "../../lib/exchange";
import { reasonPhrase } from "../../lib/http-status";
import { statusClass } from "./search";
import { appliedScenarioOf } from "../../contract/scenarios";

/** The answer's status: coloured by class (2xx, 4xx, 5xx), the text carries the meaning. */
export function StatusTag({ exchange }: { exchange: Pick<Exchange, "response"> }) {
  const { response } = exchange;
  if (!response) return <span className="history-status history-status-none">No answer</span>;
  const phrase = reasonPhrase(response.status, response.statusText);
  const forced = appliedScenarioOf(response.headers);
  return (
    <span className="history-status-cell">
      <span className={`history-status history-status-${statusClass(exchange)}`}>{response.status}</span>
      {phrase ? <span className="history-reason"> {phrase}</span> : null}
      {forced ? <span className="history-forced"> forced by scenario {forced}</span> : null}
    </span>
  );
}

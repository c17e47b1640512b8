/** A payment's status history, oldest first, with the sandbox time and reason of each change. */
import type { StatusChange } from "../../contract/control-schemas";
import { formatOslo } from "../../contract/oslo-time";
import { statusMeaning } from "./payment-status";

export function StatusTimeline({ history, label, product }: { history: StatusChange[]; label: string; product: "single" | "periodic" }) {
  return (
    <ol className="timeline" aria-label={label}>
      {history.map((change, index) => (
        <li key={`${String(change.at)}-${String(index)}`}>
          <time dateTime={new Date(change.at).toISOString()}>{formatOslo(change.at)}</time> <code className="status-code">{change.status}</code>{" "}
          <span>{statusMeaning(change.status, { product })}</span>
          {change.reason ? <span className="muted">: {change.reason}</span> : null}
        </li>
      ))}
    </ol>
  );
}

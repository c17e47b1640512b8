/** What a batch run or a clock move did: which payments were booked and which rejected. */
import { Link } from "wouter";
import type { RunReport } from "../../contract/control-schemas";
import { formatOslo } from "../../contract/oslo-time";

export interface ClockOutcome {
  /** What was asked, e.g. "Moved the clock 1 day". */
  action: string;
  runs: RunReport[];
  now: string;
}

function PaymentIds({ ids }: { ids: string[] }) {
  if (ids.length === 0) return <>none</>;
  return (
    <>
      {ids.map((id, index) => (
        <span key={id}>
          {index > 0 ? ", " : ""}
          <Link href={`/sandbox/payments?payment=${encodeURIComponent(id)}`}>
            <code>{id}</code>
          </Link>
        </span>
      ))}
    </>
  );
}

export function BatchResults({ outcome }: { outcome: ClockOutcome }) {
  const settled = outcome.runs.reduce((sum, run) => sum + run.settled.length, 0);
  const rejected = outcome.runs.reduce((sum, run) => sum + run.rejected.length, 0);
  return (
    <div className="batch-results">
      <p>
        <strong>{outcome.action}.</strong> Sandbox time is now {formatOslo(outcome.now)}.{" "}
        {outcome.runs.length === 0
          ? "No payment was due, so no batch run booked anything."
          : `${String(outcome.runs.length)} batch run${outcome.runs.length === 1 ? "" : "s"}: ${String(settled)} booked, ${String(rejected)} rejected.`}
      </p>
      {outcome.runs.length > 0 ? (
        <ul className="run-list">
          {outcome.runs.map((run) => (
            <li key={run.at}>
              Run at {formatOslo(run.at, false)} (business date {run.date}): booked <PaymentIds ids={run.settled} />; rejected <PaymentIds ids={run.rejected} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

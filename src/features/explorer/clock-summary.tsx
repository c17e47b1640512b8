/**
 * The sandbox clock at a glance, above every explorer view: sandbox time (ticking from the
 * clock's offset), business date, last and next batch run, and whether this tab runs the batch.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { sandboxKeys } from "../../lib/query-keys";
import { clockQuery } from "../../lib/sandbox-queries";
import { useSandboxStatus } from "../../lib/sandbox";
import { useSettings } from "../../lib/settings";
import { describeDuration } from "./duration";
import { formatOslo } from "../../contract/oslo-time";
import { useNow } from "./use-now";

function LeaderState() {
  const status = useSandboxStatus();
  if (useSettings().sandbox.kind === "server") return <>No, the server does</>;
  if (status.state === "starting") return <>Sandbox starting…</>;
  if (status.state === "failed") return <>Sandbox failed to start</>;
  return status.isBatchLeader() ? <>Yes</> : <>No, another tab does</>;
}

export function ClockSummary() {
  const clock = useQuery(clockQuery());
  const realNow = useNow();
  const data = clock.data;
  useRefreshAfterBackgroundRuns(data?.lastBatchRunAt);
  const pending = "…";
  return (
    <section className="clock-summary panel" aria-labelledby="clock-summary-title">
      <h2 id="clock-summary-title" className="visually-hidden">
        Sandbox clock
      </h2>
      <dl className="clock-facts">
        <div>
          <dt>Sandbox time (Oslo)</dt>
          <dd className="clock-now" aria-live="off">
            {data ? formatOslo(realNow + data.offsetMs) : pending}
          </dd>
        </div>
        <div>
          <dt>Sandbox date</dt>
          <dd data-testid="sandbox-today">{data?.today ?? pending}</dd>
        </div>
        <div>
          <dt>Last scheduled batch run</dt>
          <dd>{data ? (data.lastBatchRunAt ? formatOslo(data.lastBatchRunAt, false) : "none yet") : pending}</dd>
        </div>
        <div>
          <dt>Next batch run</dt>
          <dd>{data ? formatOslo(data.nextBatchRunAt, false) : pending}</dd>
        </div>
        <div>
          <dt>This tab runs the batch</dt>
          <dd>
            <LeaderState />
          </dd>
        </div>
      </dl>
      <div className="clock-summary-footer">
        {data && data.offsetMs > 0 ? (
          <span className="tag tag-warning">ahead of real time by {describeDuration(data.offsetMs)}</span>
        ) : (
          <span className="tag">follows real time</span>
        )}
        <Link href="/sandbox/clock">Clock &amp; batch controls</Link>
      </div>
      {clock.isError ? (
        <p role="alert" className="field-error">
          The clock could not be read: {clock.error.message}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The tab that leads the batch books due payments in the background; when the clock shows a new
 * batch run, payments and balances are read again. The transaction list is not re-sent: that is
 * a signed request, sent when asked.
 */
function useRefreshAfterBackgroundRuns(lastRun: string | null | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(lastRun);
  useEffect(() => {
    if (seen.current !== undefined && lastRun !== undefined && seen.current !== lastRun) {
      void queryClient.invalidateQueries({ queryKey: sandboxKeys.payments() });
      void queryClient.invalidateQueries({ queryKey: sandboxKeys.accounts() });
    }
    seen.current = lastRun;
  }, [lastRun, queryClient]);
}

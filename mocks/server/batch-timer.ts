/**
 * The server's batch schedule: catch up the runs that are due by the sandbox clock on start (runs
 * missed while the server was down come in order) and then every 30 s. One catch-up at a time; the
 * timer is unref'd, so it never keeps a process (or a test) alive on its own.
 */
import { catchUpToNow, type RunReport } from "../batch/runner";
import type { Sandbox } from "../sandbox";

export const BATCH_INTERVAL_MS = 30_000;

export interface BatchTimer {
  /** Catches up now (or waits for the catch-up already running). */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a running catch-up to end. */
  stop(): Promise<void>;
}

export const describeRun = (report: RunReport) =>
  `batch run ${new Date(report.at).toISOString()} (${report.date}): ${String(report.settled.length)} settled, ${String(report.rejected.length)} rejected` +
  (report.settled.length + report.rejected.length > 0 ? ` [${[...report.settled, ...report.rejected].join(", ")}]` : "");

export interface TimerOptions {
  intervalMs?: number;
  log?: (line: string) => void;
  /** Where a failed catch-up goes (the server's failure log: an outage's lines rate-limited); default a line in `log`. */
  reportFailure?: (error: unknown, where: string) => void;
}

/** Runs `work` every interval and when asked, one run at a time; a failure is logged, never thrown. */
export function repeatedCatchUp(work: () => Promise<void>, options: TimerOptions = {}): BatchTimer {
  let running: Promise<void> | undefined;
  const runNow = () =>
    (running ??= work()
      .catch((error: unknown) => {
        // Storage that cannot serve is tried again at the next tick; the failure log says so once, not every 30 s.
        if (options.reportFailure) options.reportFailure(error, "the batch catch-up");
        else options.log?.(`batch catch-up failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = undefined;
      }));

  const timer = setInterval(() => {
    void runNow();
  }, options.intervalMs ?? BATCH_INTERVAL_MS);
  timer.unref();

  return {
    runNow,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export function startBatchTimer(sandbox: Sandbox, options: TimerOptions = {}): BatchTimer {
  const { env } = sandbox;
  return repeatedCatchUp(async () => {
    const reports = await catchUpToNow(env);
    for (const report of reports) if (report.settled.length + report.rejected.length > 0) options.log?.(describeRun(report));
  }, options);
}

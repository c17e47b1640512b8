/**
 * The server's log of the failures it answered 5xx, with what the client is never shown: the error's
 * text, its causes and, for a bug, its stack. Storage that cannot serve fails every request alike while
 * it lasts (an outage answered over a thousand requests in 10 s), so it is logged once per reason every
 * QUIET_MS, with how many more requests were answered 503 meanwhile; a bug is logged each time.
 */
import { inspect } from "node:util";
import { storeUnavailableOf } from "../store/unavailable";
import type { StoreUnavailableReason } from "../store/store-errors";

/** How long after a line about unavailable storage the next one of the same reason waits. */
export const QUIET_MS = 10_000;

/** "message ← cause ← cause": the causes are where the driver's own text is (the address refused, the SQLite code). */
export function describeFailure(error: unknown): string {
  const parts: string[] = [];
  for (let cause = error, depth = 0; cause !== undefined && cause !== null && depth < 8; depth++) {
    parts.push(
      cause instanceof Error ? `${cause.message}${"code" in cause && typeof cause.code === "string" ? ` (${cause.code})` : ""}` : inspect(cause, { depth: 2 }),
    );
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return parts.join(" ← ");
}

export type ReportFailure = (error: unknown, where: string) => void;

export function failureLog(log: ((line: string) => void) | undefined, now: () => number = Date.now): ReportFailure {
  const quiet = new Map<StoreUnavailableReason, { until: number; since: number }>();
  return (error, where) => {
    if (!log) return;
    const unavailable = storeUnavailableOf(error);
    if (!unavailable) {
      log(`error ${where}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return;
    }
    const earlier = quiet.get(unavailable.reason);
    if (earlier && now() < earlier.until) {
      earlier.since++;
      return;
    }
    const more = earlier && earlier.since > 0 ? ` (and ${String(earlier.since)} more answered 503 since the last line)` : "";
    log(`storage unavailable (${unavailable.reason}), answered 503 to ${where}: ${describeFailure(error)}${more}`);
    quiet.set(unavailable.reason, { until: now() + QUIET_MS, since: 0 });
  };
}

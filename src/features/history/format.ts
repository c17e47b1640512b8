/** How times and durations read in the history. */
import { formatOslo } from "../../contract/oslo-time";

/** Today's date in Oslo, "2026-03-14". */
export const osloToday = (now: number = Date.now()) => formatOslo(now).slice(0, 10);

/**
 * "14:02:09" today, "2026-03-03 14:02:09" on another day: Oslo time, as the sandbox and the explorer
 * write it, so a request and the payment it made read alike (24 hours, like a log).
 */
export function formatSentAt(sentAt: number, today: string = osloToday()): string {
  const full = formatOslo(sentAt);
  return full.startsWith(`${today} `) ? full.slice(today.length + 1) : full;
}

/** How times and durations read in the history. */

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
const pad = (value: number) => String(value).padStart(2, "0");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "14:02:09" today, "3 Mar 14:02:09" on another day (local time, 24 hours, like a log). */
export function formatSentAt(sentAt: number, now: Date = new Date()): string {
  const date = new Date(sentAt);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  if (sameDay(date, now)) return time;
  const day = `${String(date.getDate())} ${MONTHS[date.getMonth()] ?? ""}`;
  return date.getFullYear() === now.getFullYear() ? `${day} ${time}` : `${day} ${String(date.getFullYear())} ${time}`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

const REASONS: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The status line's words: as the server sent them, else the standard phrase (HTTP/2 and service workers send none). */
export const reasonPhrase = (status: number, statusText: string) => statusText || (REASONS[status] ?? "");

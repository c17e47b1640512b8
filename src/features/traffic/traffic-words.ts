/** How a recorded request reads in the Traffic view: who sent it, what it changed, and the news of new ones. */
import type { RecordedChange, RecordedTpp, TrafficSummary } from "../../contract/traffic";
import { reasonPhrase } from "../../lib/http-status";
import { countOf } from "../../lib/words";

/** The certificate's name for people: its subject's CN with its organizationIdentifier, either alone, else the subject. */
export function tppName(tpp: Pick<RecordedTpp, "organizationIdentifier" | "subject">): string {
  const commonName = /(?:^|,)\s*CN=((?:\\.|[^,])*)/.exec(tpp.subject)?.[1]?.replace(/\\(.)/g, "$1");
  const { organizationIdentifier } = tpp;
  if (commonName !== undefined && organizationIdentifier !== undefined) return `${commonName} (${organizationIdentifier})`;
  return organizationIdentifier ?? commonName ?? tpp.subject;
}

/** Who sent it, as far as its signature said: a TPP, a TPP whose signature was refused, or no certificate at all. */
export function senderOf(tpp: RecordedTpp | null): string {
  if (tpp === null) return "unsigned";
  return tpp.verified ? tppName(tpp) : `${tppName(tpp)} (signature refused)`;
}

/** "payment 3f2a… RCVD → ACTC", "account 9b1c… created", "clock moved". */
export function changeText(change: RecordedChange): string {
  const id = change.id === undefined ? "" : ` ${change.id.length > 12 ? `${change.id.slice(0, 8)}…` : change.id}`;
  return change.from === undefined ? `${change.kind}${id} ${change.to}` : `${change.kind}${id} ${change.from} → ${change.to}`;
}

/** What the request was: its method and its operation's id, else its path. */
export const whatOf = (summary: Pick<TrafficSummary, "operation" | "method" | "path">) => `${summary.method} ${summary.operation ?? summary.path}`;

export const statusText = (status: number) => `${String(status)} ${reasonPhrase(status, "")}`.trim();

/** "2xx", "4xx", …: the colour of a status tag (the text carries the meaning). */
export const statusClass = (status: number) => `${String(Math.floor(status / 100))}xx`;

/**
 * The rows newer than the newest seen before (ids sort by arrival), newest first: `null` when the last reading was
 * empty (every row is new), `undefined` before any reading (none is: the first reading is no news).
 */
export function freshRows(rows: readonly TrafficSummary[], newestSeen: string | null | undefined): TrafficSummary[] {
  if (newestSeen === undefined) return [];
  return rows.filter((row) => newestSeen === null || row.id > newestSeen);
}

/** The polite announcement of requests that arrived while the view was open. */
export function newsText(fresh: readonly TrafficSummary[]): string {
  const [newest] = fresh;
  if (newest === undefined) return "";
  const last = `${whatOf(newest)}, answered ${statusText(newest.status)}`;
  return fresh.length === 1 ? `1 new request: ${last}.` : `${countOf(fresh.length, "new request")}; the newest: ${last}.`;
}

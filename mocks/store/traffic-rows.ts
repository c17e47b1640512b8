/**
 * The traffic record as every adapter keeps it (decision 0055): a row with the columns a page filters and orders by,
 * the whole record as JSON text (a list's summary is read from it: a second copy made every row larger than a page of the
 * database), and the record's size, which the retention bound
 * counts. The adapters share the row, the page and the plan of what the retention drops.
 */
import type { TrafficPage, TrafficRecord, TrafficSummary } from "../../src/contract/traffic";
import type { TrafficLimits, TrafficPageQuery, TrafficRecords } from "./port";

export interface TrafficRow {
  id: string;
  /** Arrival, epoch ms. */
  at: number;
  status: number;
  operation: string | null;
  /** The certificate's SHA-256, for the `tpp` filter. */
  tpp: string | null;
  /** What the retention bound counts: the characters of `data` (bytes, for the ASCII they nearly always are). */
  bytes: number;
  data: string;
}

export function summaryOf(record: TrafficRecord): TrafficSummary {
  return {
    id: record.id,
    at: record.at,
    method: record.method,
    path: record.path,
    query: record.query,
    operation: record.operation,
    status: record.status,
    ms: record.ms,
    tpp: record.tpp,
    requestId: record.requestId,
    scenario: record.scenario,
    changes: record.changes,
    diagnosisCodes: record.diagnosis.map((finding) => finding.code),
  };
}

/** The request header that carries the TPP's certificate: 1.2 KB of a signed request's record (SQL keeps each text once). */
export const CERTIFICATE_HEADER = "tpp-signature-certificate";

/**
 * A record as a store is handed it (decision 0064): its row, whose `data` holds the certificate header's value empty,
 * and that header's text apart, with where its empty value (`""`) stands in `data`. The edge writes it once, straight
 * from what it saw (http/traffic-record.ts); SQL keeps the text once per certificate, IndexedDB puts it back.
 */
export interface TrafficEntry {
  row: TrafficRow;
  certificate?: { text: string; at: number };
}

/** The row of an entry with its certificate header's text in its place: the record whole. */
export function wholeRow({ row, certificate }: TrafficEntry): TrafficRow {
  if (certificate === undefined) return row;
  const data = `${row.data.slice(0, certificate.at)}${JSON.stringify(certificate.text)}${row.data.slice(certificate.at + 2)}`;
  return { ...row, bytes: data.length, data };
}

/** How many records and bytes a sandbox's traffic holds. */
export interface TrafficTotals {
  records: number;
  bytes: number;
}

/** The oldest rows a record looks at to make room: a record never costs more than this many, even after the bound was lowered. */
export const MAX_DROPPED_PER_RECORD = 64;

/**
 * What to drop of the oldest rows (in id order, at most MAX_DROPPED_PER_RECORD) so that `totals` fit `limits`: every row
 * up to `throughId`, and how many records and bytes that is; undefined when they fit. A bound lowered by far is reached
 * over several records.
 */
export function droppedFor(
  totals: TrafficTotals,
  limits: TrafficLimits,
  oldest: readonly { id: string; bytes: number }[],
): { throughId: string; records: number; bytes: number } | undefined {
  let records = 0;
  let bytes = 0;
  let throughId: string | undefined;
  // Beyond the bound, a 64th of it more in records and in bytes alike (slackOf), never the rest of a sandbox held by its bytes.
  let extra = { records: 0, bytes: 0 };
  for (const row of oldest) {
    if (totals.records - records <= limits.maxRecords && totals.bytes - bytes <= limits.maxBytes) {
      extra = { records: extra.records + 1, bytes: extra.bytes + row.bytes };
      if (extra.records > slackOf(limits) || extra.bytes > limits.maxBytes / 64) break;
    }
    records += 1;
    bytes += row.bytes;
    throughId = row.id;
  }
  return throughId === undefined ? undefined : { throughId, records, bytes };
}

/**
 * How many of the oldest rows to read first: as many as the count is over (one at least), which is nearly always one;
 * when those do not bring the bytes within the bound, the caller reads MAX_DROPPED_PER_RECORD (`moreNeeded`).
 */
export const oldestToRead = (totals: TrafficTotals, limits: TrafficLimits) =>
  Math.min(MAX_DROPPED_PER_RECORD, Math.max(1, totals.records - limits.maxRecords) + slackOf(limits));

/**
 * Rows dropped beyond the bound once it is reached: a 64th of the records kept (at most 63, and within a 64th of the
 * bytes), so a full sandbox deletes a few dozen rows every few dozen records rather than one with each (10,000 kept:
 * between 9,937 and 10,000).
 */
export const slackOf = (limits: TrafficLimits) => Math.min(MAX_DROPPED_PER_RECORD - 1, Math.floor(limits.maxRecords / 64));

/** Whether dropping `dropped` of the `read` oldest rows leaves the bytes over the bound while more rows could be read. */
export const moreNeeded = (totals: TrafficTotals, limits: TrafficLimits, read: number, dropped: { bytes: number } | undefined) =>
  read < MAX_DROPPED_PER_RECORD && totals.bytes - (dropped?.bytes ?? 0) > limits.maxBytes;

/** Whether totals exceed the limits (so the oldest rows must be read). */
export const overLimits = (totals: TrafficTotals, limits: TrafficLimits) => totals.records > limits.maxRecords || totals.bytes > limits.maxBytes;

/** Whether a row passes the page's filters other than its id range (what an adapter without such an index checks itself). */
export function matchesFilters(row: Pick<TrafficRow, "status" | "operation" | "tpp">, query: TrafficPageQuery): boolean {
  if (query.statusFrom !== undefined && row.status < query.statusFrom) return false;
  if (query.statusTo !== undefined && row.status > query.statusTo) return false;
  if (query.operation !== undefined && row.operation !== query.operation) return false;
  if (query.withoutOperations !== undefined && row.operation !== null && query.withoutOperations.includes(row.operation)) return false;
  if (query.tpp !== undefined && row.tpp !== query.tpp) return false;
  return true;
}

/** The first `limit` of up to `limit + 1` rows, newest first, and the next cursor when there is more. */
export function shownOf<Row extends { id: string }>(rows: readonly Row[], limit: number): { shown: Row[]; next: string | null } {
  const shown = rows.slice(0, limit);
  return { shown, next: rows.length > limit ? (shown.at(-1)?.id ?? null) : null };
}

/** The page of up to `limit + 1` matching rows, newest first: the first `limit` of them, and the next cursor when there is more. */
export function pageOf(rows: readonly { id: string; data: string }[], limit: number): TrafficPage {
  const { shown, next } = shownOf(rows, limit);
  return { requests: shown.map((row) => summaryOf(JSON.parse(row.data) as TrafficRecord)), next };
}

/** The whole records of a page of up to `limit + 1` matching rows, newest first (what the client report reads). */
export function recordsOf(rows: readonly { id: string; data: string }[], limit: number): TrafficRecords {
  const { shown, next } = shownOf(rows, limit);
  return { records: shown.map((row) => JSON.parse(row.data) as TrafficRecord), next };
}

/** Names this process in its ids, so two servers on one database never make the same id in the same millisecond. */
const PROCESS_TAG = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(2)), (byte) => byte.toString(16).padStart(2, "0")).join("");
let counter = 0;

/** A new record id for a request that arrived at `at` (TRAFFIC_ID): ordered by arrival within this process. */
export function newTrafficId(at: number): string {
  counter = (counter + 1) % 0x1_0000_0000;
  return `${Math.max(0, Math.floor(at)).toString(16).padStart(16, "0")}-${counter.toString(16).padStart(8, "0")}${PROCESS_TAG}`;
}

/** The lowest id of a record that arrived at or after `at`: a time bound as a key bound. */
export const trafficIdAt = (at: number) => `${Math.max(0, Math.floor(at)).toString(16).padStart(16, "0")}-`;

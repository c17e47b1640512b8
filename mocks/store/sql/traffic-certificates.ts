/**
 * The certificate header of a traffic record, kept once per certificate on SQL (schema version 4, decision 0055): a
 * TPP sends the same 1.2 KB certificate with every signed request, and with it a creation's row was larger than a
 * database page. The row keeps the header's place (its value empty) and names the text in `certificate` (its SHA-256);
 * a reading puts it back. A certificate no row names any more is dropped with the last rows that named it.
 */
import { createHash } from "node:crypto";
import type { TrafficRecord } from "../../../src/contract/traffic";
import { CERTIFICATE_HEADER, type TrafficEntry } from "../traffic-rows";
import type { Db } from "./db";
import type { TrafficCertificatesTable, TrafficTable } from "./tables";

/**
 * What a reading shows for a certificate no longer kept: on PostgreSQL, another process may drop a certificate no row
 * named at the time in the moment a record that names it is written. Never seen on SQLite (one process, one connection).
 */
export const CERTIFICATE_NOT_KEPT = "[certificate no longer kept: it was dropped with the older records that carried it]";

/** A record as the SQL tables keep it: its row, and the certificate header's text apart. */
export interface SqlTraffic {
  row: TrafficTable;
  certificate?: TrafficCertificatesTable;
}

/** The SHA-256 of the last few certificate headers' texts (a TPP sends the same one with every request). */
const ids = new Map<string, string>();
/** The last one, compared first: a Map hashes each new string whole, an equal one is compared in one pass. */
let last = { text: "", id: "" };
function idOf(text: string): string {
  if (text === last.text) return last.id;
  let id = ids.get(text);
  if (id === undefined) {
    if (ids.size >= 64) ids.clear();
    id = createHash("sha256").update(text).digest("hex");
    ids.set(text, id);
  }
  last = { text, id };
  return id;
}

/** The row of an entry as SQL keeps it: the certificate header's text in traffic_certificates, named by its SHA-256. */
export function sqlTraffic({ row, certificate }: TrafficEntry): SqlTraffic {
  if (certificate === undefined) return { row: { ...row, certificate: null } };
  const id = idOf(certificate.text);
  return { row: { ...row, certificate: id }, certificate: { id, text: certificate.text } };
}

/** The distinct certificates of a batch. */
export function certificatesOf(batch: readonly SqlTraffic[]): TrafficCertificatesTable[] {
  const byId = new Map<string, TrafficCertificatesTable>();
  for (const { certificate } of batch) if (certificate !== undefined) byId.set(certificate.id, certificate);
  return [...byId.values()];
}

/** The records of `rows`, each certificate header put back (rows of version 3 hold theirs). */
export async function withCertificates(db: Db, rows: readonly { data: string; certificate: string | null }[]): Promise<TrafficRecord[]> {
  const wanted = [...new Set(rows.flatMap((row) => (row.certificate === null ? [] : [row.certificate])))];
  const texts = new Map<string, string>();
  if (wanted.length > 0)
    for (const kept of await db.selectFrom("traffic_certificates").select(["id", "text"]).where("id", "in", wanted).execute()) texts.set(kept.id, kept.text);
  return rows.map((row) => {
    const record = JSON.parse(row.data) as TrafficRecord;
    if (row.certificate !== null) record.request.headers[CERTIFICATE_HEADER] = texts.get(row.certificate) ?? CERTIFICATE_NOT_KEPT;
    return record;
  });
}

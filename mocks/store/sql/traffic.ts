/**
 * The traffic record on SQL (decision 0055): `traffic` holds a row per request (traffic-rows.ts), `traffic_totals` how
 * many and how large, so keeping the retention bound costs a record one small update and, once full, dropping the
 * oldest few. Pages walk the primary key newest first (ids are time-ordered, so a time range is a key range);
 * the other filters are checked on the rows the walk meets, at most the retained ones. A record's certificate header is
 * kept once per certificate (traffic-certificates.ts).
 */
import type { Kysely } from "kysely";
import type { TrafficPage, TrafficRecord } from "../../../src/contract/traffic";
import type { TrafficLimits, TrafficPageQuery, TrafficRecords } from "../port";
import { MAX_DROPPED_PER_RECORD, droppedFor, moreNeeded, oldestToRead, overLimits, pageOf, shownOf, type TrafficTotals } from "../traffic-rows";
import type { SandboxTables } from "./tables";
import { certificatesOf, withCertificates, type SqlTraffic } from "./traffic-certificates";

type Db = Kysely<SandboxTables>;

/**
 * Records a batch and keeps the bound, in the transaction `db` is (PostgreSQL's; SQLite's runs prepared:
 * sqlite-traffic.ts). A certificate new to the table adds its text to the bytes the bound counts.
 */
export async function recordTrafficRows(db: Db, batch: readonly SqlTraffic[], limits: TrafficLimits): Promise<void> {
  if (batch.length === 0) return;
  const rows = batch.map((entry) => entry.row);
  let added = rows.reduce((sum, row) => sum + row.bytes, 0);
  for (const certificate of certificatesOf(batch)) {
    const inserted = await db
      .insertInto("traffic_certificates")
      .values(certificate)
      .onConflict((conflict) => conflict.column("id").doNothing())
      .returning("id")
      .execute();
    if (inserted.length > 0) added += certificate.text.length;
  }
  await db.insertInto("traffic").values(rows).execute();
  const totals = await db
    .updateTable("traffic_totals")
    .set((eb) => ({ records: eb("records", "+", rows.length), bytes: eb("bytes", "+", added) }))
    .where("id", "=", 1)
    .returning(["records", "bytes"])
    .executeTakeFirstOrThrow();
  if (!overLimits(asTotals(totals), limits)) return;
  const oldest = async (count: number) => (await db.selectFrom("traffic").select(["id", "bytes"]).orderBy("id").limit(count).execute()).map(asSized);
  const first = oldestToRead(asTotals(totals), limits);
  let drop = droppedFor(asTotals(totals), limits, await oldest(first));
  if (moreNeeded(asTotals(totals), limits, first, drop)) drop = droppedFor(asTotals(totals), limits, await oldest(MAX_DROPPED_PER_RECORD));
  if (drop === undefined) return;
  const throughId = drop.throughId;
  // The id range alone (with `certificate is not null` a planner may walk the whole certificate index instead).
  const named = new Set((await db.selectFrom("traffic").select("certificate").where("id", "<=", throughId).execute()).map((row) => row.certificate));
  // What this unit saw: another process's record may have dropped some of them first, so the totals fall by what went.
  const gone = await db.deleteFrom("traffic").where("id", "<=", throughId).returning("bytes").execute();
  let bytes = gone.reduce((sum, dropped) => sum + dropped.bytes, 0);
  // The certificates only the dropped rows named go with them (traffic_certificate answers whether a row still names one).
  for (const certificate of named) {
    if (certificate === null) continue;
    const forgotten = await db
      .deleteFrom("traffic_certificates")
      .where("id", "=", certificate)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("traffic").select("id").where("certificate", "=", certificate))))
      .returning((eb) => eb.fn<number | string>("length", ["text"]).as("chars"))
      .executeTakeFirst();
    if (forgotten !== undefined) bytes += Number(forgotten.chars);
  }
  if (gone.length === 0 && bytes === 0) return;
  await db
    .updateTable("traffic_totals")
    .set((eb) => ({ records: eb("records", "-", gone.length), bytes: eb("bytes", "-", bytes) }))
    .where("id", "=", 1)
    .execute();
}

/** PostgreSQL answers bigint as text unless told otherwise: numbers either way. */
const asTotals = (row: { records: number | string; bytes: number | string }): TrafficTotals => ({ records: Number(row.records), bytes: Number(row.bytes) });
const asSized = (row: { id: string; bytes: number | string }) => ({ id: row.id, bytes: Number(row.bytes) });

/** Up to `limit + 1` rows of a page, newest first. */
async function pageRows(db: Db, query: TrafficPageQuery): Promise<{ id: string; data: string; certificate: string | null }[]> {
  let select = db.selectFrom("traffic").select(["id", "data", "certificate"]);
  if (query.before !== undefined) select = select.where("id", "<", query.before);
  if (query.from !== undefined) select = select.where("id", ">=", query.from);
  if (query.to !== undefined) select = select.where("id", "<", query.to);
  if (query.statusFrom !== undefined) select = select.where("status", ">=", query.statusFrom);
  if (query.statusTo !== undefined) select = select.where("status", "<=", query.statusTo);
  if (query.operation !== undefined) select = select.where("operation", "=", query.operation);
  const without = query.withoutOperations;
  if (without !== undefined && without.length > 0) select = select.where((eb) => eb.or([eb("operation", "is", null), eb("operation", "not in", [...without])]));
  if (query.tpp !== undefined) select = select.where("tpp", "=", query.tpp);
  return select
    .orderBy("id", "desc")
    .limit(query.limit + 1)
    .execute();
}

export async function trafficPageOf(db: Db, query: TrafficPageQuery): Promise<TrafficPage> {
  return pageOf(await pageRows(db, query), query.limit);
}

export async function trafficRecordsOf(db: Db, query: TrafficPageQuery): Promise<TrafficRecords> {
  const { shown, next } = shownOf(await pageRows(db, query), query.limit);
  return { records: await withCertificates(db, shown), next };
}

export async function trafficRecordOf(db: Db, id: string): Promise<TrafficRecord | undefined> {
  const row = await db.selectFrom("traffic").select(["data", "certificate"]).where("id", "=", id).executeTakeFirst();
  return row === undefined ? undefined : (await withCertificates(db, [row]))[0];
}

/**
 * The traffic record in IndexedDB (schema version 6, decision 0055): `traffic` holds a row per request under its
 * time-ordered id (traffic-rows.ts), `trafficTotals` how many and how large under key 1 (none yet reads as nothing).
 * Each record is a transaction of its own over those two stores, so it never waits for or holds up the sandbox's
 * data; pages walk the ids newest first and check the other filters on the rows they meet, at most the retained ones.
 */
import type { IDBPDatabase } from "idb";
import type { TrafficPage, TrafficRecord } from "../../../src/contract/traffic";
import type { TrafficLimits, TrafficPageQuery, TrafficRecords } from "../port";
import { MAX_DROPPED_PER_RECORD, droppedFor, matchesFilters, moreNeeded, oldestToRead, overLimits, pageOf, recordsOf, type TrafficRow } from "../traffic-rows";
import type { SandboxDB } from "./schema";

const TOTALS_KEY = 1;

export async function recordTraffic(db: IDBPDatabase<SandboxDB>, row: TrafficRow, limits: TrafficLimits): Promise<void> {
  const tx = db.transaction(["traffic", "trafficTotals"], "readwrite");
  const traffic = tx.objectStore("traffic");
  const totalsStore = tx.objectStore("trafficTotals");
  const [, before] = await Promise.all([traffic.add(row), totalsStore.get(TOTALS_KEY)]);
  const totals = { records: (before?.records ?? 0) + 1, bytes: (before?.bytes ?? 0) + row.bytes };
  if (overLimits(totals, limits)) {
    const oldest = async (count: number) => {
      const rows: { id: string; bytes: number }[] = [];
      for (let cursor = await traffic.openCursor(); cursor && rows.length < count; cursor = await cursor.continue())
        rows.push({ id: cursor.value.id, bytes: cursor.value.bytes });
      return rows;
    };
    const first = oldestToRead(totals, limits);
    let dropped = droppedFor(totals, limits, await oldest(first));
    if (moreNeeded(totals, limits, first, dropped)) dropped = droppedFor(totals, limits, await oldest(MAX_DROPPED_PER_RECORD));
    if (dropped) {
      await traffic.delete(IDBKeyRange.upperBound(dropped.throughId));
      totals.records -= dropped.records;
      totals.bytes -= dropped.bytes;
    }
  }
  await Promise.all([totalsStore.put(totals, TOTALS_KEY), tx.done]);
}

/** The id range of a page: [from, min(before, to)). */
function rangeOf(query: TrafficPageQuery): IDBKeyRange | undefined {
  const upper = [query.before, query.to].filter((bound): bound is string => bound !== undefined).sort()[0];
  if (query.from !== undefined && upper !== undefined) return upper <= query.from ? undefined : IDBKeyRange.bound(query.from, upper, false, true);
  if (query.from !== undefined) return IDBKeyRange.lowerBound(query.from);
  if (upper !== undefined) return IDBKeyRange.upperBound(upper, true);
  return IDBKeyRange.lowerBound("");
}

/** Up to `limit + 1` matching rows of a page, newest first. */
async function pageRows(db: IDBPDatabase<SandboxDB>, query: TrafficPageQuery): Promise<TrafficRow[]> {
  const range = rangeOf(query);
  if (range === undefined) return [];
  const rows: TrafficRow[] = [];
  const tx = db.transaction("traffic", "readonly");
  for (let cursor = await tx.store.openCursor(range, "prev"); cursor && rows.length <= query.limit; cursor = await cursor.continue())
    if (matchesFilters(cursor.value, query)) rows.push(cursor.value);
  await tx.done;
  return rows;
}

export async function trafficPage(db: IDBPDatabase<SandboxDB>, query: TrafficPageQuery): Promise<TrafficPage> {
  return pageOf(await pageRows(db, query), query.limit);
}

export async function trafficRecords(db: IDBPDatabase<SandboxDB>, query: TrafficPageQuery): Promise<TrafficRecords> {
  return recordsOf(await pageRows(db, query), query.limit);
}

export async function trafficRecord(db: IDBPDatabase<SandboxDB>, id: string): Promise<TrafficRecord | undefined> {
  const row = await db.get("traffic", id);
  return row === undefined ? undefined : (JSON.parse(row.data) as TrafficRecord);
}

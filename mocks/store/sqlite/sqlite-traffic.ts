/**
 * Traffic records on SQLite, as prepared statements run synchronously in the open commit group (group-commit.ts's
 * `statement`), as a new request id's claim is (decision 0044): built by Kysely per record, the unit cost the event
 * loop several times what SQLite took. The records that wait for the connection together are written together: one
 * multi-row insert (of up to ROWS_PER_INSERT), one update of the totals, and once full one drop of the oldest, in one
 * savepoint (better-sqlite3's transaction inside the group's) that keeps the rows and the totals together.
 */
import type Database from "better-sqlite3";
import type { TrafficLimits } from "../port";
import { MAX_DROPPED_PER_RECORD, droppedFor, moreNeeded, oldestToRead, overLimits, type TrafficRow, type TrafficTotals } from "../traffic-rows";

/** Rows one insert carries at most (7 parameters each, far within SQLite's 32,766). */
const ROWS_PER_INSERT = 32;

export function preparedTrafficRecords(native: Database.Database): (rows: readonly TrafficRow[], limits: TrafficLimits) => void {
  const inserts = new Map<number, Database.Statement>();
  const insertOf = (count: number) => {
    let insert = inserts.get(count);
    if (insert === undefined) {
      const values = Array.from({ length: count }, () => "(?, ?, ?, ?, ?, ?, ?)").join(", ");
      insert = native.prepare(`insert into traffic (id, at, status, operation, tpp, bytes, data) values ${values}`);
      inserts.set(count, insert);
    }
    return insert;
  };
  const grow = native.prepare("update traffic_totals set records = records + ?, bytes = bytes + ? where id = 1 returning records, bytes");
  const oldest = native.prepare("select id, bytes from traffic order by id limit ?");
  const drop = native.prepare("delete from traffic where id <= ?");
  const shrink = native.prepare("update traffic_totals set records = records - ?, bytes = bytes - ? where id = 1");
  return native.transaction((rows: readonly TrafficRow[], limits: TrafficLimits) => {
    let bytes = 0;
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_INSERT);
      const parameters: unknown[] = [];
      for (const row of chunk) {
        parameters.push(row.id, row.at, row.status, row.operation, row.tpp, row.bytes, row.data);
        bytes += row.bytes;
      }
      insertOf(chunk.length).run(parameters);
    }
    let totals = grow.get(rows.length, bytes) as TrafficTotals;
    // Each record of the batch may make room as a record written alone would (at most MAX_DROPPED_PER_RECORD rows).
    for (let turn = 0; turn < rows.length && overLimits(totals, limits); turn++) {
      const first = oldestToRead(totals, limits);
      let dropped = droppedFor(totals, limits, oldest.all(first) as { id: string; bytes: number }[]);
      if (moreNeeded(totals, limits, first, dropped))
        dropped = droppedFor(totals, limits, oldest.all(MAX_DROPPED_PER_RECORD) as { id: string; bytes: number }[]);
      if (dropped === undefined) return;
      drop.run(dropped.throughId);
      shrink.run(dropped.records, dropped.bytes);
      totals = { records: totals.records - dropped.records, bytes: totals.bytes - dropped.bytes };
    }
  });
}

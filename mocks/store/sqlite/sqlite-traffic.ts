/**
 * Traffic records on SQLite, as prepared statements run synchronously in the open commit group (group-commit.ts's
 * `statement`), as a new request id's claim is (decision 0044): built by Kysely per record, the unit cost the event
 * loop several times what SQLite took. The records that wait for the connection together are written together: one
 * multi-row insert (of up to ROWS_PER_INSERT), one update of the totals, and once full one drop of the oldest, in one
 * savepoint (better-sqlite3's transaction inside the group's) that keeps the rows and the totals together.
 */
import type Database from "better-sqlite3";
import type { TrafficLimits } from "../port";
import { MAX_DROPPED_PER_RECORD, droppedFor, moreNeeded, oldestToRead, overLimits, type TrafficTotals } from "../traffic-rows";
import { certificatesOf, type SqlTraffic } from "../sql/traffic-certificates";

/** Rows one insert carries at most (8 parameters each, far within SQLite's 32,766). */
const ROWS_PER_INSERT = 32;

export function preparedTrafficRecords(native: Database.Database): (batch: readonly SqlTraffic[], limits: TrafficLimits) => void {
  const inserts = new Map<number, Database.Statement>();
  const insertOf = (count: number) => {
    let insert = inserts.get(count);
    if (insert === undefined) {
      const values = Array.from({ length: count }, () => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ");
      insert = native.prepare(`insert into traffic (id, at, status, operation, tpp, bytes, data, certificate) values ${values}`);
      inserts.set(count, insert);
    }
    return insert;
  };
  // One process holds the file (sqlite.ts): a certificate found here stays until this process drops it.
  const keep = native.prepare("insert or ignore into traffic_certificates (id, text) values (?, ?)");
  const grow = native.prepare("update traffic_totals set records = records + ?, bytes = bytes + ? where id = 1 returning records, bytes");
  const oldest = native.prepare("select id, bytes from traffic order by id limit ?");
  const drop = native.prepare("delete from traffic where id <= ?");
  const shrink = native.prepare("update traffic_totals set records = records - ?, bytes = bytes - ? where id = 1");
  // The id range alone: with `certificate is not null` SQLite walked the whole certificate index instead.
  const namedBy = native.prepare("select certificate from traffic where id <= ?").pluck();
  const forget = native.prepare(
    "delete from traffic_certificates where id = ? and not exists (select 1 from traffic where certificate = ?) returning length(text) as chars",
  );
  return native.transaction((batch: readonly SqlTraffic[], limits: TrafficLimits) => {
    let bytes = 0;
    for (const certificate of certificatesOf(batch)) if (keep.run(certificate.id, certificate.text).changes === 1) bytes += certificate.text.length;
    for (let start = 0; start < batch.length; start += ROWS_PER_INSERT) {
      const chunk = batch.slice(start, start + ROWS_PER_INSERT);
      const parameters: unknown[] = [];
      for (const { row } of chunk) {
        parameters.push(row.id, row.at, row.status, row.operation, row.tpp, row.bytes, row.data, row.certificate);
        bytes += row.bytes;
      }
      insertOf(chunk.length).run(parameters);
    }
    let totals = grow.get(batch.length, bytes) as TrafficTotals;
    // Each record of the batch may make room as a record written alone would (at most MAX_DROPPED_PER_RECORD rows).
    for (let turn = 0; turn < batch.length && overLimits(totals, limits); turn++) {
      const first = oldestToRead(totals, limits);
      let dropped = droppedFor(totals, limits, oldest.all(first) as { id: string; bytes: number }[]);
      if (moreNeeded(totals, limits, first, dropped))
        dropped = droppedFor(totals, limits, oldest.all(MAX_DROPPED_PER_RECORD) as { id: string; bytes: number }[]);
      if (dropped === undefined) break;
      const named = new Set((namedBy.all(dropped.throughId) as (string | null)[]).filter((id) => id !== null));
      drop.run(dropped.throughId);
      // The certificates only the dropped rows named go with them.
      let chars = 0;
      for (const id of named) for (const gone of forget.all(id, id) as { chars: number }[]) chars += gone.chars;
      shrink.run(dropped.records, dropped.bytes + chars);
      totals = { records: totals.records - dropped.records, bytes: totals.bytes - dropped.bytes - chars };
    }
  });
}

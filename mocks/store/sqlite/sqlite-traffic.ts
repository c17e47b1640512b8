/**
 * A traffic record on SQLite, as prepared statements run synchronously in the open commit group (group-commit.ts's
 * `statement`), as a new request id's claim is (decision 0044): built by Kysely per record, the unit cost the event
 * loop several times what SQLite took. One savepoint (better-sqlite3's transaction inside the group's) keeps the row
 * and the totals together.
 */
import type Database from "better-sqlite3";
import type { TrafficLimits } from "../port";
import { MAX_DROPPED_PER_RECORD, droppedFor, moreNeeded, oldestToRead, overLimits, type TrafficRow, type TrafficTotals } from "../traffic-rows";

export function preparedTrafficRecord(native: Database.Database): (row: TrafficRow, limits: TrafficLimits) => void {
  const insert = native.prepare(
    "insert into traffic (id, at, status, operation, tpp, bytes, data) values (@id, @at, @status, @operation, @tpp, @bytes, @data)",
  );
  const grow = native.prepare("update traffic_totals set records = records + 1, bytes = bytes + ? where id = 1 returning records, bytes");
  const oldest = native.prepare("select id, bytes from traffic order by id limit ?");
  const drop = native.prepare("delete from traffic where id <= ?");
  const shrink = native.prepare("update traffic_totals set records = records - ?, bytes = bytes - ? where id = 1");
  return native.transaction((row: TrafficRow, limits: TrafficLimits) => {
    insert.run(row);
    const totals = grow.get(row.bytes) as TrafficTotals;
    if (!overLimits(totals, limits)) return;
    const first = oldestToRead(totals, limits);
    let dropped = droppedFor(totals, limits, oldest.all(first) as { id: string; bytes: number }[]);
    if (moreNeeded(totals, limits, first, dropped)) dropped = droppedFor(totals, limits, oldest.all(MAX_DROPPED_PER_RECORD) as { id: string; bytes: number }[]);
    if (dropped === undefined) return;
    drop.run(dropped.throughId);
    shrink.run(dropped.records, dropped.bytes);
  });
}

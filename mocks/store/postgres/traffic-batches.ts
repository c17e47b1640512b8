/**
 * Traffic records on PostgreSQL, written in batches (decision 0055): the records that arrive while one batch is being
 * written go together in the next (up to 32), one transaction and one multi-row insert, so recording costs a busy server a round
 * trip per batch rather than four per request, and never holds the sandbox's writer lock (traffic is not its data).
 * At most MAX_WAITING records wait; beyond that a record is refused (the server logs it) rather than held in memory.
 */
import type { TrafficLimits } from "../port";
import type { Db } from "../sql/db";
import { recordTrafficRows } from "../sql/traffic";
import type { SqlTraffic } from "../sql/traffic-certificates";

export const MAX_WAITING = 2000;
/** Rows per insert at most: each count is a statement text of its own, and a pool keeps at most 500 (prepared-statements.ts). */
const MAX_BATCH = 32;

interface Waiting {
  row: SqlTraffic;
  done: (error?: unknown) => void;
}

export function trafficBatches(db: Db): (row: SqlTraffic, limits: TrafficLimits) => Promise<void> {
  const waiting: Waiting[] = [];
  let limits: TrafficLimits | undefined;
  let writing = false;

  const writeNext = async (): Promise<void> => {
    while (waiting.length > 0 && limits !== undefined) {
      const batch = waiting.splice(0, MAX_BATCH);
      const bound = limits;
      try {
        await db.transaction().execute((tx) =>
          recordTrafficRows(
            tx,
            batch.map((entry) => entry.row),
            bound,
          ),
        );
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error);
      }
    }
    writing = false;
  };

  return (row, bound) =>
    new Promise<void>((resolve, reject) => {
      if (waiting.length >= MAX_WAITING) {
        reject(new Error(`${String(MAX_WAITING)} traffic records are waiting to be written; this one is dropped.`));
        return;
      }
      limits = bound;
      waiting.push({
        row,
        done: (error) => (error === undefined ? resolve() : reject(error instanceof Error ? error : new Error("A traffic batch failed", { cause: error }))),
      });
      if (writing) return;
      writing = true;
      void writeNext();
    });
}

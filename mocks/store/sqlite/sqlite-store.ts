/**
 * The SQL adapter of the storage port, on SQLite (better-sqlite3) through Kysely: the standalone
 * server's store. In memory without a file, in the file with one (created and migrated on open).
 * Same semantics as the IndexedDB adapter; docs/storage.md ("The SQL adapter") has the tables, the
 * transaction rules, durability and migrations.
 */
import { REQUEST_ID_RETENTION_MS, type SandboxStore, type TrafficLimits } from "../port";
import { clearAll, exportAll, importAll, replaceAll } from "../sql/export-import";
import { migrateToLatest } from "../sql/migrations";
import { sqliteMigrations } from "./sqlite-migrations";
import { readTxOf } from "../sql/read-tx";
import { CLAIM_COLUMNS, checkClaimTime, claimPrunes, claimRequestId, insertClaim, requestIdUsed, type ClaimRow } from "../sql/request-ids";
import { compileMarked } from "../sql/compiled-once";
import { CLOSED_MESSAGE, runTransaction } from "../sql/run-transaction";
import { openSqlite, type Durability, type SqliteConnection } from "./sqlite";
import type { Kysely } from "kysely";
import type Database from "better-sqlite3";
import { writeTxOf } from "../sql/write-tx";
import { commitListeners } from "../commit-listeners";
import { groupCommitHolds, type GroupCommitHolds } from "./group-commit";
import { walFlusher } from "./wal-flusher";
import { createRowCache } from "../sql/row-cache";
import type { Db } from "../sql/db";
import { asStoreFailure, storageFull } from "../unavailable";
import { trafficPageOf, trafficRecordOf, trafficRecordsOf } from "../sql/traffic";
import { preparedTrafficRecords } from "./sqlite-traffic";
import { sqlTraffic, type SqlTraffic } from "../sql/traffic-certificates";
import { statfs } from "node:fs/promises";
import { dirname } from "node:path";

export interface OpenSqliteStoreOptions {
  /** The database file (created if missing); default: a private in-memory database. */
  file?: string;
  /** Default "normal": a resolved write survives the process being killed (docs/decisions/0012). */
  durability?: Durability;
  /** The most pages the file may hold (sqlite.ts); default: as many as the disk takes. */
  maxPages?: number;
}

export interface SqliteSandboxStore extends SandboxStore {
  /** Resolves once close() has let the running transactions finish and closed the database. */
  closed(): Promise<void>;
  /**
   * Rejects with StoreUnavailable ("full") when a write would find no room: less than MIN_FREE_BYTES left on the
   * file system that holds the file, or the file at its page limit with no free page. Reads pass on a full disk,
   * so readiness asks this too (mocks/server/readiness.ts). In memory there is always room.
   */
  checkRoom(): Promise<void>;
}

/** Below this much free space where the database file is, a write may find none (a commit appends to the log). */
export const MIN_FREE_BYTES = 1024 * 1024;

export async function openSqliteStore(options: OpenSqliteStoreOptions = {}): Promise<SqliteSandboxStore> {
  const connection = openSqlite({ ...options });
  try {
    await migrateToLatest(connection.db as Kysely<unknown>, sqliteMigrations);
  } catch (error) {
    await connection.db.destroy();
    throw error;
  }
  return sqliteStoreOn(connection);
}

/** The port over an open, migrated database. */
export function sqliteStoreOn({ db, native }: SqliteConnection): SqliteSandboxStore {
  const cache = createRowCache();
  // Kysely's SQLite driver holds its one connection for the whole unit, and the file is locked to
  // this process (sqlite.ts): other units wait, so a read needs no BEGIN to see one state, and
  // nothing changes under a write. Units share commits (group-commit.ts).
  // With synchronous=FULL every commit already waits for its fsync: nothing would be left to flush.
  const flushesItself = native.pragma("synchronous", { simple: true }) === 2;
  const flusher = native.memory || flushesItself ? undefined : walFlusher(`${native.name}-wal`);
  const holds = groupCommitHolds<Db>({
    onConnection: (body) => db.connection().execute(body),
    inTransaction: () => native.inTransaction,
    onGroupFailed: () => cache.clear(),
    ...(flusher ? { onCommitted: flusher.committed } : {}),
  });
  const { notify, onCommit } = commitListeners();
  const claimNew = preparedClaim(db, native);
  const recordTraffic = batchedTraffic(holds, preparedTrafficRecords(native));
  /** A unit through a view of the cache, ended (forgetting what it changed) however the unit ends. */
  const viewed = async <T>(run: (view: ReturnType<typeof cache.view>) => Promise<T>): Promise<T> => {
    const view = cache.view();
    try {
      return await run(view);
    } finally {
      view.end();
    }
  };
  /** Replaces tables wholesale: the cache is forgotten before (a unit queued behind it must not keep what it read) and after. */
  const replacing = (run: () => Promise<unknown>) => async () => {
    cache.clear();
    try {
      await run();
    } finally {
      cache.clear();
    }
  };
  let closing: Promise<void> | undefined;
  const open = async <T>(run: () => Promise<T>): Promise<T> => {
    if (closing) throw new Error(CLOSED_MESSAGE);
    try {
      return await run();
    } catch (error) {
      // A full disk, an I/O error, a locked file: the storage cannot serve now, which is no bug (a 503, not a 500).
      throw asStoreFailure(error);
    }
  };
  const committed = async (run: () => Promise<unknown>): Promise<void> => {
    await open(run);
    notify();
  };

  return {
    read: (work) => open(() => viewed((view) => runTransaction(holds.read, (tx) => readTxOf(tx, view), work))),
    write: async (work) => {
      const result = await open(() => viewed((view) => runTransaction(holds.write, (tx) => writeTxOf(tx, view), work)));
      notify();
      return result;
    },
    exportAll: () => open(() => exportAll(holds)),
    importAll: (data) => committed(replacing(() => importAll(holds, data))),
    restore: (stores) => committed(replacing(() => replaceAll(holds, stores))),
    clear: () => committed(replacing(() => clearAll(holds))),
    // Not sandbox data, so not a commit the listeners hear of.
    // A unit of its own, so it commits with the units beside it (and answers only once committed).
    claimRequestId: (tppKey, requestId, at, keepUntil = at + REQUEST_ID_RETENTION_MS) =>
      open(async () => {
        checkClaimTime(at, keepUntil);
        const prunes = claimPrunes(db, at);
        // Nearly every claim is of a new id: one prepared insert, without a savepoint or a query to build (decision 0044).
        if (!prunes && (await holds.statement(() => claimNew({ tpp_key: tppKey, request_id: requestId, first_used_at: at, expires_at: keepUntil }))))
          return undefined;
        return holds.write((tx) => claimRequestId(tx, tppKey, requestId, at, keepUntil, prunes ? db : undefined));
      }),
    requestIdUsed: (tppKey, requestId, at) => open(() => holds.read((tx) => requestIdUsed(tx, tppKey, requestId, at))),
    // Not sandbox data either: a unit of the open group, after the answer; the listeners do not hear of it.
    recordTraffic: (entry, limits) => open(() => recordTraffic.record(sqlTraffic(entry), limits)),
    // A reading of the traffic first writes the records that wait: a client sees its last request at once.
    trafficPage: (query) => open(() => recordTraffic.flush().then(() => holds.read((tx) => trafficPageOf(tx, query), { apart: true }))),
    trafficRecords: (query) => open(() => recordTraffic.flush().then(() => holds.read((tx) => trafficRecordsOf(tx, query), { apart: true }))),
    trafficRecord: (id) => open(() => recordTraffic.flush().then(() => holds.read((tx) => trafficRecordOf(tx, id), { apart: true }))),
    onCommit,
    checkRoom: async () => {
      if (native.memory) return;
      const pages = (name: string) => Number(native.pragma(name, { simple: true }));
      if (pages("page_count") >= pages("max_page_count") && pages("freelist_count") === 0)
        throw storageFull(`the database file ${native.name} is at its limit of ${String(pages("max_page_count"))} pages`);
      const disk = await statfs(dirname(native.name));
      const free = disk.bavail * disk.bsize;
      if (free < MIN_FREE_BYTES) throw storageFull(`${String(free)} bytes are free on the file system of ${native.name}`);
    },
    close: () => {
      // Queued behind the transaction that holds the connection, then closes (and checkpoints the WAL).
      closing ??= recordTraffic
        .flush()
        .then(() => holds.flush())
        .finally(() => flusher?.stop())
        .finally(() => db.destroy());
    },
    closed: () => closing ?? Promise.reject(new Error("closed() before close()")),
  };
}

/**
 * The claim of a new request id (request-ids.ts's insert), compiled once and prepared on the
 * connection; true when it inserted. Every signed request claims one: run as a unit of its own
 * through Kysely, the claim cost the event loop about 190 µs, of which SQLite's insert was 15–35.
 */
function preparedClaim(db: Db, native: Database.Database): (claim: ClaimRow) => boolean {
  const { sql, parameters } = compileMarked(db, CLAIM_COLUMNS, insertClaim);
  const statement = native.prepare(sql);
  return (claim) => statement.run(parameters(claim)).changes === 1;
}

/**
 * How long a record waits for others before its batch is written. Written at once, a record of a read opened a commit
 * group of its own, and every read that met the open group waited for its commit: reads lost a fifth of their rate,
 * creations a third (decision 0055, "Measured"). A batch gathered over this time is one unit of the group it then joins.
 */
const RECORD_DELAY_MS = 20;

/**
 * Records written in batches: a record joins the batch that waits, if one does, else starts one that is written
 * RECORD_DELAY_MS later (or at once when the traffic is read or the store closes): one unit of the commit group it reaches (one statement's
 * savepoint, one update of the totals), each of its records answered once that group has committed.
 */
function batchedTraffic(
  holds: Pick<GroupCommitHolds<unknown>, "statement">,
  write: (rows: readonly SqlTraffic[], limits: TrafficLimits) => void,
): { record: (row: SqlTraffic, limits: TrafficLimits) => Promise<void>; flush: () => Promise<void> } {
  interface Batch {
    rows: SqlTraffic[];
    limits: TrafficLimits;
    written: Promise<void>;
    start: () => void;
  }
  let waiting: Batch | undefined;
  const record = (row: SqlTraffic, limits: TrafficLimits) => {
    if (waiting) {
      waiting.rows.push(row);
      waiting.limits = limits;
      return waiting.written;
    }
    let start!: () => void;
    const written = new Promise<void>((resolve, reject) => {
      start = () => {
        // From here on the batch is being written: a later record starts the next one.
        if (waiting === batch) waiting = undefined;
        holds.statement(() => write(batch.rows, batch.limits), { apart: true }).then(resolve, reject);
      };
    });
    const batch: Batch = { rows: [row], limits, written, start };
    waiting = batch;
    const timer = setTimeout(start, RECORD_DELAY_MS);
    batch.start = () => {
      clearTimeout(timer);
      start();
    };
    return written;
  };
  return {
    record,
    // The batch that waits, written now: a reading sees every record made before it, a store that closes keeps them.
    flush: async () => {
      const batch = waiting;
      batch?.start();
      await batch?.written.catch(() => undefined);
    },
  };
}

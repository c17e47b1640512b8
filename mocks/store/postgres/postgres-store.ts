/**
 * The SQL adapter of the storage port on PostgreSQL (pg) through Kysely: the hosted server's store.
 * The same queries as on SQLite (read-tx.ts, write-tx.ts, export-import.ts, request-ids.ts); what
 * differs is here and in postgres.ts: a pool of connections shared with other processes, reads
 * on one snapshot, writes one at a time across every process (docs/decisions, "PostgreSQL mode"),
 * and PostgreSQL's own migrations (postgres-migrations.ts).
 */
import type { Kysely } from "kysely";
import { commitListeners } from "../commit-listeners";
import { StoreUnavailable } from "../store-errors";
import { REQUEST_ID_RETENTION_MS, type SandboxStore } from "../port";
import type { Db, Hold } from "../sql/db";
import { clearAll, exportAll, importAll, replaceAll } from "../sql/export-import";
import { migrateToLatest } from "../sql/migrations";
import { batchLock, createSchema, whileSettingUp, postgresHolds, type OpenPostgresOptions, type PostgresConnection } from "./postgres";
import { insertTxOf } from "./insert-tx";
import { lateAnnouncer, type ChangeHub } from "./postgres-changes";
import { openPostgresPool, type PostgresPool } from "./postgres-pool";
import { postgresMigrations } from "./postgres-migrations";
import { readTxOf } from "../sql/read-tx";
import { claimPrunes, claimRequestId, requestIdUsed } from "../sql/request-ids";
import { CLOSED_MESSAGE, runTransaction } from "../sql/run-transaction";
import { asStoreFailure } from "../unavailable";
import { writeTxOf } from "../sql/write-tx";
import { trafficPageOf, trafficRecordOf, trafficRecordsOf } from "../sql/traffic";
import { sqlTraffic } from "../sql/traffic-certificates";
import { trafficBatches } from "./traffic-batches";

export interface PostgresSandboxStore extends SandboxStore {
  /** Resolves once close() has let the running units finish and closed the pool. */
  closed(): Promise<void>;
  /** Resolves once the store listens for other processes' commits (or keeps trying in the background). */
  listening: Promise<void>;
  /** Runs a batch job while no other process on this sandbox runs one (createSandbox's `exclusive`). */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(a connection URL that does not parse)";
  }
}

/** Creates the schema if missing and migrates it, under the set-up lock (`more`: other set-up of the hosted layer, on the same connection). */
export async function setUpSchema(connection: PostgresConnection, more?: (db: Db) => Promise<void>): Promise<void> {
  await whileSettingUp(connection, async (db) => {
    await createSchema({ ...connection, db });
    await migrateToLatest(db as Kysely<unknown>, postgresMigrations, connection.schema);
    await more?.(db);
  });
}

/**
 * Connects (a pool of its own, and a connection that listens), creates the schema if missing and migrates it; throws,
 * having ended the pool, when any of that fails. The store's close() ends the pool; `pool` is the same pool, for other
 * schemas a server serves beside this one (its tenants': tenant-stores.ts).
 */
export async function openPostgresStore(options: OpenPostgresOptions): Promise<PostgresSandboxStore & { pool: PostgresPool }> {
  const pool = openPostgresPool({ url: options.url, connections: options.maxConnections ?? 10, listen: true });
  let connection: PostgresConnection;
  try {
    connection = pool.connection(options.schema ?? "public");
    await setUpSchema(connection);
  } catch (error) {
    await pool.end();
    // For the operator starting the server: what the driver said (a StoreUnavailable keeps it as its cause).
    const said = error instanceof StoreUnavailable && error.cause !== undefined ? error.cause : error;
    const reason = said instanceof Error ? said.message : String(said);
    throw new Error(`PostgreSQL at ${redactUrl(options.url)} (schema ${options.schema ?? "public"}): ${reason}`, { cause: error });
  }
  const store = postgresStoreOn(connection, { changes: pool.changes, release: () => pool.end() });
  await store.listening;
  return Object.assign(store, { pool });
}

export interface PostgresStoreOptions {
  /** What close() does with the connection once the running units have ended; by default it ends the pool (tests keep it for the next store). */
  release?: () => Promise<void>;
  /** Where other processes' commits are heard (postgres-changes.ts); without it onCommit hears this store's only. */
  changes?: ChangeHub | undefined;
}

/** The port over a connected, migrated schema. */
export function postgresStoreOn(
  { db, schema, maxConnections = 10, lockDb = db }: PostgresConnection,
  options: PostgresStoreOptions = {},
): PostgresSandboxStore {
  const { release = () => db.destroy() } = options;
  const { notify, onCommit } = commitListeners();
  const notices = options.changes?.subscribe(schema, notify);
  const holds = postgresHolds(db, notices?.announcement);
  const running = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;
  /** This process's writes, one after another: only one of its connections waits on the sandbox's writer lock, the rest stay free for reads. */
  let lastWrite: Promise<unknown> = Promise.resolve();
  const queuedWrite: Hold = (body) => {
    const mine = lastWrite.then(() => holds.write(body));
    lastWrite = mine.catch(() => undefined);
    return mine;
  };
  const writeHolds = { ...holds, write: queuedWrite };
  /**
   * Inserts (initiations) do not queue behind each other: they share the writer lock, so they run side by side up to
   * the pool's size less two, which keeps one connection for this process's queued write and one for reads and the
   * replay guard's claims (each waits for a free one rather than for a write). More would only wait in the pool.
   */
  const insertSlots = slots(Math.max(1, maxConnections - 2));
  const announcer = notices && lateAnnouncer(db, notices.announcement);
  const recordTraffic = trafficBatches(db);

  const open = async <T>(run: () => Promise<T>): Promise<T> => {
    if (closing) throw new Error(CLOSED_MESSAGE);
    const unit = run();
    running.add(unit);
    try {
      return await unit;
    } catch (error) {
      // The database gone, restarting, refusing connections or out of disk: the storage cannot serve now, which is
      // no bug (a 503 with Retry-After, not a 500; the error itself goes to the server's log, never to the client).
      throw asStoreFailure(error);
    } finally {
      running.delete(unit);
    }
  };
  const committed = async (run: () => Promise<unknown>): Promise<void> => {
    await open(run);
    notify();
  };

  return {
    read: (work, readOptions) => open(() => runTransaction(readOptions?.oneStatement === true ? holds.oneStatement : holds.read, readTxOf, work)),
    write: async (work, writeOptions) => {
      if (writeOptions?.insertsOnly !== true) {
        const result = await open(() => runTransaction(queuedWrite, writeTxOf, work));
        notify();
        return result;
      }
      const result = await open(() => insertSlots(() => runTransaction(holds.insert, insertTxOf, work)));
      announcer?.announce();
      notify();
      return result;
    },
    exportAll: () => open(() => exportAll(holds)),
    importAll: (data) => committed(() => importAll(writeHolds, data)),
    restore: (stores) => committed(() => replaceAll(writeHolds, stores)),
    clear: () => committed(() => clearAll(writeHolds)),
    // An insert that does nothing on a known id: safe beside other processes' claims (the primary key decides).
    claimRequestId: (tppKey, requestId, at, keepUntil = at + REQUEST_ID_RETENTION_MS) =>
      open(() => claimRequestId(db, tppKey, requestId, at, keepUntil, claimPrunes(db, at) ? db : undefined)),
    // One statement, outside a transaction.
    requestIdUsed: (tppKey, requestId, at) => open(() => requestIdUsed(db, tppKey, requestId, at)),
    // Not sandbox data: no writer lock, no change notice; batched (traffic-batches.ts).
    recordTraffic: (entry, limits) => open(() => recordTraffic(sqlTraffic(entry), limits)),
    trafficPage: (query) => open(() => trafficPageOf(db, query)),
    trafficRecords: (query) => open(() => trafficRecordsOf(db, query)),
    trafficRecord: (id) => open(() => trafficRecordOf(db, id)),
    onCommit,
    exclusive: batchLock(lockDb),
    listening: options.changes?.ready ?? Promise.resolve(),
    close: () => {
      closing ??= (async () => {
        while (running.size > 0) await Promise.allSettled([...running]);
        await announcer?.settled();
        notices?.close();
        await release();
      })();
    },
    closed: () => closing ?? Promise.reject(new Error("closed() before close()")),
  };
}

/** At most `count` of the given works at once; the others wait, first come first served. */
function slots(count: number): <T>(work: () => Promise<T>) => Promise<T> {
  let free = count;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

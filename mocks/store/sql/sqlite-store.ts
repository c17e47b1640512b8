/**
 * The SQL adapter of the storage port, on SQLite (better-sqlite3) through Kysely: the standalone
 * server's store. In memory without a file, in the file with one (created and migrated on open).
 * Same semantics as the IndexedDB adapter; docs/storage.md ("The SQL adapter") has the tables, the
 * transaction rules, durability and migrations.
 */
import type { SandboxStore } from "../port";
import { clearAll, exportAll, importAll, replaceAll } from "./export-import";
import { migrateToLatest } from "./migrations";
import { readTxOf } from "./read-tx";
import { claimRequestId } from "./request-ids";
import { CLOSED_MESSAGE, runTransaction } from "./run-transaction";
import { openSqlite, type Durability, type SqliteConnection } from "./sqlite";
import type { Kysely } from "kysely";
import { writeTxOf } from "./write-tx";
import { commitListeners } from "../commit-listeners";
import type { Holds } from "./db";

export interface OpenSqliteStoreOptions {
  /** The database file (created if missing); default: a private in-memory database. */
  file?: string;
  /** Default "normal": a resolved write survives the process being killed (docs/decisions/0012). */
  durability?: Durability;
}

export interface SqliteSandboxStore extends SandboxStore {
  /** Resolves once close() has let the running transactions finish and closed the database. */
  closed(): Promise<void>;
}

export async function openSqliteStore(options: OpenSqliteStoreOptions = {}): Promise<SqliteSandboxStore> {
  const connection = openSqlite({ ...options });
  try {
    await migrateToLatest(connection.db as Kysely<unknown>);
  } catch (error) {
    await connection.db.destroy();
    throw error;
  }
  return sqliteStoreOn(connection);
}

/** The port over an open, migrated database. */
export function sqliteStoreOn({ db }: SqliteConnection): SqliteSandboxStore {
  const holds: Holds = {
    // Kysely's SQLite driver holds its one connection for the whole unit, and the file is locked to
    // this process (sqlite.ts): other units wait, so a read needs no BEGIN to see one state, and
    // nothing changes under a write.
    read: (body) => db.connection().execute(body),
    write: (body) => db.transaction().execute(body),
  };
  const { notify, onCommit } = commitListeners();
  let closing: Promise<void> | undefined;
  const open = async <T>(run: () => Promise<T>): Promise<T> => {
    if (closing) throw new Error(CLOSED_MESSAGE);
    return run();
  };
  const committed = async (run: () => Promise<unknown>): Promise<void> => {
    await open(run);
    notify();
  };

  return {
    read: (work) => open(() => runTransaction(holds.read, readTxOf, work)),
    write: async (work) => {
      const result = await open(() => runTransaction(holds.write, writeTxOf, work));
      notify();
      return result;
    },
    exportAll: () => open(() => exportAll(holds)),
    importAll: (data) => committed(() => importAll(holds, data)),
    restore: (stores) => committed(() => replaceAll(holds, stores)),
    clear: () => committed(() => clearAll(holds)),
    // Not sandbox data, so not a commit the listeners hear of.
    claimRequestId: (tppKey, requestId, at) => open(() => claimRequestId(db, tppKey, requestId, at)),
    onCommit,
    close: () => {
      // Queued behind the transaction that holds the connection, then closes (and checkpoints the WAL).
      closing ??= db
        .connection()
        .execute(() => Promise.resolve())
        .finally(() => db.destroy());
    },
    closed: () => closing ?? Promise.reject(new Error("closed() before close()")),
  };
}

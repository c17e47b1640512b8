/**
 * Everything specific to SQLite (better-sqlite3) in one place: opening the file or an in-memory
 * database, the pragmas and the Kysely dialect. The queries are portable Kysely, shared with
 * PostgreSQL (../sql/); ../postgres/postgres.ts provides the same for pg.
 */
import Database from "better-sqlite3";
import { Kysely, SqliteAdapter, SqliteDialect, type DialectAdapter } from "kysely";
import type { SandboxTables } from "../sql/tables";

/**
 * How hard a commit waits for the disk (docs/decisions/0012). NORMAL, in WAL mode: a commit is in
 * the write-ahead log when `write` resolves, so it survives the process being killed; an OS crash
 * or power cut may lose the last commits. FULL: it also survives those, at an fsync per commit.
 */
export type Durability = "normal" | "full";

export interface OpenSqliteOptions {
  /** The database file; undefined for a private in-memory database. */
  file?: string;
  durability?: Durability;
  /**
   * The most pages the database file may hold (PRAGMA max_page_count): a write that needs more fails as on a full
   * disk (SQLITE_FULL). Unset: as many as the disk takes. The tests reach a full database with it where they
   * cannot mount a small file system.
   */
  maxPages?: number;
}

/** The raw error codes a caller may want to tell apart (a file that is busy or not a database). */
export const sqliteErrorCode = (error: unknown): string | undefined =>
  error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;

export interface SqliteConnection {
  db: Kysely<SandboxTables>;
  /** The raw connection, for the checkpoint and close. */
  native: Database.Database;
}

/** SQLite's DDL is transactional; Kysely's adapter does not say so, and its Migrator then runs steps outside a transaction. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** So a migration step that fails rolls back whole, with the rest of that run. */
class SandboxSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Pages the write-ahead log may hold before a commit checkpoints it (4 KiB each). */
export const WAL_CHECKPOINT_PAGES = 4000;

export function openSqlite(options: OpenSqliteOptions = {}): SqliteConnection {
  const native = new Database(options.file ?? ":memory:");
  try {
    // WAL: readers of the file never block the writer, and a commit appends to the log instead of
    // rewriting pages. An in-memory database stays "memory" (it has no log).
    // One server per file: the first read takes an exclusive lock, held until close, so a second
    // server (or a tool writing to it) cannot change the data behind this one's back.
    if (options.file !== undefined) native.pragma("locking_mode = EXCLUSIVE");
    native.pragma("journal_mode = WAL");
    native.pragma(`synchronous = ${options.durability === "full" ? "FULL" : "NORMAL"}`);
    // A second opener waits this long for the lock before it is told the file is busy.
    native.pragma("busy_timeout = 1000");
    // A checkpoint (copying the log back into the file) stops the server for its two fsyncs, which
    // cost far more than the pages it copies: one every 4,000 pages (a log of up to 16 MB) instead
    // of SQLite's 1,000 took signed creations from 1,146 to 1,370/s (decision 0043).
    native.pragma(`wal_autocheckpoint = ${String(WAL_CHECKPOINT_PAGES)}`);
    native.pragma("foreign_keys = OFF");
    if (options.maxPages !== undefined) native.pragma(`max_page_count = ${String(Math.max(1, Math.floor(options.maxPages)))}`);
  } catch (error) {
    native.close();
    throw error;
  }
  return { db: new Kysely<SandboxTables>({ dialect: new SandboxSqliteDialect({ database: withStatementCache(native) }) }), native };
}

/** Prepared statements kept, at most; past that the cache starts over (queries with lists of varying length make new SQL). */
const MAX_CACHED_STATEMENTS = 256;

/**
 * Kysely prepares every query anew; SQLite's prepare is a large part of a small query's cost. The
 * same SQL text reuses its statement: safe, because Kysely's driver runs one query at a time on
 * the connection and reads each statement's rows whole.
 */
function withStatementCache(native: Database.Database): Pick<Database.Database, "close" | "prepare"> {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => native.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statement = native.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  } as Pick<Database.Database, "close" | "prepare">;
}

/** Whether the file's first bytes are a SQLite database's header, so --data can tell it from a JSON export. */
export const isSqliteHeader = (firstBytes: Uint8Array): boolean => Buffer.from(firstBytes).toString("latin1") === "SQLite format 3\u0000";

/** The files SQLite keeps beside a database in WAL mode. */
export const companionFiles = (file: string): string[] => [`${file}-wal`, `${file}-shm`, `${file}-journal`];

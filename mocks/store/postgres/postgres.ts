/**
 * Everything specific to PostgreSQL (pg) in one place, as sqlite.ts is for SQLite: which schema the
 * sandbox's tables live in, and how its units hold the database; the pool and its Kysely dialect are in
 * postgres-pool.ts. The queries elsewhere in this folder are the same typed Kysely for both.
 */
import { sql, type Kysely } from "kysely";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import type { Db, Hold, Holds } from "../sql/db";
import { openPostgresPool } from "./postgres-pool";
import type { SandboxTables } from "../sql/tables";

export interface OpenPostgresOptions {
  /** postgres://user:password@host:port/database (libpq's connection URL). */
  url: string;
  /** The schema that holds the sandbox's tables (created if missing); default "public". */
  schema?: string;
  /** Connections this process keeps at most, besides the one that listens for other processes' commits; default 10. */
  maxConnections?: number;
}

export interface PostgresConnection {
  db: Kysely<SandboxTables>;
  schema: string;
  /** The pool's most connections (default 10): what bounds this process's initiations running at once (postgres-store.ts). */
  maxConnections?: number;
  /** Where a batch job holds its session lock (batchLock); default `db`. On a server's pool, its lock share (postgres-pool.ts). */
  lockDb?: Kysely<SandboxTables>;
}

/** A pool of its own for one schema (a test's, a tool's); a server shares one pool between its schemas (postgres-pool.ts). */
export function openPostgres(options: OpenPostgresOptions): PostgresConnection {
  const pool = openPostgresPool({ url: options.url, connections: options.maxConnections ?? 10 });
  return pool.connection(options.schema ?? "public", { owns: true });
}

export async function createSchema({ db, schema }: PostgresConnection): Promise<void> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
}

/**
 * Runs the set-up of a schema (creating it, migrating it) while no other process sets up the same
 * schema: `CREATE … IF NOT EXISTS` is not safe against a second server starting at the same moment
 * (both see nothing, one fails on a duplicate name). A session lock on one connection, keyed by the
 * schema's name (it may not exist yet); the work runs on that same connection.
 */
export async function whileSettingUp<T>({ db, schema }: PostgresConnection, work: (connection: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    const key = sql`${SETUP_LOCK_CLASS}, hashtext(${schema})`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/**
 * Lock classes of the two-key form of PostgreSQL's advisory locks (its own key space, apart from
 * Kysely's migration lock); the second key is the schema's hash, so each sandbox has its own.
 */
export const WRITER_LOCK_CLASS = 0x5053_4431; // "PSD1"
export const BATCH_LOCK_CLASS = 0x5053_4432; // "PSD2"
export const SETUP_LOCK_CLASS = 0x5053_4433; // "PSD3"

/**
 * Reads: one snapshot for the whole unit (REPEATABLE READ, READ ONLY: never blocks, never fails to
 * serialize). Writes: READ COMMITTED, after a transaction-scoped advisory lock that every writer of
 * this sandbox takes first, in every process: one writer at a time, as SQLite has, so each of the
 * writer's statements sees every commit made before it began and nothing commits beside it
 * (docs/decisions, "PostgreSQL mode"). The lock ends with the transaction, commit or rollback,
 * and with the connection if the process dies.
 * Inserts (initiations) take the same lock shared: they run beside each other, never beside a write,
 * so what they read (clock, PSU, accounts) cannot change before they commit, and none of them reads
 * what another inserts (decision 0041-initiations-in-parallel). They send no notice inside: a NOTIFY
 * makes a commit take a database-wide lock until its WAL is flushed, which would queue their commits
 * one behind the other again (postgres-changes.ts announces them after their commit instead).
 */
export function postgresHolds(db: Db, announcement?: string): Holds & { insert: Hold; oneStatement: Hold } {
  const lock = `${String(WRITER_LOCK_CLASS)}, hashtext(current_schema())`;
  return {
    read: (body) => db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute(body),
    // A statement is its own snapshot: no transaction around it (ReadOptions.oneStatement), and none after it.
    oneStatement: (body) => body(db.withPlugin(new OneStatementOnly())),
    // One round trip opens the transaction, takes the writer lock and queues the commit's notice to the
    // other processes (postgres-changes.ts; delivered at commit, never after a rollback): the lock is held
    // for the body's statements and the commit only. A write costs a round trip per statement plus two.
    write: heldTransaction(db, [`begin`, `select pg_advisory_xact_lock(${lock})`, ...(announcement ? [announcement] : [])]),
    insert: heldTransaction(db, [`begin`, `select pg_advisory_xact_lock_shared(${lock})`]),
  };
}

/** Refuses a unit's second statement: a read without a transaction must not see two states of the data. */
class OneStatementOnly implements KyselyPlugin {
  #statements = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.#statements++;
    if (this.#statements > 1)
      throw new Error("A read with oneStatement ran a second statement: it would not see the first one's snapshot. Drop the option, or read once.");
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

/** A transaction on a connection of the pool, opened by `opening` in one round trip (simple protocol: the statements are ours, without parameters). */
function heldTransaction(db: Db, opening: string[]): Hold {
  const begin = opening.join("; ");
  return (body) =>
    db.connection().execute(async (connection) => {
      await sql.raw(begin).execute(connection);
      let result: Awaited<ReturnType<typeof body>>;
      try {
        result = await body(connection);
      } catch (error) {
        await sql
          .raw("rollback")
          .execute(connection)
          .catch(() => undefined);
        throw error;
      }
      await sql.raw("commit").execute(connection);
      return result;
    });
}

/**
 * One batch job at a time across every process on the sandbox (the sandbox's `exclusive`, as Web Locks
 * are in the browser): a session advisory lock, held on a connection of its own while the job runs,
 * waited for by the others. A catch-up reads the last run under it, so each scheduled run is done once,
 * by whichever server's timer comes first; a server that dies holding it loses its session, and the
 * lock with it. Jobs of this process queue first, so it waits on one connection at most.
 */
export function batchLock(db: Db): <T>(work: () => Promise<T>) => Promise<T> {
  const key = sql`${BATCH_LOCK_CLASS}, hashtext(current_schema())`;
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const run = tail.then(() =>
      db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(${key})`.execute(connection);
        try {
          return await work();
        } finally {
          await sql`select pg_advisory_unlock(${key})`.execute(connection);
        }
      }),
    );
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * A server's connections to PostgreSQL, all of them (decision 0047): one pg pool for every sandbox (schema) the
 * process serves, its own and, hosted, every tenant's; the one connection that LISTENs for other processes'
 * commits (postgres-changes.ts); nothing else. So the budget is real: at most `connections` pooled plus the
 * listener, however many tenants are open or how many requests arrive. A unit of work waits for a connection in a
 * bounded queue for a bounded time, then is refused as StoreUnavailable("busy"), a 503 with Retry-After.
 *
 * A connection works in the schema of whoever holds it: it is switched (`set_config('search_path', …)`, one
 * round trip) only when it last served another. PostgreSQL plans a named statement again when search_path has
 * changed since it was planned, so the statements each connection keeps (prepared-statements.ts) serve every
 * schema (prepared-statements.postgres.test.ts holds it to that).
 */
import { Kysely, PostgresDialect, type PostgresPool as KyselyPool } from "kysely";
import type pg from "pg";
import { pgDriver } from "./pg-driver";
import { StoreUnavailable } from "../store-errors";
import { createGate, type Gate } from "../sql/connection-gate";
import { RETRY_AFTER_SECONDS } from "../unavailable";
import { continuesRequest, markServed } from "./request-scope";
import { changeHub, type ChangeHub } from "./postgres-changes";
import { namePreparedStatements, statementNames } from "./prepared-statements";
import type { SandboxTables } from "../sql/tables";

export interface PostgresPoolOptions {
  /** postgres://user:password@host:port/database (libpq's connection URL; its parameters pass through). */
  url: string;
  /** Connections the pool opens at most (default 10); with `listen`, one more. */
  connections?: number;
  /** One more connection listens for other processes' commits (`changes`). */
  listen?: boolean;
  /** Units that may wait for a connection (default 16 per connection); one more is refused at once. */
  maxWaiting?: number;
  /** How long a unit may wait for a connection (default 5 s). */
  waitMs?: number;
}

/** One sandbox's view of the pool: what postgres.ts calls a connection. */
export interface SchemaConnection {
  db: Kysely<SandboxTables>;
  schema: string;
  /** The pool's size: what bounds a store's initiations running at once (postgres-store.ts). */
  maxConnections: number;
  /** Where a batch job holds its session lock (postgres.ts, batchLock): a connection of the lock share. */
  lockDb: Kysely<SandboxTables>;
}

export interface PostgresPool {
  /** The pool as seen from `schema`; cheap (no connection, no query). `owns`: destroying its db ends the pool. */
  connection(schema: string, options?: { owns?: boolean }): SchemaConnection;
  /** Queries that name their schemas (the catalogue, the tenants' key tables): any connection, whatever its search_path. */
  catalogue: Kysely<unknown>;
  /** Other processes' commits, for every schema, on one connection; undefined without `listen`. */
  changes: ChangeHub | undefined;
  size: number;
  /** Connections held and units waiting for one. */
  usage(): { inside: number; waiting: number };
  /** Ends the listener and the pool (idempotent). */
  end(): Promise<void>;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_WAIT_MS = 5_000;
/** A batch job may wait longer for a lock connection: another tenant's job holds it for as long as that job runs. */
const LOCK_WAIT_MS = 30_000;
/** Connecting (TCP and authentication) longer than this is a database that cannot be reached now. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Names that need no quoting anywhere (PostgreSQL folds unquoted names to lower case; 63 bytes at most). */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
export function checkSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`The PostgreSQL schema must be a lower-case name such as sandbox_1; got ${JSON.stringify(schema)}.`);
}

/** int8: the adapter's bigint columns (epoch ms, seq) hold safe integers; pg would give them as strings. */
let int8AsNumber: pg.TypeOverrides | undefined;
const types = (): pg.TypeOverrides => {
  if (int8AsNumber) return int8AsNumber;
  const driver = pgDriver();
  int8AsNumber = new driver.TypeOverrides();
  int8AsNumber.setTypeParser(driver.types.builtins.INT8, (value: string) => Number(value));
  return int8AsNumber;
};

const busy = () =>
  new StoreUnavailable(
    "busy",
    RETRY_AFTER_SECONDS.busy,
    "The sandbox's database is unavailable to new requests just now: every connection this server may open to it is taken, and too many requests wait for one.",
    { changedNothing: true },
  );

const unreachable = (cause: unknown) =>
  new StoreUnavailable("unreachable", RETRY_AFTER_SECONDS.unreachable, "The sandbox's database is unavailable: it cannot be reached just now.", { cause });

export function openPostgresPool(options: PostgresPoolOptions): PostgresPool {
  const size = options.connections ?? DEFAULT_POOL_SIZE;
  const pool = new (pgDriver().Pool)({
    connectionString: options.url,
    max: size,
    types: types(),
    application_name: "psd2-sandbox",
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection the server drops (a restart, a failover, an administrator) is an error event: on the
  // pool while idle, on the connection while in use. Without a listener it would end the process; with
  // one, the connection's next query fails and the pool replaces it.
  pool.on("error", () => undefined);
  const nameOf = statementNames();
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
    namePreparedStatements(client, nameOf);
  });
  const maxWaiting = options.maxWaiting ?? 16 * size;
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const units = createGate({ permits: size, maxWaiting, waitMs, refused: busy });
  // Session locks (a batch job's) are held on one connection while the job's units take others: at most a
  // quarter of the pool holds them, so those units always find the rest (a pool of locks alone would deadlock).
  const locks: Gate = createGate({ permits: Math.max(1, Math.floor(size / 4)), maxWaiting, waitMs: LOCK_WAIT_MS, refused: busy });
  const servesSchema = new WeakMap<pg.PoolClient, string>();

  async function acquire(schema: string | undefined, holdsLock: boolean): Promise<pg.PoolClient> {
    // A request refused at all is refused before its first unit: once served, it goes on to its answer (request-scope.ts).
    const continuing = continuesRequest();
    const leaveLocks = holdsLock ? await locks.enter(continuing) : undefined;
    let leaveUnits: () => void;
    try {
      leaveUnits = await units.enter(continuing);
    } catch (error) {
      leaveLocks?.();
      throw error;
    }
    markServed();
    const leave = () => {
      leaveUnits();
      leaveLocks?.();
    };
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      leave();
      throw unreachable(error);
    }
    try {
      if (schema !== undefined && servesSchema.get(client) !== schema) {
        servesSchema.delete(client);
        await client.query("select set_config('search_path', $1, false)", [schema]);
        servesSchema.set(client, schema);
      }
    } catch (error) {
      client.release(error instanceof Error ? error : new Error(String(error)));
      leave();
      throw error;
    }
    // pg-pool gives each checkout a release of its own; this one also lets the permits go.
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      client.release = release;
      release(error);
      leave();
    };
    return client;
  }

  let ended: Promise<void> | undefined;
  const end = () =>
    (ended ??= (async () => {
      await changes?.close();
      await pool.end();
    })());
  const kysely = <Tables>(schema: string | undefined, holdsLock: boolean, owns: boolean) => {
    const facade: KyselyPool = { connect: () => acquire(schema, holdsLock), end: () => (owns ? end() : Promise.resolve()) };
    return new Kysely<Tables>({ dialect: new PostgresDialect({ pool: facade }) });
  };
  const changes = options.listen === true ? changeHub(options.url) : undefined;

  return {
    connection(schema, connectionOptions = {}) {
      checkSchemaName(schema);
      return {
        db: kysely<SandboxTables>(schema, false, connectionOptions.owns === true),
        schema,
        maxConnections: size,
        lockDb: kysely<SandboxTables>(schema, true, false),
      };
    },
    catalogue: kysely<unknown>(undefined, false, false),
    changes,
    size,
    usage: () => units.usage(),
    end,
  };
}

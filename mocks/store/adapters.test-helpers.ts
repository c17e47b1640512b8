/**
 * Test-only: every adapter of the storage port, for the contract suites that run the same tests
 * against each (describe.each(adapters)), so that the browser's IndexedDB and the server's SQLite
 * and PostgreSQL cannot drift apart. The unit tests run them on IndexedDB and SQLite; the postgres
 * suite (vitest.postgres.config.ts) runs the same files on PostgreSQL, the only adapter there.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSandboxStore } from "./indexeddb/indexeddb-store";
import { deleteDatabase } from "./indexeddb/open-database";
import type { SandboxStore } from "./port";
import { openSqliteStore } from "./sqlite/sqlite-store";
import { freshName } from "./store.test-helpers";
import { afterAll, inject } from "vitest";
import { emptySchema, openTestConnection, openTestPostgresStore } from "./postgres/postgres.test-helpers";
import type { PostgresConnection } from "./postgres/postgres";
import { postgresStoreOn, type PostgresSandboxStore } from "./postgres/postgres-store";

export type TestStore = SandboxStore & {
  /** Closes the store and opens the same data again (a new connection). */
  reopen(): Promise<SandboxStore>;
  /** Closes everything and deletes the data. */
  dispose(): Promise<void>;
};

export interface Adapter {
  name: string;
  /** A store no other test uses. */
  fresh(): Promise<TestStore>;
}

const indexedDbAdapter = (label: string, blockSize?: number): Adapter => ({
  name: label,
  async fresh() {
    const name = freshName();
    const options = { transactionBlockSize: blockSize, paymentBlockSize: blockSize };
    let current = await openSandboxStore({ name, ...options });
    return {
      ...current,
      reopen: async () => {
        current.close();
        current = await openSandboxStore({ name, ...options });
        return current;
      },
      dispose: async () => {
        current.close();
        await deleteDatabase(name);
      },
    };
  },
});

const sqliteAdapter: Adapter = {
  name: "SQLite (better-sqlite3)",
  async fresh() {
    // A file (not :memory:) so that reopen finds the data; the OS keeps it in its cache.
    const directory = mkdtempSync(join(tmpdir(), "sandbox-store-"));
    const file = join(directory, "sandbox.db");
    let current = await openSqliteStore({ file });
    return {
      ...current,
      reopen: async () => {
        current.close();
        await current.closed();
        current = await openSqliteStore({ file });
        return current;
      },
      dispose: async () => {
        current.close();
        await current.closed();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  },
};

/** Emptied schemas with their pools, for the next fresh store: making and migrating a schema costs a few hundred ms, emptying one a few. */
const idleSchemas: PostgresConnection[] = [];

const postgresAdapter: Adapter = {
  name: "PostgreSQL (pg)",
  async fresh() {
    const connection = idleSchemas.pop() ?? (await openTestConnection());
    // close() leaves the pool to dispose; a reopen is a real one: a new pool on the same schema.
    let current: PostgresSandboxStore = postgresStoreOn(connection, { release: () => Promise.resolve() });
    return {
      ...current,
      reopen: async () => {
        current.close();
        await current.closed();
        current = await openTestPostgresStore(connection.schema);
        return current;
      },
      dispose: async () => {
        current.close();
        await current.closed();
        await emptySchema(connection);
        idleSchemas.push(connection);
      },
    };
  },
};

export const adapters: readonly Adapter[] =
  inject("postgresUrl") === undefined
    ? [
        indexedDbAdapter("IndexedDB (fake-indexeddb)"),
        // Blocks of 3 transactions and of 3 payments: the suites' few dozen bookings and payments then fill, split and span many blocks.
        indexedDbAdapter("IndexedDB (fake-indexeddb), blocks of 3", 3),
        sqliteAdapter,
      ]
    : [postgresAdapter];

/** For describe.each: `describe.each(adapterCases)("… on %s", (_name, adapter) => …)`. */
export const adapterCases: readonly [string, Adapter][] = adapters.map((adapter) => [adapter.name, adapter]);

afterAll(async () => {
  await Promise.all(idleSchemas.splice(0).map((connection) => connection.db.destroy()));
});

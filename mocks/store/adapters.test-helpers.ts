/**
 * Test-only: every adapter of the storage port, for the contract suites that run the same tests
 * against each (describe.each(adapters)), so that the browser's IndexedDB and the server's SQLite
 * cannot drift apart.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSandboxStore } from "./indexeddb-store";
import { deleteDatabase } from "./open-database";
import type { SandboxStore } from "./port";
import { openSqliteStore } from "./sql/sqlite-store";
import { freshName } from "./store.test-helpers";

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

const indexedDbAdapter = (label: string, transactionBlockSize?: number): Adapter => ({
  name: label,
  async fresh() {
    const name = freshName();
    let current = await openSandboxStore({ name, transactionBlockSize });
    return {
      ...current,
      reopen: async () => {
        current.close();
        current = await openSandboxStore({ name, transactionBlockSize });
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

export const adapters: readonly Adapter[] = [
  indexedDbAdapter("IndexedDB (fake-indexeddb)"),
  // Blocks of 3 transactions: the suites' few dozen bookings then fill, split and span many blocks.
  indexedDbAdapter("IndexedDB (fake-indexeddb), blocks of 3", 3),
  sqliteAdapter,
];

/** For describe.each: `describe.each(adapterCases)("… on %s", (_name, adapter) => …)`. */
export const adapterCases: readonly [string, Adapter][] = adapters.map((adapter) => [adapter.name, adapter]);

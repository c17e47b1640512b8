/**
 * Test-only harness for the schema migrations: for each version v below the newest, build a
 * database at v with only the steps up to v, seed a fixture that was valid at v, open it with all
 * steps, and check that the data is all there and every index answers correctly.
 */
import type { IDBPDatabase } from "idb";
import { expect } from "vitest";
import { DUE_STATUSES } from "../records";
import { versionOf, type MigrationStep } from "./migrations";
import { deleteDatabase, openDatabase } from "./open-database";
import type { SandboxExport, SandboxStore } from "../port";
import type { StoreLayout } from "./schema";
import { freshName, newestFirst } from "../store.test-helpers";

type Stores = SandboxExport["stores"];

export interface VersionFixture {
  /** The version the fixture is valid at; 0 is a fresh database (nothing to seed). */
  version: number;
  /** Writes the fixture into a database at `version`, with the stores that version has. */
  seed(db: IDBPDatabase): Promise<void>;
  /** The data after migrating to the newest version, store by store, as exportAll lists it. */
  expected: Stores;
}

export const freshDatabase: VersionFixture = {
  version: 0,
  seed: () => Promise.resolve(),
  expected: { customers: [], accounts: [], agreements: [], payments: [], baskets: [], transactions: [], meta: [] },
};

/** Puts every record into the store of the same name (the layout of version 1 and any that keeps its names). */
export async function seedByStoreName(db: IDBPDatabase, stores: Record<string, readonly unknown[]>): Promise<void> {
  const names = Object.keys(stores);
  const tx = db.transaction(names, "readwrite");
  await Promise.all([...names.flatMap((name) => (stores[name] ?? []).map((record) => tx.objectStore(name).put(record))), tx.done]);
}

/** The stores, keys and indexes a database actually has. */
export function layoutOf(db: IDBPDatabase): StoreLayout[] {
  const names = [...db.objectStoreNames];
  if (names.length === 0) return [];
  const tx = db.transaction(names, "readonly");
  return names.map((name) => {
    const store = tx.objectStore(name);
    const indexes = [...store.indexNames].map((indexName) => {
      const index = store.index(indexName);
      return { name: indexName, keyPath: index.keyPath, unique: index.unique };
    });
    return { name, keyPath: store.keyPath!, indexes };
  });
}

const sortByName = <T extends { name: string }>(items: readonly T[]) => [...items].sort((a, b) => (a.name < b.name ? -1 : 1));
const normalised = (layout: readonly StoreLayout[]) => sortByName(layout).map((store) => ({ ...store, indexes: sortByName(store.indexes) }));

const valueAt = (record: unknown, path: string | string[] | null): unknown =>
  path === null ? undefined : Array.isArray(path) ? path.map((part) => valueAt(record, part)) : (record as Record<string, unknown>)[path];
const isKey = (key: unknown): boolean => (Array.isArray(key) ? key.every(isKey) : key !== undefined);

/** Every index holds exactly the expected records with an index key, in IndexedDB's key order. */
async function checkIndexes(db: IDBPDatabase, layout: readonly StoreLayout[], expected: Stores): Promise<void> {
  const tx = db.transaction(
    layout.map((store) => store.name),
    "readonly",
  );
  for (const storeLayout of layout) {
    const records = (expected as unknown as Record<string, unknown[]>)[storeLayout.name] ?? [];
    for (const index of storeLayout.indexes) {
      const entries: [unknown, unknown][] = [];
      for (let cursor = await tx.objectStore(storeLayout.name).index(index.name).openKeyCursor(); cursor; cursor = await cursor.continue())
        entries.push([cursor.key, cursor.primaryKey]);
      const wanted = records
        .map((record): [unknown, unknown] => [valueAt(record, index.keyPath), valueAt(record, storeLayout.keyPath)])
        .filter(([key]) => isKey(key))
        .sort(([keyA, primaryA], [keyB, primaryB]) => indexedDB.cmp(keyA, keyB) || indexedDB.cmp(primaryA, primaryB));
      expect(entries, `index ${storeLayout.name}.${index.name}`).toEqual(wanted);
    }
  }
}

/** The port's own queries over the migrated data. */
async function checkQueries(store: SandboxStore, expected: Stores): Promise<void> {
  await store.read(async (tx) => {
    for (const customer of expected.customers) expect(await tx.customerByPsuId(customer.psuId)).toEqual(customer);
    for (const item of expected.transactions) expect(await tx.transaction(item.accountId, item.id)).toEqual(item);
    for (const account of expected.accounts) {
      expect(await tx.accountByBban(account.bban)).toEqual(account);
      expect(await tx.accountsOf(account.customerNumber)).toContainEqual(account);
      const list = expected.transactions.filter((item) => item.accountId === account.resourceId).sort(newestFirst);
      expect((await tx.transactionPage({ accountId: account.resourceId, limit: 1000 })).items).toEqual(list);
      expect(await tx.transactionCount(account.resourceId)).toBe(list.length);
    }
    const single = expected.payments.filter((item) => item.product === "single");
    expect((await tx.duePayments(["RCVD", "ACTC", "PDNG", "ACSC", "RJCT", "CANC"], "9999-12-31")).map((item) => item.paymentId).sort()).toEqual(
      single.map((item) => item.paymentId).sort(),
    );
    const due = single
      .filter((item) => DUE_STATUSES.includes(item.transactionStatus))
      .sort((a, b) => a.executionDate.localeCompare(b.executionDate) || a.createdAt - b.createdAt || a.paymentId.localeCompare(b.paymentId));
    expect(await tx.duePayments(DUE_STATUSES, "9999-12-31")).toEqual(due);
    expect(await tx.payments(1000)).toHaveLength(expected.payments.length);
  });
}

export interface Harness {
  steps: readonly MigrationStep[];
  /** One fixture per version from 0 to the newest − 1. */
  fixtures: readonly VersionFixture[];
  /** What the newest version's database must look like. */
  layout: readonly StoreLayout[];
  /** Opens the port over the named database at the newest version. */
  open(name: string): Promise<SandboxStore>;
}

/** Runs every fixture's upgrade; throws if a version below the newest has no fixture. */
export async function checkUpgrades({ steps, fixtures, layout, open }: Harness): Promise<number[]> {
  const newest = versionOf(steps);
  const versions = fixtures.map((fixture) => fixture.version);
  expect(versions, "one fixture for each version below the newest").toEqual(Array.from({ length: newest }, (_, v) => v));
  for (const fixture of fixtures) {
    const name = freshName();
    if (fixture.version > 0) {
      const old = await openDatabase({ name, steps: steps.slice(0, fixture.version) });
      expect(old.version).toBe(fixture.version);
      await fixture.seed(old);
      old.close();
    }
    const store = await open(name);
    const raw = await openDatabase({ name, steps });
    expect(raw.version).toBe(newest);
    expect(normalised(layoutOf(raw)), `layout after upgrading from ${String(fixture.version)}`).toEqual(normalised(layout));
    expect((await store.exportAll()).stores, `data after upgrading from ${String(fixture.version)}`).toEqual(fixture.expected);
    await checkIndexes(raw, layout, fixture.expected);
    await checkQueries(store, fixture.expected);
    raw.close();
    store.close();
    await deleteDatabase(name);
  }
  return versions;
}

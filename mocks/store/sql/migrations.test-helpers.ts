/**
 * Test-only harness for the SQL schema migrations, as ../migrations.test-helpers.ts is for
 * IndexedDB: for each version v below the newest, build a database with only the steps up to v,
 * seed a fixture valid at v (raw rows, in v's own tables), migrate with every step, and check the
 * layout, the data (exportAll) and the port's queries. Adding version 2 is adding its fixture.
 */
import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { SandboxExport, SandboxStore } from "../port";
import { newestFirst, sampleStores, singlePayment, transaction } from "../store.test-helpers";
import { migrateToLatest, schemaVersionOf, type SqlMigrationStep } from "./migrations";
import { RELEASED_MIGRATIONS } from "./released-schema.test-helpers";
import { accountRow, agreementRow, basketRow, customerRow, metaRow, paymentRow, transactionRow } from "./rows";
import type { SandboxTables } from "./tables";
import { openSqlite, type SqliteConnection } from "../sqlite/sqlite";
import { sqliteStoreOn } from "../sqlite/sqlite-store";

type Stores = SandboxExport["stores"];

export interface SqlVersionFixture {
  /** The version the fixture is valid at; 0 is a new, empty database. */
  version: number;
  /** Writes the fixture into a database at `version`, in that version's tables. */
  seed(db: Kysely<unknown>): Promise<void>;
  /** The data after migrating to the newest version, as exportAll lists it. */
  expected: Stores;
}

/** Every record of `stores` as a row of version 1's tables (the data tables are unchanged since). */
export async function insertRows(untyped: Kysely<unknown>, stores: Stores): Promise<void> {
  const db = untyped as Kysely<SandboxTables>;
  for (const row of stores.customers.map(customerRow)) await db.insertInto("customers").values(row).execute();
  for (const row of stores.accounts.map(accountRow)) await db.insertInto("accounts").values(row).execute();
  for (const row of stores.agreements.map(agreementRow)) await db.insertInto("agreements").values(row).execute();
  for (const row of stores.payments.map(paymentRow)) await db.insertInto("payments").values(row).execute();
  for (const row of stores.baskets.map(basketRow)) await db.insertInto("baskets").values(row).execute();
  for (const row of stores.transactions.map(transactionRow)) await db.insertInto("transactions").values(row).execute();
  for (const row of stores.meta.map(metaRow)) await db.insertInto("meta").values(row).execute();
}

/** The rows of kysely_migration in a released database (the dates are made up; only the names are read). */
export const releasedMigrationRecords = RELEASED_MIGRATIONS.map((name, index) => ({ name, timestamp: `2026-05-0${String(index + 1)}T10:00:00.000Z` }));

/**
 * A store over a released database holding sampleStores() and the request id "id-1" of "tpp" first used at 1000
 * serves it as before: the data read back, the id known, a payment and a transaction written and read.
 */
export async function expectReleasedDataServed(store: SandboxStore): Promise<void> {
  expect((await store.exportAll()).stores).toEqual(sampleStores());
  expect(await store.claimRequestId("tpp", "id-1", 2000)).toEqual({ firstUsedAt: 1000 });
  const [first] = sampleStores().accounts;
  if (first === undefined) throw new Error("the sample has accounts");
  await store.write(async (tx) => {
    await tx.putPayment(singlePayment("new-payment", "2026-06-01"));
    await tx.addTransaction(transaction(first.resourceId, "new-transaction", "2026-06-01"));
  });
  await store.read(async (tx) => {
    expect((await tx.payment("new-payment"))?.paymentId).toBe("new-payment");
    expect((await tx.transaction(first.resourceId, "new-transaction"))?.id).toBe("new-transaction");
  });
}

export const emptySqlDatabase: SqlVersionFixture = {
  version: 0,
  seed: () => Promise.resolve(),
  expected: { customers: [], accounts: [], agreements: [], payments: [], baskets: [], transactions: [], meta: [] },
};

export interface TableLayout {
  name: string;
  columns: { name: string; type: string; notNull: boolean }[];
  /** Every index, those behind PRIMARY KEY and UNIQUE constraints included. */
  indexes: { columns: string[]; unique: boolean }[];
}

/** The tables, columns and indexes the database has (SQLite's catalogue; Kysely's own tables left out). */
export function layoutOf({ native }: SqliteConnection): TableLayout[] {
  const tables = native
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name")
    .all() as { name: string }[];
  return tables.map(({ name }) => {
    const columns = (
      native.prepare(`select name, type, "notnull" as required, pk from pragma_table_info(?) order by cid`).all(name) as {
        name: string;
        type: string;
        required: number;
        pk: number;
      }[]
    ).map((column) => ({ name: column.name, type: column.type.toLowerCase(), notNull: column.required === 1 || column.pk > 0 }));
    const indexes = (native.prepare(`select name, "unique" as isUnique from pragma_index_list(?)`).all(name) as { name: string; isUnique: number }[])
      .map((index) => ({
        columns: (native.prepare("select name from pragma_index_info(?) order by seqno").all(index.name) as { name: string }[]).map((column) => column.name),
        unique: index.isUnique === 1,
      }))
      .sort((a, b) => (a.columns.join() < b.columns.join() ? -1 : 1));
    return { name, columns, indexes };
  });
}

/** The port's own queries over the migrated data. */
async function checkQueries(store: SandboxStore, expected: Stores): Promise<void> {
  await store.read(async (tx) => {
    for (const customer of expected.customers) expect(await tx.customerByPsuId(customer.psuId)).toEqual(customer);
    for (const account of expected.accounts) {
      expect(await tx.accountByBban(account.bban)).toEqual(account);
      expect(await tx.accountsOf(account.customerNumber)).toContainEqual(account);
      const list = expected.transactions.filter((item) => item.accountId === account.resourceId).sort(newestFirst);
      expect((await tx.transactionPage({ accountId: account.resourceId, limit: 1000 })).items).toEqual(list);
      expect(await tx.transactionCount(account.resourceId)).toBe(list.length);
    }
    const due = expected.payments.filter((item) => item.product === "single");
    expect((await tx.duePayments(["RCVD", "ACTC", "PDNG", "ACSC", "RJCT", "CANC"], "9999-12-31")).map((item) => item.paymentId).sort()).toEqual(
      due.map((item) => item.paymentId).sort(),
    );
    expect(await tx.payments(1000)).toHaveLength(expected.payments.length);
  });
}

export interface SqlHarness {
  steps: readonly SqlMigrationStep[];
  /** One fixture per version from 0 to the newest − 1. */
  fixtures: readonly SqlVersionFixture[];
  /** What the newest version's database must look like. */
  layout: readonly TableLayout[];
}

/** Runs every fixture's upgrade; throws if a version below the newest has no fixture. Returns the versions tested. */
export async function checkSqlUpgrades({ steps, fixtures, layout }: SqlHarness): Promise<number[]> {
  const newest = steps.at(-1)?.version ?? 0;
  const versions = fixtures.map((fixture) => fixture.version);
  expect(versions, "one fixture for each version below the newest").toEqual(Array.from({ length: newest }, (_, v) => v));
  for (const fixture of fixtures) {
    const connection = openSqlite();
    const raw = connection.db as Kysely<unknown>;
    try {
      if (fixture.version > 0) {
        await migrateToLatest(raw, steps.slice(0, fixture.version));
        expect(await schemaVersionOf(raw, steps)).toBe(fixture.version);
        await fixture.seed(raw);
      }
      await migrateToLatest(raw, steps);
      expect(await schemaVersionOf(raw, steps)).toBe(newest);
      expect(layoutOf(connection), `layout after upgrading from ${String(fixture.version)}`).toEqual(layout);
      const store = sqliteStoreOn(connection);
      expect((await store.exportAll()).stores, `data after upgrading from ${String(fixture.version)}`).toEqual(fixture.expected);
      await checkQueries(store, fixture.expected);
    } finally {
      await connection.db.destroy();
    }
  }
  return versions;
}

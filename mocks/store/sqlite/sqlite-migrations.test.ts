/**
 * The SQL steps on SQLite against the databases already out there, made before the steps were written once
 * for both engines (decision 0051): the same catalogue, statement for statement, and such a database, with
 * data, opened and used without a migration.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Database from "better-sqlite3";
import type { Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import { REQUEST_ID_RETENTION_MS } from "../port";
import { RELEASED_MIGRATIONS, RELEASED_SQLITE_CATALOGUE } from "../sql/released-schema.test-helpers";
import { migrateToLatest } from "../sql/migrations";
import { accountRow, agreementRow, basketRow, customerRow, metaRow, paymentRow, transactionRow } from "../sql/rows";
import { sampleStores, singlePayment, transaction } from "../store.test-helpers";
import { openSqlite } from "./sqlite";
import { sqliteMigrations } from "./sqlite-migrations";
import { openSqliteStore } from "./sqlite-store";

const catalogueOf = (native: Database.Database) => native.prepare("select type, name, tbl_name, sql from sqlite_master order by type, name").all();
const appliedSteps = (native: Database.Database) => native.prepare("select name, timestamp from kysely_migration order by name").all();

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A database file as the released code left it at version 2: its catalogue, its migration records and rows of every table. */
async function releasedDatabase(): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), "sandbox-released-"));
  directories.push(directory);
  const file = join(directory, "sandbox.db");
  const { db, native } = openSqlite({ file });
  const statements = RELEASED_SQLITE_CATALOGUE.flatMap((row) => (row.sql === null ? [] : [row]));
  for (const row of [...statements.filter((item) => item.type === "table"), ...statements.filter((item) => item.type !== "table")]) native.exec(row.sql ?? "");
  for (const [index, name] of RELEASED_MIGRATIONS.entries())
    native.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run(name, `2026-05-0${String(index + 1)}T10:00:00.000Z`);
  native.prepare("insert into kysely_migration_lock (id, is_locked) values ('migration_lock', 0)").run();
  const stores = sampleStores();
  for (const row of stores.customers.map(customerRow)) await db.insertInto("customers").values(row).execute();
  for (const row of stores.accounts.map(accountRow)) await db.insertInto("accounts").values(row).execute();
  for (const row of stores.agreements.map(agreementRow)) await db.insertInto("agreements").values(row).execute();
  for (const row of stores.payments.map(paymentRow)) await db.insertInto("payments").values(row).execute();
  for (const row of stores.baskets.map(basketRow)) await db.insertInto("baskets").values(row).execute();
  for (const row of stores.transactions.map(transactionRow)) await db.insertInto("transactions").values(row).execute();
  for (const row of stores.meta.map(metaRow)) await db.insertInto("meta").values(row).execute();
  await db
    .insertInto("request_ids")
    .values({ tpp_key: "tpp", request_id: "id-1", first_used_at: 1000, expires_at: 1000 + REQUEST_ID_RETENTION_MS })
    .execute();
  await db.destroy();
  return file;
}

test("the steps make the catalogue a released database has, statement for statement", async () => {
  const { db, native } = openSqlite();
  await migrateToLatest(db as Kysely<unknown>, sqliteMigrations);
  expect(catalogueOf(native)).toEqual(RELEASED_SQLITE_CATALOGUE);
  await db.destroy();
});

test("a released database opens without a migration, and its data is read and written as before", async () => {
  const file = await releasedDatabase();
  const store = await openSqliteStore({ file });
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
  store.close();
  await store.closed();

  const { db, native } = openSqlite({ file });
  expect(appliedSteps(native)).toEqual(RELEASED_MIGRATIONS.map((name, index) => ({ name, timestamp: `2026-05-0${String(index + 1)}T10:00:00.000Z` })));
  expect(catalogueOf(native)).toEqual(RELEASED_SQLITE_CATALOGUE);
  await db.destroy();
});

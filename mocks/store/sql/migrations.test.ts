import { sql, type Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import type { SandboxExport } from "../port";
import { expectRejection, sampleStores } from "../store.test-helpers";
import { CURRENT_SQL_SCHEMA_VERSION, migrateToLatest, schemaVersionOf, sqlMigrations, type SqlMigrationStep } from "./migrations";
import { checkSqlUpgrades, emptySqlDatabase, type SqlVersionFixture, type TableLayout } from "./migrations.test-helpers";
import { accountRow, agreementRow, basketRow, customerRow, metaRow, paymentRow, transactionRow } from "./rows";
import { openSqlite } from "./sqlite";
import { openSqliteStore } from "./sqlite-store";
import type { SandboxTables } from "./tables";

const text = (name: string, notNull = true) => ({ name, type: "text", notNull });
const bigint = (name: string) => ({ name, type: "bigint", notNull: true });
const index = (columns: string[], unique: boolean) => ({ columns, unique });

/** The layout of the newest version (docs/storage.md, "The SQL adapter"), tables in name order, indexes by their columns. */
const layout: TableLayout[] = [
  {
    name: "accounts",
    columns: [text("resource_id"), text("bban"), text("customer_number"), text("data")],
    indexes: [index(["bban"], true), index(["customer_number", "resource_id"], false), index(["resource_id"], true)],
  },
  { name: "agreements", columns: [text("customer_number"), text("data")], indexes: [index(["customer_number"], true)] },
  { name: "baskets", columns: [text("basket_id"), text("data")], indexes: [index(["basket_id"], true)] },
  { name: "customers", columns: [text("customer_number"), text("psu_id"), text("data")], indexes: [index(["customer_number"], true), index(["psu_id"], true)] },
  { name: "meta", columns: [text("key"), text("value")], indexes: [index(["key"], true)] },
  {
    name: "payments",
    columns: [text("payment_id"), bigint("created_at"), text("transaction_status"), text("execution_date", false), text("data")],
    indexes: [index(["created_at", "payment_id"], false), index(["payment_id"], true), index(["transaction_status", "execution_date"], false)],
  },
  {
    name: "request_ids",
    columns: [text("tpp_key"), text("request_id"), bigint("first_used_at")],
    indexes: [index(["first_used_at"], false), index(["tpp_key", "request_id"], true)],
  },
  {
    name: "transactions",
    columns: [text("account_id"), text("id"), text("booking_date"), bigint("seq"), text("data")],
    indexes: [index(["account_id", "booking_date", "seq"], true), index(["account_id", "id"], true)],
  },
];

/**
 * One fixture per version below the current one, each valid at its version. Adding version 2 means
 * adding its step to migrations.ts and, here, a fixture of version 1 (seedVersionOne below writes
 * version-1 rows; keep it writing them when the row helpers change).
 */
const fixtures: SqlVersionFixture[] = [emptySqlDatabase];

/** Rows as version 1 holds them. */
async function seedVersionOne(untyped: Kysely<unknown>, stores: SandboxExport["stores"]): Promise<void> {
  const db = untyped as Kysely<SandboxTables>;
  for (const row of stores.customers.map(customerRow)) await db.insertInto("customers").values(row).execute();
  for (const row of stores.accounts.map(accountRow)) await db.insertInto("accounts").values(row).execute();
  for (const row of stores.agreements.map(agreementRow)) await db.insertInto("agreements").values(row).execute();
  for (const row of stores.payments.map(paymentRow)) await db.insertInto("payments").values(row).execute();
  for (const row of stores.baskets.map(basketRow)) await db.insertInto("baskets").values(row).execute();
  for (const row of stores.transactions.map(transactionRow)) await db.insertInto("transactions").values(row).execute();
  for (const row of stores.meta.map(metaRow)) await db.insertInto("meta").values(row).execute();
}

describe("SQL migrations tested from each earlier version", () => {
  test(`every version from 0 to ${String(CURRENT_SQL_SCHEMA_VERSION - 1)} upgrades to ${String(CURRENT_SQL_SCHEMA_VERSION)} with its data intact`, async () => {
    expect(await checkSqlUpgrades({ steps: sqlMigrations, fixtures, layout })).toEqual(Array.from({ length: CURRENT_SQL_SCHEMA_VERSION }, (_, v) => v));
  });

  test("steps are numbered 1, 2, 3, … without gaps", () => {
    expect(sqlMigrations.map((step) => step.version)).toEqual(Array.from({ length: sqlMigrations.length }, (_, i) => i + 1));
  });
});

describe("the SQL harness, proved on a test-only version 2", () => {
  /** Version 2 of this test: a new indexed column on payments filled from the records, and a rewrite of every account record. */
  const stepTwo: SqlMigrationStep = {
    version: 2,
    async up(db) {
      await db.schema.alterTable("payments").addColumn("debtor_account_id", "text").execute();
      await sql`update payments set debtor_account_id = json_extract(data, '$.debtorAccountId')`.execute(db);
      await db.schema.createIndex("payments_debtor_account_id").on("payments").column("debtor_account_id").execute();
      await sql`update accounts set data = json_set(data, '$.product', 'Brukskonto') where json_extract(data, '$.product') is null`.execute(db);
    },
  };
  const steps = [...sqlMigrations, stepTwo];
  const layoutTwo = layout.map((table) =>
    table.name === "payments"
      ? {
          ...table,
          columns: [...table.columns, text("debtor_account_id", false)],
          indexes: [...table.indexes, index(["debtor_account_id"], false)].sort((a, b) => (a.columns.join() < b.columns.join() ? -1 : 1)),
        }
      : table,
  );
  const versionOne: SqlVersionFixture = {
    version: 1,
    seed: (db) => seedVersionOne(db, sampleStores()),
    expected: { ...sampleStores(), accounts: sampleStores().accounts.map((account) => ({ ...account, product: "Brukskonto" })) },
  };

  test("a version-1 database with data, and a new one, upgrade to version 2", async () => {
    expect(await checkSqlUpgrades({ steps, fixtures: [emptySqlDatabase, versionOne], layout: layoutTwo })).toEqual([0, 1]);
  });

  test("the harness insists on a fixture for every earlier version", async () => {
    await expect(checkSqlUpgrades({ steps, fixtures: [emptySqlDatabase], layout: layoutTwo })).rejects.toThrow(/one fixture for each version/);
  });

  test("a failing step leaves the database at its old version, data intact", async () => {
    const connection = openSqlite();
    const db = connection.db as Kysely<unknown>;
    await migrateToLatest(db);
    await seedVersionOne(db, sampleStores());
    const broken: SqlMigrationStep = {
      version: 2,
      async up(target) {
        await target.schema.alterTable("payments").addColumn("half_done", "text").execute();
        throw new Error("step two is broken");
      },
    };
    await expectRejection(migrateToLatest(db, [...sqlMigrations, broken]), /could not be migrated \(v0002 failed\): step two is broken/);
    expect(await schemaVersionOf(db)).toBe(1);
    const columns = connection.native.prepare("select name from pragma_table_info('payments')").all() as { name: string }[];
    expect(columns.map((column) => column.name)).not.toContain("half_done");
    await connection.db.destroy();
  });

  test("a database of a newer version than this sandbox knows is refused, and left as it is", async () => {
    const connection = openSqlite();
    await migrateToLatest(connection.db as Kysely<unknown>, steps);
    const raw = connection.db as Kysely<unknown>;
    await expectRejection(migrateToLatest(raw), /has schema version v0002, newer than this sandbox's v0001; open it with a newer sandbox/);
    expect(await schemaVersionOf(raw, steps)).toBe(2);
    await connection.db.destroy();
  });
});

test("openSqliteStore creates and migrates a new database", async () => {
  const store = await openSqliteStore();
  expect(await store.read((tx) => tx.customers())).toEqual([]);
  store.close();
  await store.closed();
});

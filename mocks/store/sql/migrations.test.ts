import { sql, type Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import { expectRejection, sampleStores } from "../store.test-helpers";
import { REQUEST_ID_RETENTION_MS } from "../port";
import { CURRENT_SQL_SCHEMA_VERSION, migrateToLatest, migrationName, schemaVersionOf, type SqlMigrationStep } from "./migrations";
import { sqliteMigrations } from "../sqlite/sqlite-migrations";
import { checkSqlUpgrades, emptySqlDatabase, insertRows, type SqlVersionFixture, type TableLayout } from "./migrations.test-helpers";
import { openSqlite } from "../sqlite/sqlite";
import { openSqliteStore, sqliteStoreOn } from "../sqlite/sqlite-store";

const text = (name: string, notNull = true) => ({ name, type: "text", notNull });
const bigint = (name: string, notNull = true) => ({ name, type: "bigint", notNull });
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
    columns: [text("tpp_key"), text("request_id"), bigint("first_used_at"), bigint("expires_at", false)],
    indexes: [index(["expires_at"], false), index(["first_used_at"], false), index(["tpp_key", "request_id"], true)],
  },
  {
    name: "traffic",
    columns: [
      text("id"),
      bigint("at"),
      { name: "status", type: "integer", notNull: true },
      text("operation", false),
      text("tpp", false),
      { name: "bytes", type: "integer", notNull: true },
      text("data"),
      text("certificate", false),
    ],
    indexes: [index(["certificate"], false), index(["id"], true)],
  },
  { name: "traffic_certificates", columns: [text("id"), text("text")], indexes: [index(["id"], true)] },
  {
    name: "traffic_totals",
    columns: [{ name: "id", type: "integer", notNull: true }, bigint("records"), bigint("bytes")],
    indexes: [],
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
const fixtures: SqlVersionFixture[] = [
  emptySqlDatabase,
  // Version 2 added request_ids.expires_at, versions 3 and 4 the traffic record: the data tables are as they were.
  { version: 1, seed: (db) => insertRows(db, sampleStores()), expected: sampleStores() },
  { version: 2, seed: (db) => insertRows(db, sampleStores()), expected: sampleStores() },
  { version: 3, seed: (db) => insertRows(db, sampleStores()), expected: sampleStores() },
];

describe("SQL migrations tested from each earlier version", () => {
  test(`every version from 0 to ${String(CURRENT_SQL_SCHEMA_VERSION - 1)} upgrades to ${String(CURRENT_SQL_SCHEMA_VERSION)} with its data intact`, async () => {
    expect(await checkSqlUpgrades({ steps: sqliteMigrations, fixtures, layout })).toEqual(Array.from({ length: CURRENT_SQL_SCHEMA_VERSION }, (_, v) => v));
  });

  test("steps are numbered 1, 2, 3, … without gaps", () => {
    expect(sqliteMigrations.map((step) => step.version)).toEqual(Array.from({ length: sqliteMigrations.length }, (_, i) => i + 1));
  });
});

test("a request id claimed under version 1 (no expiry of its own) is kept 7 days after its first use, as version 1 kept it", async () => {
  const connection = openSqlite();
  const raw = connection.db as Kysely<unknown>;
  await migrateToLatest(raw, sqliteMigrations.slice(0, 1));
  await sql`insert into request_ids (tpp_key, request_id, first_used_at) values ('tpp', 'id-1', 1000)`.execute(raw);
  await migrateToLatest(raw, sqliteMigrations);
  const store = sqliteStoreOn(connection);
  expect(await store.claimRequestId("tpp", "id-1", 1000 + REQUEST_ID_RETENTION_MS)).toEqual({ firstUsedAt: 1000 });
  expect(await store.claimRequestId("tpp", "id-1", 1001 + REQUEST_ID_RETENTION_MS)).toBeUndefined();
  store.close();
  await store.closed();
});

const NEXT = CURRENT_SQL_SCHEMA_VERSION + 1;

describe(`the SQL harness, proved on a test-only version ${String(NEXT)}`, () => {
  /** The next version of this test: a new indexed column on payments filled from the records, and a rewrite of every account record. */
  const stepTwo: SqlMigrationStep = {
    version: NEXT,
    async up(db) {
      await db.schema.alterTable("payments").addColumn("debtor_account_id", "text").execute();
      await sql`update payments set debtor_account_id = json_extract(data, '$.debtorAccountId')`.execute(db);
      await db.schema.createIndex("payments_debtor_account_id").on("payments").column("debtor_account_id").execute();
      await sql`update accounts set data = json_set(data, '$.product', 'Brukskonto') where json_extract(data, '$.product') is null`.execute(db);
    },
  };
  const steps = [...sqliteMigrations, stepTwo];
  const layoutTwo = layout.map((table) =>
    table.name === "payments"
      ? {
          ...table,
          columns: [...table.columns, text("debtor_account_id", false)],
          indexes: [...table.indexes, index(["debtor_account_id"], false)].sort((a, b) => (a.columns.join() < b.columns.join() ? -1 : 1)),
        }
      : table,
  );
  const expected = { ...sampleStores(), accounts: sampleStores().accounts.map((account) => ({ ...account, product: "Brukskonto" })) };
  // seedVersionOne's rows are valid at every version so far (later ones changed request_ids only).
  const earlier: SqlVersionFixture[] = Array.from({ length: CURRENT_SQL_SCHEMA_VERSION }, (_, v) => ({
    version: v + 1,
    seed: (db) => insertRows(db, sampleStores()),
    expected,
  }));

  test(`databases of every version with data, and a new one, upgrade to version ${String(NEXT)}`, async () => {
    expect(await checkSqlUpgrades({ steps, fixtures: [emptySqlDatabase, ...earlier], layout: layoutTwo })).toEqual(Array.from({ length: NEXT }, (_, v) => v));
  });

  test("the harness insists on a fixture for every earlier version", async () => {
    await expect(checkSqlUpgrades({ steps, fixtures: [emptySqlDatabase], layout: layoutTwo })).rejects.toThrow(/one fixture for each version/);
  });

  test("a failing step leaves the database at its old version, data intact", async () => {
    const connection = openSqlite();
    const db = connection.db as Kysely<unknown>;
    await migrateToLatest(db, sqliteMigrations);
    await insertRows(db, sampleStores());
    const broken: SqlMigrationStep = {
      version: NEXT,
      async up(target) {
        await target.schema.alterTable("payments").addColumn("half_done", "text").execute();
        throw new Error("step two is broken");
      },
    };
    await expectRejection(
      migrateToLatest(db, [...sqliteMigrations, broken]),
      new RegExp(`could not be migrated \\(${migrationName(NEXT)} failed\\): step two is broken`),
    );
    expect(await schemaVersionOf(db, sqliteMigrations)).toBe(CURRENT_SQL_SCHEMA_VERSION);
    const columns = connection.native.prepare("select name from pragma_table_info('payments')").all() as { name: string }[];
    expect(columns.map((column) => column.name)).not.toContain("half_done");
    await connection.db.destroy();
  });

  test("a database of a newer version than this sandbox knows is refused, and left as it is", async () => {
    const connection = openSqlite();
    await migrateToLatest(connection.db as Kysely<unknown>, steps);
    const raw = connection.db as Kysely<unknown>;
    await expectRejection(
      migrateToLatest(raw, sqliteMigrations),
      new RegExp(
        `has schema version ${migrationName(NEXT)}, newer than this sandbox's ${migrationName(CURRENT_SQL_SCHEMA_VERSION)}; open it with a newer sandbox`,
      ),
    );
    expect(await schemaVersionOf(raw, steps)).toBe(NEXT);
    await connection.db.destroy();
  });
});

test("openSqliteStore creates and migrates a new database", async () => {
  const store = await openSqliteStore();
  expect(await store.read((tx) => tx.customers())).toEqual([]);
  store.close();
  await store.closed();
});

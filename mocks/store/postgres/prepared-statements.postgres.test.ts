/** Named statements and one-statement reads on a real PostgreSQL (decision 0042-fewer-round-trips). */
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { account } from "../store.test-helpers";
import { openPostgres, type PostgresConnection } from "./postgres";
import { openPostgresPool } from "./postgres-pool";
import { postgresStoreOn } from "./postgres-store";
import { adminQuery, dropSchema, openTestConnection, postgresUrl } from "./postgres.test-helpers";

const opened: PostgresConnection[] = [];
afterEach(async () => {
  for (const connection of opened.splice(0)) {
    await connection.db.destroy();
    await dropSchema(connection.schema);
  }
});

/** A migrated schema on a pool of one connection: every query of a test runs in the same session. */
async function oneConnection(): Promise<PostgresConnection> {
  const migrated = await openTestConnection();
  await migrated.db.destroy();
  const connection = openPostgres({ url: postgresUrl(), schema: migrated.schema, maxConnections: 1 });
  opened.push(connection);
  return connection;
}

const preparedIn = async ({ db }: PostgresConnection) =>
  (await sql<{ statement: string }>`select "statement" from pg_prepared_statements`.execute(db)).rows.map((row) => row.statement);

test("a store's lookups are prepared once per connection and answered from the kept statement after", async () => {
  const connection = await oneConnection();
  const store = postgresStoreOn(connection, { release: () => Promise.resolve() });
  await store.write((tx) => tx.putAccount(account(1, "cust-1")));
  for (let round = 0; round < 3; round++) expect((await store.read((tx) => tx.accountByBban("12345670001")))?.resourceId).toBe("acc-1");
  const prepared = await preparedIn(connection);
  expect(prepared.filter((text) => text.includes('from "accounts" where "bban" = $1'))).toHaveLength(1);
  store.close();
  await store.closed();
});

test("a query with * stays unnamed; named ones keep working after another process adds a column to their table", async () => {
  const connection = await oneConnection();
  const store = postgresStoreOn(connection, { release: () => Promise.resolve() });
  await store.write((tx) => tx.putAccount(account(1, "cust-1")));
  await sql`select * from "accounts" where "bban" = ${"12345670001"}`.execute(connection.db);
  expect((await preparedIn(connection)).some((text) => text.startsWith("select *"))).toBe(false);
  expect((await store.read((tx) => tx.accountByBban("12345670001")))?.resourceId).toBe("acc-1");
  // An additive migration of a newer version, as in a rolling upgrade (docs/deployment.md).
  await adminQuery(`alter table "${connection.schema}"."accounts" add column "nickname" text`);
  expect((await store.read((tx) => tx.accountByBban("12345670001")))?.resourceId).toBe("acc-1");
  store.close();
  await store.closed();
});

test("a oneStatement read runs its statement, and refuses a second one (it would see another snapshot) without failing the store", async () => {
  const connection = await oneConnection();
  const store = postgresStoreOn(connection, { release: () => Promise.resolve() });
  await store.write((tx) => tx.putMeta("clockOffsetMs", 60_000));
  expect(await store.read((tx) => tx.meta("clockOffsetMs"), { oneStatement: true })).toBe(60_000);
  const twice = store.read(async (tx) => [await tx.meta("clockOffsetMs"), await tx.meta("lastBatchRunAt")], { oneStatement: true });
  await expect(twice).rejects.toThrow(/oneStatement ran a second statement/);
  expect(await store.read(async (tx) => [await tx.meta("clockOffsetMs"), await tx.customers()])).toEqual([60_000, []]);
  store.close();
  await store.closed();
});

test("one connection serving two schemas in turn answers each from its own tables, through the same kept statement (decision 0047)", async () => {
  const [first, second] = [await openTestConnection(), await openTestConnection()];
  await Promise.all([first.db.destroy(), second.db.destroy()]);
  const pool = openPostgresPool({ url: postgresUrl(), connections: 1 });
  const stores = [first, second].map(({ schema }) => postgresStoreOn(pool.connection(schema), { release: () => Promise.resolve() }));
  try {
    // The same bban in both schemas, a different account behind it in each.
    for (const [index, store] of stores.entries()) await store.write((tx) => tx.putAccount({ ...account(1, "cust-1"), resourceId: `acc-${String(index)}` }));
    for (let round = 0; round < 3; round++)
      expect(await Promise.all(stores.map((store) => store.read((tx) => tx.accountByBban("12345670001"))))).toMatchObject([
        { resourceId: "acc-0" },
        { resourceId: "acc-1" },
      ]);
    const prepared = (await sql<{ statement: string }>`select "statement" from pg_prepared_statements`.execute(pool.catalogue)).rows;
    expect(prepared.filter(({ statement }) => statement.includes('from "accounts" where "bban" = $1'))).toHaveLength(1);
  } finally {
    for (const store of stores) store.close();
    await Promise.all(stores.map((store) => store.closed()));
    await pool.end();
    await Promise.all([dropSchema(first.schema), dropSchema(second.schema)]);
  }
});

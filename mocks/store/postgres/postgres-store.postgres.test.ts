/**
 * What is PostgreSQL's own in the SQL adapter (the port's shared suites run on it too, from
 * vitest.postgres.config.ts): its migrations, tested from each earlier version; code-point order in
 * a database whose default collation is a language's; and writers in two processes (two pools on
 * one schema) that never double-book.
 */
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { REQUEST_ID_RETENTION_MS, type SandboxExport } from "../port";
import { account, expectRejection, sampleStores, transaction } from "../store.test-helpers";
import { replaceAll } from "../sql/export-import";
import { CURRENT_SQL_SCHEMA_VERSION, migrateToLatest, migrationName, schemaVersionOf, type SqlMigrationStep } from "../sql/migrations";
import { BATCH_LOCK_CLASS, openPostgres, postgresHolds, type PostgresConnection } from "./postgres";
import { postgresMigrations } from "./postgres-migrations";
import { openPostgresStore, postgresStoreOn, type PostgresSandboxStore } from "./postgres-store";
import { adminQuery, dropSchema, freshSchemaName, openTestConnection, openTestPostgresStore, postgresUrl } from "./postgres.test-helpers";

const NEXT = CURRENT_SQL_SCHEMA_VERSION + 1;
const schemas: string[] = [];
const closing: (() => Promise<void>)[] = [];
const newSchema = () => {
  const schema = freshSchemaName();
  schemas.push(schema);
  return schema;
};
const connect = (schema: string): PostgresConnection => {
  const connection = openPostgres({ url: postgresUrl(), schema, maxConnections: 4 });
  closing.push(() => connection.db.destroy());
  return connection;
};
const store = async (schema: string): Promise<PostgresSandboxStore> => {
  const opened = await openTestPostgresStore(schema);
  closing.push(async () => {
    opened.close();
    await opened.closed();
  });
  return opened;
};

afterEach(async () => {
  for (const close of closing.splice(0)) await close().catch(() => undefined);
  for (const schema of schemas.splice(0)) await dropSchema(schema);
});

/** Each table's columns (name, type, nullability, collation) and indexes, as PostgreSQL's catalogue lists them. */
async function layoutOf(schema: string) {
  const columns = await adminQuery<{ table_name: string; column_name: string; data_type: string; is_nullable: string; collation_name: string | null }>(
    `select table_name, column_name, data_type, is_nullable, collation_name from information_schema.columns
      where table_schema = $1 and table_name not like 'kysely_%' order by table_name, ordinal_position`,
    [schema],
  );
  const indexes = await adminQuery<{ tablename: string; indexdef: string }>(
    `select tablename, indexdef from pg_indexes where schemaname = $1 and tablename not like 'kysely_%' order by tablename, indexdef`,
    [schema],
  );
  return {
    columns: columns.map(
      (c) =>
        `${c.table_name}.${c.column_name} ${c.data_type}${c.is_nullable === "NO" ? " not null" : ""}${c.collation_name ? ` collate ${c.collation_name}` : ""}`,
    ),
    indexes: indexes.map((index) => `${index.tablename}: ${index.indexdef.replace(` ${schema}.`, " ")}`),
  };
}

/** The layout of the newest version (tables.ts; docs/storage.md): every text column that queries compare in code-point order ("C"). */
const versionOneColumns = [
  "accounts.resource_id text not null collate C",
  "accounts.bban text not null collate C",
  "accounts.customer_number text not null collate C",
  "accounts.data text not null",
  "agreements.customer_number text not null collate C",
  "agreements.data text not null",
  "baskets.basket_id text not null collate C",
  "baskets.data text not null",
  "customers.customer_number text not null collate C",
  "customers.psu_id text not null collate C",
  "customers.data text not null",
  "meta.key text not null collate C",
  "meta.value text not null",
  "payments.payment_id text not null collate C",
  "payments.created_at bigint not null",
  "payments.transaction_status text not null collate C",
  "payments.execution_date text collate C",
  "payments.data text not null",
  "request_ids.tpp_key text not null collate C",
  "request_ids.request_id text not null collate C",
  "request_ids.first_used_at bigint not null",
  "request_ids.expires_at bigint",
  "traffic.id text not null collate C",
  "traffic.at bigint not null",
  "traffic.status integer not null",
  "traffic.operation text collate C",
  "traffic.tpp text collate C",
  "traffic.bytes integer not null",
  "traffic.data text not null",
  "traffic.certificate text collate C",
  "traffic_certificates.id text not null collate C",
  "traffic_certificates.text text not null",
  "traffic_totals.id integer not null",
  "traffic_totals.records bigint not null",
  "traffic_totals.bytes bigint not null",
  "transactions.account_id text not null collate C",
  "transactions.id text not null collate C",
  "transactions.booking_date text not null collate C",
  "transactions.seq bigint not null",
  "transactions.data text not null",
];

type Stores = SandboxExport["stores"];
interface Fixture {
  version: number;
  seed(db: Kysely<unknown>): Promise<void>;
  expected: Stores;
}
/** One per version below the newest. */
const fixtures: Fixture[] = [
  {
    version: 0,
    seed: () => Promise.resolve(),
    expected: { customers: [], accounts: [], agreements: [], payments: [], baskets: [], transactions: [], meta: [] },
  },
  {
    // Version 2 added request_ids.expires_at: a version-1 request id (none of its own) is kept 7 days after its first use.
    version: 1,
    seed: async (db) => {
      await replaceAll(postgresHolds(db), sampleStores());
      await sql`insert into request_ids (tpp_key, request_id, first_used_at) values ('tpp', 'id-1', 1000)`.execute(db);
    },
    expected: sampleStores(),
  },
  {
    // Version 3 added the traffic record's tables: the data is as it was.
    version: 2,
    seed: (db) => replaceAll(postgresHolds(db), sampleStores()),
    expected: sampleStores(),
  },
  {
    // Version 4 keeps a record's certificate header once: the data is as it was.
    version: 3,
    seed: (db) => replaceAll(postgresHolds(db), sampleStores()),
    expected: sampleStores(),
  },
];

describe("PostgreSQL migrations, tested from each earlier version", () => {
  test("steps are numbered 1, 2, 3, … without gaps, and a fixture stands for every version below the newest", () => {
    expect(postgresMigrations.map((step) => step.version)).toEqual(Array.from({ length: postgresMigrations.length }, (_, i) => i + 1));
    expect(fixtures.map((fixture) => fixture.version)).toEqual(Array.from({ length: CURRENT_SQL_SCHEMA_VERSION }, (_, v) => v));
  });

  test.each(fixtures.map((fixture) => [fixture.version, fixture] as const))(
    "version %i upgrades to the newest with its data intact",
    async (version, fixture) => {
      const schema = newSchema();
      const connection = connect(schema);
      const raw = connection.db as Kysely<unknown>;
      await sql`create schema ${sql.id(schema)}`.execute(raw);
      if (version > 0) {
        await migrateToLatest(raw, postgresMigrations.slice(0, version), schema);
        await fixture.seed(raw);
      }
      const opened = await store(schema);
      expect(await schemaVersionOf(raw, postgresMigrations, schema)).toBe(CURRENT_SQL_SCHEMA_VERSION);
      expect((await layoutOf(schema)).columns).toEqual(versionOneColumns);
      expect((await opened.exportAll()).stores).toEqual(fixture.expected);
      if (version === 1) {
        expect(await opened.claimRequestId("tpp", "id-1", 1000 + REQUEST_ID_RETENTION_MS)).toEqual({ firstUsedAt: 1000 });
        expect(await opened.claimRequestId("tpp", "id-1", 1001 + REQUEST_ID_RETENTION_MS)).toBeUndefined();
      }
    },
  );

  test("the indexes: the keys, the unique PSU-ID and BBAN, the lookups' and lists' orders, and the request ids' expiry", async () => {
    const schema = newSchema();
    await store(schema);
    expect((await layoutOf(schema)).indexes).toEqual([
      "accounts: CREATE INDEX accounts_customer_number ON accounts USING btree (customer_number, resource_id)",
      "accounts: CREATE UNIQUE INDEX accounts_bban_key ON accounts USING btree (bban)",
      "accounts: CREATE UNIQUE INDEX accounts_pkey ON accounts USING btree (resource_id)",
      "agreements: CREATE UNIQUE INDEX agreements_pkey ON agreements USING btree (customer_number)",
      "baskets: CREATE UNIQUE INDEX baskets_pkey ON baskets USING btree (basket_id)",
      "customers: CREATE UNIQUE INDEX customers_pkey ON customers USING btree (customer_number)",
      "customers: CREATE UNIQUE INDEX customers_psu_id_key ON customers USING btree (psu_id)",
      "meta: CREATE UNIQUE INDEX meta_pkey ON meta USING btree (key)",
      "payments: CREATE INDEX payments_created_at ON payments USING btree (created_at, payment_id)",
      "payments: CREATE INDEX payments_status_date ON payments USING btree (transaction_status, execution_date)",
      "payments: CREATE UNIQUE INDEX payments_pkey ON payments USING btree (payment_id)",
      "request_ids: CREATE INDEX request_ids_expires_at ON request_ids USING btree (expires_at)",
      "request_ids: CREATE INDEX request_ids_first_used_at ON request_ids USING btree (first_used_at)",
      "request_ids: CREATE UNIQUE INDEX request_ids_pk ON request_ids USING btree (tpp_key, request_id)",
      "traffic: CREATE INDEX traffic_certificate ON traffic USING btree (certificate)",
      "traffic: CREATE UNIQUE INDEX traffic_pkey ON traffic USING btree (id)",
      "traffic_certificates: CREATE UNIQUE INDEX traffic_certificates_pkey ON traffic_certificates USING btree (id)",
      "traffic_totals: CREATE UNIQUE INDEX traffic_totals_pkey ON traffic_totals USING btree (id)",
      "transactions: CREATE UNIQUE INDEX transactions_account_list ON transactions USING btree (account_id, booking_date, seq)",
      "transactions: CREATE UNIQUE INDEX transactions_pk ON transactions USING btree (account_id, id)",
    ]);
  });

  test("a failing step rolls back whole: the schema stays at its old version, its data intact", async () => {
    const schema = newSchema();
    const opened = await store(schema);
    await opened.restore(sampleStores());
    const broken: SqlMigrationStep = {
      version: NEXT,
      async up(db) {
        await db.schema.alterTable("payments").addColumn("half_done", "text").execute();
        throw new Error("step two is broken");
      },
    };
    const raw = connect(schema).db as Kysely<unknown>;
    await expectRejection(
      migrateToLatest(raw, [...postgresMigrations, broken], schema),
      new RegExp(`could not be migrated \\(${migrationName(NEXT)} failed\\): step two is broken`),
    );
    expect(await schemaVersionOf(raw, postgresMigrations, schema)).toBe(CURRENT_SQL_SCHEMA_VERSION);
    expect((await layoutOf(schema)).columns).not.toContain("payments.half_done text");
    expect((await opened.exportAll()).stores).toEqual(sampleStores());
  });

  test("a schema migrated by a newer sandbox is refused, and left as it is", async () => {
    const schema = newSchema();
    const raw = connect(schema).db as Kysely<unknown>;
    await sql`create schema ${sql.id(schema)}`.execute(raw);
    const newer: SqlMigrationStep = { version: NEXT, up: (db) => db.schema.createTable("from_the_future").addColumn("id", "text").execute() };
    await migrateToLatest(raw, [...postgresMigrations, newer], schema);
    await expectRejection(
      openPostgresStore({ url: postgresUrl(), schema }),
      new RegExp(
        `has schema version ${migrationName(NEXT)}, newer than this sandbox's ${migrationName(CURRENT_SQL_SCHEMA_VERSION)}; open it with a newer sandbox`,
      ),
    );
    expect(await schemaVersionOf(raw, [...postgresMigrations, newer], schema)).toBe(NEXT);
  });

  test("servers starting together on a new schema migrate it once, and both open it", async () => {
    const schema = newSchema();
    const [a, b] = await Promise.all([store(schema), store(schema), store(schema), store(schema)]);
    await a.write((tx) => tx.putAccount(account(1, "c1")));
    expect(await b.read((tx) => tx.account("acc-1"))).toEqual(account(1, "c1"));
    const applied = await adminQuery<{ name: string }>(`select name from "${schema}".kysely_migration`);
    expect(applied.map((row) => row.name)).toEqual(postgresMigrations.map((step) => migrationName(step.version)));
  });
});

test("lists come in code-point order, as in the browser's sandbox, in a database whose default order is English", async () => {
  const [collation] = await adminQuery<{ locale: string | null }>("select daticulocale as locale from pg_database where datname = current_database()");
  expect(collation?.locale, "the test cluster sorts text as English does unless told otherwise").toBe("en-US");
  const opened = await store(newSchema());
  const ids = ["acc2", "B", "acc-10", "a"];
  await opened.write(async (tx) => {
    for (const [n, id] of ids.entries()) await tx.putAccount(account(n + 1, "c1", { resourceId: id }));
  });
  expect((await opened.read((tx) => tx.accounts())).map((item) => item.resourceId)).toEqual(["B", "a", "acc-10", "acc2"]);
});

test("an unreachable server is said so at once, naming where (without the password)", async () => {
  const url = postgresUrl()
    .replace(/:(\d+)\//, ":1/")
    .replace("postgres@", "postgres:secret@");
  const error = await expectRejection(
    openPostgresStore({ url, schema: "anything" }),
    /PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/postgres \(schema anything\)/,
  );
  expect(error.message).not.toContain("secret");
});

test("a schema name that would need quoting is refused before connecting", () => {
  expect(() => openPostgres({ url: postgresUrl(), schema: 'x"; drop table accounts; --' })).toThrow(/lower-case name such as sandbox_1/);
});

describe("two processes writing at once never double-book", () => {
  /** A booking as the batch makes one: read the account, add its transaction, store the balance and count it now has. */
  const book = (target: PostgresSandboxStore, id: string) =>
    target.write(async (tx) => {
      const current = await tx.account("acc-1");
      if (!current) throw new Error("no account");
      await tx.addTransaction(transaction("acc-1", id, "2026-01-02", -100));
      const balance = current.balances[0]?.balanceAmount.amount ?? 0;
      await tx.putAccount({
        ...current,
        transactionCount: current.transactionCount + 1,
        balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: balance - 1, currency: "NOK" } }],
      });
    });

  test("25 bookings from each of two pools at once: the balance and the count match the transactions, every seq distinct", async () => {
    const schema = newSchema();
    const one = await store(schema);
    // The second "process": its own pool, its own store, its own writer queue.
    const other = postgresStoreOn(await openTestConnection(schema));
    closing.push(async () => {
      other.close();
      await other.closed();
    });
    await one.write((tx) =>
      tx.putAccount(account(1, "c1", { balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 1000, currency: "NOK" } }] })),
    );
    const bookings = Array.from({ length: 25 }, (_, n) => [book(one, `a${String(n)}`), book(other, `b${String(n)}`)]).flat();
    await Promise.all(bookings);

    const { items } = await other.read((tx) => tx.transactionPage({ accountId: "acc-1", limit: 1000 }));
    const stored = await one.read((tx) => tx.account("acc-1"));
    expect(items).toHaveLength(50);
    expect(new Set(items.map((item) => item.seq)).size).toBe(50);
    expect(stored?.transactionCount).toBe(items.length);
    expect(stored?.balances[0]?.balanceAmount.amount).toBe(1000 + items.reduce((sum, item) => sum + item.amount, 0) / 100);
  });
});

/** A promise and the function that resolves it. */
function signal(): { opened: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("the batch lock (one batch job at a time across processes)", () => {
  test("a server that dies holding it loses it: another server's waiting job then runs", async () => {
    const schema = newSchema();
    const leader = await store(schema);
    const follower = postgresStoreOn(await openTestConnection(schema));
    closing.push(async () => {
      follower.close();
      await follower.closed();
    });
    const gate = signal();
    const started = signal();
    const leaderJob = leader.exclusive(async () => {
      started.open();
      await gate.opened;
    });
    await started.opened;
    const order: string[] = [];
    const followerJob = follower.exclusive(() => {
      order.push("follower ran");
      return Promise.resolve();
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(order, "the follower waits while the leader holds the lock").toEqual([]);

    // The leader's connection dies (its process is killed, its host is gone): PostgreSQL ends its session and its lock.
    const holders = await adminQuery<{ pid: number }>("select pid from pg_locks where locktype = 'advisory' and classid = $1 and granted", [BATCH_LOCK_CLASS]);
    expect(holders).toHaveLength(1);
    await adminQuery("select pg_terminate_backend($1)", [holders[0]?.pid]);
    await followerJob;
    expect(order).toEqual(["follower ran"]);
    gate.open();
    await leaderJob.catch(() => undefined);
  });
});

/** Waits (polling, up to 10 s) until the condition holds. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("another process's commits reach this store's onCommit listeners (not its rollbacks, nor another sandbox's commits)", async () => {
  const schema = newSchema();
  const [writer, reader] = await Promise.all([store(schema), store(schema)]);
  const elsewhere = await store(newSchema());
  const heard = { reader: 0, elsewhere: 0 };
  reader.onCommit(() => (heard.reader += 1));
  elsewhere.onCommit(() => (heard.elsewhere += 1));

  await writer.write((tx) => tx.putAccount(account(1, "c1")));
  await until(() => heard.reader === 1, "the reader hears the first commit");
  await expectRejection(
    writer.write(async (tx) => {
      await tx.putAccount(account(2, "c1"));
      throw new Error("changed my mind");
    }),
    /changed my mind/,
  );
  await writer.clear();
  await until(() => heard.reader >= 2, "the reader hears the clear");
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(heard).toEqual({ reader: 2, elsewhere: 0 });
});

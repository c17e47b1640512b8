/**
 * The versioned schema of the SQL adapters, written once for SQLite and PostgreSQL and applied by Kysely's
 * Migrator (which records the applied steps in its own kysely_migration table and runs them in one
 * transaction where the database can). Steps are history: never edit a released step, append the next one
 * (docs/storage.md, "The SQL adapter"). Steps use Kysely's schema builder only, so they run on both engines;
 * what differs is passed in (`SqlColumnTypes`): each engine's list is ../sqlite/sqlite-migrations.ts and
 * ../postgres/postgres-migrations.ts.
 */
import { Migrator, type Expression, type Kysely, type Migration, type MigrationProvider } from "kysely";

/** One step, from `version - 1` to `version`. The database is untyped: older layouts differ. */
export interface SqlMigrationStep {
  version: number;
  up(db: Kysely<unknown>): Promise<void>;
}

/** The column types an engine spells its own way. */
export interface SqlColumnTypes {
  /** A text column the queries compare or order by (keys, statuses, dates): in code-point order, as the port orders. */
  key: "text" | Expression<unknown>;
}

/** Every step, for an engine's column types. */
export const sqlMigrationSteps = ({ key }: SqlColumnTypes): readonly SqlMigrationStep[] => [
  {
    version: 1,
    async up(db) {
      await db.schema
        .createTable("customers")
        .addColumn("customer_number", key, (column) => column.primaryKey())
        .addColumn("psu_id", key, (column) => column.notNull().unique())
        .addColumn("data", "text", (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("accounts")
        .addColumn("resource_id", key, (column) => column.primaryKey())
        .addColumn("bban", key, (column) => column.notNull().unique())
        .addColumn("customer_number", key, (column) => column.notNull())
        .addColumn("data", "text", (column) => column.notNull())
        .execute();
      await db.schema.createIndex("accounts_customer_number").on("accounts").columns(["customer_number", "resource_id"]).execute();

      await db.schema
        .createTable("agreements")
        .addColumn("customer_number", key, (column) => column.primaryKey())
        .addColumn("data", "text", (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("payments")
        .addColumn("payment_id", key, (column) => column.primaryKey())
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .addColumn("transaction_status", key, (column) => column.notNull())
        .addColumn("execution_date", key)
        .addColumn("data", "text", (column) => column.notNull())
        .execute();
      await db.schema.createIndex("payments_created_at").on("payments").columns(["created_at", "payment_id"]).execute();
      await db.schema.createIndex("payments_status_date").on("payments").columns(["transaction_status", "execution_date"]).execute();

      await db.schema
        .createTable("baskets")
        .addColumn("basket_id", key, (column) => column.primaryKey())
        .addColumn("data", "text", (column) => column.notNull())
        .execute();

      // The key [account_id, id]: a transaction id is unique within its account. seq is global, so
      // (account_id, booking_date, seq) gives every transaction its own keyset position.
      await db.schema
        .createTable("transactions")
        .addColumn("account_id", key, (column) => column.notNull())
        .addColumn("id", key, (column) => column.notNull())
        .addColumn("booking_date", key, (column) => column.notNull())
        .addColumn("seq", "bigint", (column) => column.notNull())
        .addColumn("data", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("transactions_pk", ["account_id", "id"])
        .addUniqueConstraint("transactions_account_list", ["account_id", "booking_date", "seq"])
        .execute();

      await db.schema
        .createTable("meta")
        .addColumn("key", key, (column) => column.primaryKey())
        .addColumn("value", "text", (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("request_ids")
        .addColumn("tpp_key", key, (column) => column.notNull())
        .addColumn("request_id", key, (column) => column.notNull())
        .addColumn("first_used_at", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("request_ids_pk", ["tpp_key", "request_id"])
        .execute();
      await db.schema.createIndex("request_ids_first_used_at").on("request_ids").column("first_used_at").execute();
    },
  },
  {
    version: 2,
    // Until when each request id is kept (request-ids.ts): a signed Date's window ends long before 7 days. Null in
    // the rows of version 1, and in those a version-1 process still running writes (a rolling upgrade): read as
    // 7 days after first use, as version 1 reads every row.
    async up(db) {
      await db.schema.alterTable("request_ids").addColumn("expires_at", "bigint").execute();
      await db.schema.createIndex("request_ids_expires_at").on("request_ids").column("expires_at").execute();
    },
  },
  {
    version: 3,
    // The traffic record (decision 0055): new tables only, so a process of version 2 still running during a rolling
    // upgrade works on a migrated schema (it records nothing). Pages walk the primary key (ids are time-ordered).
    async up(db) {
      await db.schema
        .createTable("traffic")
        .addColumn("id", key, (column) => column.primaryKey())
        .addColumn("at", "bigint", (column) => column.notNull())
        .addColumn("status", "integer", (column) => column.notNull())
        .addColumn("operation", key)
        .addColumn("tpp", key)
        .addColumn("bytes", "integer", (column) => column.notNull())
        .addColumn("data", "text", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("traffic_totals")
        .addColumn("id", "integer", (column) => column.primaryKey())
        .addColumn("records", "bigint", (column) => column.notNull())
        .addColumn("bytes", "bigint", (column) => column.notNull())
        .execute();
      await (db as Kysely<{ traffic_totals: { id: number; records: number; bytes: number } }>)
        .insertInto("traffic_totals")
        .values({ id: 1, records: 0, bytes: 0 })
        .execute();
    },
  },
  {
    version: 4,
    // The certificate header kept once per certificate (decision 0055): a record names it in `certificate` (its
    // SHA-256) instead of holding its 1.2 KB, which brought a creation's row under a page. Rows of version 3 hold the
    // header themselves (certificate null) and are read as they are; a version-3 process still running writes those.
    async up(db) {
      await db.schema.alterTable("traffic").addColumn("certificate", key).execute();
      // A dropped row's certificate goes when no row names it any more: that question is one index lookup.
      await db.schema.createIndex("traffic_certificate").on("traffic").column("certificate").execute();
      await db.schema
        .createTable("traffic_certificates")
        .addColumn("id", key, (column) => column.primaryKey())
        .addColumn("text", "text", (column) => column.notNull())
        .execute();
    },
  },
];

/** The newest version (both engines have every step). */
export const CURRENT_SQL_SCHEMA_VERSION = sqlMigrationSteps({ key: "text" }).at(-1)?.version ?? 0;

/** Migration names sort as their versions do (the Migrator applies them in name order). */
export const migrationName = (version: number) => `v${String(version).padStart(4, "0")}`;

/**
 * `schema`: where Kysely keeps its own tables on PostgreSQL, the sandbox's schema (postgres.ts). Named,
 * because Kysely looks for them in every schema otherwise, and finds another sandbox's.
 */
function migratorOf(db: Kysely<unknown>, steps: readonly SqlMigrationStep[], schema: string | undefined): Migrator {
  return new Migrator({ db, provider: providerOf(steps), ...(schema === undefined ? {} : { migrationTableSchema: schema }) });
}

function providerOf(steps: readonly SqlMigrationStep[]): MigrationProvider {
  return {
    getMigrations: () =>
      Promise.resolve(Object.fromEntries(steps.map((step): [string, Migration] => [migrationName(step.version), { up: (db) => step.up(db) }]))),
  };
}

/**
 * Brings the database to the newest of `steps`. A step that fails rolls
 * back (with every other step of this run, where DDL is transactional) and the error is thrown.
 */
export async function migrateToLatest(db: Kysely<unknown>, steps: readonly SqlMigrationStep[], schema?: string): Promise<void> {
  const { error, results = [] } = await migratorOf(db, steps, schema).migrateToLatest();
  if (error === undefined) return;
  const newer = await unknownSteps(db, steps);
  if (newer.length > 0)
    throw new Error(
      `The sandbox database has schema version ${newer.at(-1) ?? ""}, newer than this sandbox's ${migrationName(steps.at(-1)?.version ?? 0)}; open it with a newer sandbox. It was left as it is.`,
      { cause: error },
    );
  const failed = results.find((result) => result.status === "Error")?.migrationName ?? "a step";
  throw new Error(`The sandbox database could not be migrated (${failed} failed): ${error instanceof Error ? error.message : JSON.stringify(error)}`, {
    cause: error,
  });
}

/** Applied steps this code does not have (the database was migrated by a newer sandbox). */
async function unknownSteps(db: Kysely<unknown>, steps: readonly SqlMigrationStep[]): Promise<string[]> {
  const known = new Set(steps.map((step) => migrationName(step.version)));
  const applied = await (db as Kysely<{ kysely_migration: { name: string } }>)
    .selectFrom("kysely_migration")
    .select("name")
    .orderBy("name")
    .execute()
    .catch(() => []);
  return applied.map((row) => row.name).filter((name) => !known.has(name));
}

/** The schema version the database is at: the newest applied step (0 for a new database). */
export async function schemaVersionOf(db: Kysely<unknown>, steps: readonly SqlMigrationStep[], schema?: string): Promise<number> {
  const applied = await migratorOf(db, steps, schema).getMigrations();
  return applied.reduce((version, migration) => (migration.executedAt ? Math.max(version, Number(migration.name.slice(1))) : version), 0);
}

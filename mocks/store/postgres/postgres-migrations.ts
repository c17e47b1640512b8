/**
 * The versioned schema of the SQL adapter on PostgreSQL: its own steps (migrations.ts holds
 * SQLite's), applied by the same migrateToLatest (Kysely's Migrator; on PostgreSQL each run is one
 * transaction, under Kysely's advisory lock, so processes starting together migrate once). Steps
 * are history: never edit a released step, append the next one.
 *
 * Version 1 is the layout of SQLite's version 1 (tables.ts), with one difference: every text column
 * the queries compare or order by is COLLATE "C". The port's order is code-point order (as
 * IndexedDB's and SQLite's); a database's default collation is often a language's, which would put
 * "acc-10" before "acc2" and "a" before "B".
 */
import { sql } from "kysely";
import type { SqlMigrationStep } from "../sql/migrations";

const key = sql`text collate "C"`;

export const postgresMigrations: readonly SqlMigrationStep[] = [
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
];

export const CURRENT_POSTGRES_SCHEMA_VERSION = postgresMigrations.at(-1)?.version ?? 0;

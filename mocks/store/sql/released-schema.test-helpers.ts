/**
 * Test-only: the SQL schema as released, made by the code before the steps were written once for both engines
 * (decision 0051): a database at version 2 on SQLite, its catalogue (sqlite_master) as SQLite keeps it, and a
 * schema at version 2 on PostgreSQL, its DDL as pg_dump printed it. Existing databases look exactly like these:
 * the migration tests check that the steps make the same catalogue, and that such a database opens and works.
 * Never change this file: it is what is out there.
 */

/** The steps a released database has applied, as Kysely's Migrator recorded them in kysely_migration. */
export const RELEASED_MIGRATIONS = ["v0001", "v0002"];

export interface SqliteCatalogueRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** `select type, name, tbl_name, sql from sqlite_master order by type, name` of a released SQLite database. */
export const RELEASED_SQLITE_CATALOGUE: SqliteCatalogueRow[] = [
  {
    type: "index",
    name: "accounts_customer_number",
    tbl_name: "accounts",
    sql: 'CREATE INDEX "accounts_customer_number" on "accounts" ("customer_number", "resource_id")',
  },
  {
    type: "index",
    name: "payments_created_at",
    tbl_name: "payments",
    sql: 'CREATE INDEX "payments_created_at" on "payments" ("created_at", "payment_id")',
  },
  {
    type: "index",
    name: "payments_status_date",
    tbl_name: "payments",
    sql: 'CREATE INDEX "payments_status_date" on "payments" ("transaction_status", "execution_date")',
  },
  {
    type: "index",
    name: "request_ids_expires_at",
    tbl_name: "request_ids",
    sql: 'CREATE INDEX "request_ids_expires_at" on "request_ids" ("expires_at")',
  },
  {
    type: "index",
    name: "request_ids_first_used_at",
    tbl_name: "request_ids",
    sql: 'CREATE INDEX "request_ids_first_used_at" on "request_ids" ("first_used_at")',
  },
  {
    type: "index",
    name: "sqlite_autoindex_accounts_1",
    tbl_name: "accounts",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_accounts_2",
    tbl_name: "accounts",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_agreements_1",
    tbl_name: "agreements",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_baskets_1",
    tbl_name: "baskets",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_customers_1",
    tbl_name: "customers",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_customers_2",
    tbl_name: "customers",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_kysely_migration_1",
    tbl_name: "kysely_migration",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_kysely_migration_lock_1",
    tbl_name: "kysely_migration_lock",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_meta_1",
    tbl_name: "meta",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_payments_1",
    tbl_name: "payments",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_request_ids_1",
    tbl_name: "request_ids",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_transactions_1",
    tbl_name: "transactions",
    sql: null,
  },
  {
    type: "index",
    name: "sqlite_autoindex_transactions_2",
    tbl_name: "transactions",
    sql: null,
  },
  {
    type: "table",
    name: "accounts",
    tbl_name: "accounts",
    sql: 'CREATE TABLE "accounts" ("resource_id" text primary key, "bban" text not null unique, "customer_number" text not null, "data" text not null)',
  },
  {
    type: "table",
    name: "agreements",
    tbl_name: "agreements",
    sql: 'CREATE TABLE "agreements" ("customer_number" text primary key, "data" text not null)',
  },
  {
    type: "table",
    name: "baskets",
    tbl_name: "baskets",
    sql: 'CREATE TABLE "baskets" ("basket_id" text primary key, "data" text not null)',
  },
  {
    type: "table",
    name: "customers",
    tbl_name: "customers",
    sql: 'CREATE TABLE "customers" ("customer_number" text primary key, "psu_id" text not null unique, "data" text not null)',
  },
  {
    type: "table",
    name: "kysely_migration",
    tbl_name: "kysely_migration",
    sql: 'CREATE TABLE "kysely_migration" ("name" varchar(255) not null primary key, "timestamp" varchar(255) not null)',
  },
  {
    type: "table",
    name: "kysely_migration_lock",
    tbl_name: "kysely_migration_lock",
    sql: 'CREATE TABLE "kysely_migration_lock" ("id" varchar(255) not null primary key, "is_locked" integer default 0 not null)',
  },
  {
    type: "table",
    name: "meta",
    tbl_name: "meta",
    sql: 'CREATE TABLE "meta" ("key" text primary key, "value" text not null)',
  },
  {
    type: "table",
    name: "payments",
    tbl_name: "payments",
    sql: 'CREATE TABLE "payments" ("payment_id" text primary key, "created_at" bigint not null, "transaction_status" text not null, "execution_date" text, "data" text not null)',
  },
  {
    type: "table",
    name: "request_ids",
    tbl_name: "request_ids",
    sql: 'CREATE TABLE "request_ids" ("tpp_key" text not null, "request_id" text not null, "first_used_at" bigint not null, "expires_at" bigint, constraint "request_ids_pk" primary key ("tpp_key", "request_id"))',
  },
  {
    type: "table",
    name: "transactions",
    tbl_name: "transactions",
    sql: 'CREATE TABLE "transactions" ("account_id" text not null, "id" text not null, "booking_date" text not null, "seq" bigint not null, "data" text not null, constraint "transactions_pk" primary key ("account_id", "id"), constraint "transactions_account_list" unique ("account_id", "booking_date", "seq"))',
  },
];

/**
 * The DDL pg_dump 15 printed (`--schema-only`) of a released PostgreSQL schema, `schema` for its name; without its SET,
 * OWNER and psql lines.
 */
export const releasedPostgresDdl = (schema: string): string[] => [
  `CREATE TABLE ${schema}.accounts (
    resource_id text NOT NULL COLLATE pg_catalog."C",
    bban text NOT NULL COLLATE pg_catalog."C",
    customer_number text NOT NULL COLLATE pg_catalog."C",
    data text NOT NULL
);`,
  `CREATE TABLE ${schema}.agreements (
    customer_number text NOT NULL COLLATE pg_catalog."C",
    data text NOT NULL
);`,
  `CREATE TABLE ${schema}.baskets (
    basket_id text NOT NULL COLLATE pg_catalog."C",
    data text NOT NULL
);`,
  `CREATE TABLE ${schema}.customers (
    customer_number text NOT NULL COLLATE pg_catalog."C",
    psu_id text NOT NULL COLLATE pg_catalog."C",
    data text NOT NULL
);`,
  `CREATE TABLE ${schema}.kysely_migration (
    name character varying(255) NOT NULL,
    "timestamp" character varying(255) NOT NULL
);`,
  `CREATE TABLE ${schema}.kysely_migration_lock (
    id character varying(255) NOT NULL,
    is_locked integer DEFAULT 0 NOT NULL
);`,
  `CREATE TABLE ${schema}.meta (
    key text NOT NULL COLLATE pg_catalog."C",
    value text NOT NULL
);`,
  `CREATE TABLE ${schema}.payments (
    payment_id text NOT NULL COLLATE pg_catalog."C",
    created_at bigint NOT NULL,
    transaction_status text NOT NULL COLLATE pg_catalog."C",
    execution_date text COLLATE pg_catalog."C",
    data text NOT NULL
);`,
  `CREATE TABLE ${schema}.request_ids (
    tpp_key text NOT NULL COLLATE pg_catalog."C",
    request_id text NOT NULL COLLATE pg_catalog."C",
    first_used_at bigint NOT NULL,
    expires_at bigint
);`,
  `CREATE TABLE ${schema}.transactions (
    account_id text NOT NULL COLLATE pg_catalog."C",
    id text NOT NULL COLLATE pg_catalog."C",
    booking_date text NOT NULL COLLATE pg_catalog."C",
    seq bigint NOT NULL,
    data text NOT NULL
);`,
  `ALTER TABLE ONLY ${schema}.accounts
    ADD CONSTRAINT accounts_bban_key UNIQUE (bban);`,
  `ALTER TABLE ONLY ${schema}.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (resource_id);`,
  `ALTER TABLE ONLY ${schema}.agreements
    ADD CONSTRAINT agreements_pkey PRIMARY KEY (customer_number);`,
  `ALTER TABLE ONLY ${schema}.baskets
    ADD CONSTRAINT baskets_pkey PRIMARY KEY (basket_id);`,
  `ALTER TABLE ONLY ${schema}.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (customer_number);`,
  `ALTER TABLE ONLY ${schema}.customers
    ADD CONSTRAINT customers_psu_id_key UNIQUE (psu_id);`,
  `ALTER TABLE ONLY ${schema}.kysely_migration_lock
    ADD CONSTRAINT kysely_migration_lock_pkey PRIMARY KEY (id);`,
  `ALTER TABLE ONLY ${schema}.kysely_migration
    ADD CONSTRAINT kysely_migration_pkey PRIMARY KEY (name);`,
  `ALTER TABLE ONLY ${schema}.meta
    ADD CONSTRAINT meta_pkey PRIMARY KEY (key);`,
  `ALTER TABLE ONLY ${schema}.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (payment_id);`,
  `ALTER TABLE ONLY ${schema}.request_ids
    ADD CONSTRAINT request_ids_pk PRIMARY KEY (tpp_key, request_id);`,
  `ALTER TABLE ONLY ${schema}.transactions
    ADD CONSTRAINT transactions_account_list UNIQUE (account_id, booking_date, seq);`,
  `ALTER TABLE ONLY ${schema}.transactions
    ADD CONSTRAINT transactions_pk PRIMARY KEY (account_id, id);`,
  `CREATE INDEX accounts_customer_number ON ${schema}.accounts USING btree (customer_number, resource_id);`,
  `CREATE INDEX payments_created_at ON ${schema}.payments USING btree (created_at, payment_id);`,
  `CREATE INDEX payments_status_date ON ${schema}.payments USING btree (transaction_status, execution_date);`,
  `CREATE INDEX request_ids_expires_at ON ${schema}.request_ids USING btree (expires_at);`,
  `CREATE INDEX request_ids_first_used_at ON ${schema}.request_ids USING btree (first_used_at);`,
];

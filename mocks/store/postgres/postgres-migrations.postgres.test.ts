/**
 * The SQL steps on PostgreSQL against the schemas already out there, made before the steps were written once
 * for both engines (decision 0051): the same catalogue (columns with their types, collations and defaults,
 * constraints, indexes), and such a schema, with data, opened and used without a migration.
 */
import { sql, type Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import { REQUEST_ID_RETENTION_MS } from "../port";
import { RELEASED_MIGRATIONS, releasedPostgresDdl } from "../sql/released-schema.test-helpers";
import { expectReleasedDataServed, releasedMigrationRecords } from "../sql/migrations.test-helpers";
import { migrateToLatest } from "../sql/migrations";
import { sampleStores } from "../store.test-helpers";
import { openPostgres, postgresHolds } from "./postgres";
import { postgresMigrations } from "./postgres-migrations";
import { replaceAll } from "../sql/export-import";
import { adminQuery, dropSchema, freshSchemaName, openTestPostgresStore, postgresUrl } from "./postgres.test-helpers";

const schemas: string[] = [];
afterEach(async () => {
  for (const schema of schemas.splice(0)) await dropSchema(schema);
});
const newSchema = () => {
  const schema = freshSchemaName();
  schemas.push(schema);
  return schema;
};

/** Everything the schema's catalogue says of its tables, Kysely's own included, with the schema's name left out. */
async function catalogueOf(schema: string): Promise<string[]> {
  const columns = await adminQuery<{ line: string }>(
    `select table_name || '.' || column_name || ' ' || data_type || coalesce('(' || character_maximum_length || ')', '') ||
            case when is_nullable = 'NO' then ' not null' else '' end || coalesce(' collate ' || collation_name, '') ||
            coalesce(' default ' || column_default, '') as line
       from information_schema.columns where table_schema = $1 order by table_name, ordinal_position`,
    [schema],
  );
  const constraints = await adminQuery<{ line: string }>(
    `select conrelid::regclass::text || ': ' || conname || ' ' || pg_get_constraintdef(oid) as line
       from pg_constraint where connamespace = $1::regnamespace order by conname`,
    [schema],
  );
  const indexes = await adminQuery<{ line: string }>(`select tablename || ': ' || indexdef as line from pg_indexes where schemaname = $1 order by indexname`, [
    schema,
  ]);
  return [...columns, ...constraints, ...indexes].map(({ line }) => line.replaceAll(`${schema}.`, ""));
}

/** A schema as the released code left it at version 2: its DDL, its migration records and rows of every table. */
async function releasedSchema(): Promise<string> {
  const schema = newSchema();
  const connection = openPostgres({ url: postgresUrl(), schema, maxConnections: 2 });
  const db = connection.db as Kysely<unknown>;
  try {
    await sql`create schema ${sql.id(schema)}`.execute(db);
    for (const statement of releasedPostgresDdl(schema)) await sql.raw(statement).execute(db);
    for (const { name, timestamp } of releasedMigrationRecords)
      await sql`insert into ${sql.id(schema, "kysely_migration")} (name, timestamp) values (${name}, ${timestamp})`.execute(db);
    await sql`insert into ${sql.id(schema, "kysely_migration_lock")} (id, is_locked) values ('migration_lock', 0)`.execute(db);
    await replaceAll(postgresHolds(connection.db), sampleStores());
    await sql`insert into ${sql.id(schema, "request_ids")} (tpp_key, request_id, first_used_at, expires_at) values ('tpp', 'id-1', 1000, ${1000 + REQUEST_ID_RETENTION_MS})`.execute(
      db,
    );
  } finally {
    await connection.db.destroy();
  }
  return schema;
}

test("the steps make the catalogue a released schema has: columns, collations, constraints and indexes", async () => {
  const released = await releasedSchema();
  const migrated = newSchema();
  const connection = openPostgres({ url: postgresUrl(), schema: migrated, maxConnections: 2 });
  try {
    await sql`create schema ${sql.id(migrated)}`.execute(connection.db);
    // The steps the released schema was made with; later ones are migrations of it (below).
    await migrateToLatest(connection.db as Kysely<unknown>, postgresMigrations.slice(0, RELEASED_MIGRATIONS.length), migrated);
  } finally {
    await connection.db.destroy();
  }
  const expected = await catalogueOf(released);
  expect(expected.filter((line) => line.includes("collate C"))).toHaveLength(16);
  expect(await catalogueOf(migrated)).toEqual(expected);
});

test("a released schema opens with only the steps after it (versions 3 and 4: the traffic record), and its data is read and written as before", async () => {
  const schema = await releasedSchema();
  const before = await catalogueOf(schema);
  const store = await openTestPostgresStore(schema);
  try {
    await expectReleasedDataServed(store);
  } finally {
    store.close();
    await store.closed();
  }
  const applied = await adminQuery<{ name: string; timestamp: string }>(`select name, timestamp from "${schema}".kysely_migration order by name`);
  expect(applied.slice(0, RELEASED_MIGRATIONS.length)).toEqual(releasedMigrationRecords);
  expect(applied.slice(RELEASED_MIGRATIONS.length).map((step) => step.name)).toEqual(["v0003", "v0004"]);
  // Its tables as they were, the traffic record's beside them.
  expect((await catalogueOf(schema)).filter((line) => !line.includes("traffic"))).toEqual(before);
});

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
import { expectReleasedDataServed, insertRows, releasedMigrationRecords } from "../sql/migrations.test-helpers";
import { migrateToLatest } from "../sql/migrations";
import { sampleStores } from "../store.test-helpers";
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
  for (const { name, timestamp } of releasedMigrationRecords)
    native.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run(name, timestamp);
  native.prepare("insert into kysely_migration_lock (id, is_locked) values ('migration_lock', 0)").run();
  await insertRows(db as Kysely<unknown>, sampleStores());
  await db
    .insertInto("request_ids")
    .values({ tpp_key: "tpp", request_id: "id-1", first_used_at: 1000, expires_at: 1000 + REQUEST_ID_RETENTION_MS })
    .execute();
  await db.destroy();
  return file;
}

test("the steps make the catalogue a released database has, statement for statement", async () => {
  const { db, native } = openSqlite();
  // The steps that database was made with; later ones are migrations of it (below).
  await migrateToLatest(db as Kysely<unknown>, sqliteMigrations.slice(0, RELEASED_MIGRATIONS.length));
  expect(catalogueOf(native)).toEqual(RELEASED_SQLITE_CATALOGUE);
  await db.destroy();
});

test("a released database opens with only the steps after it (versions 3 and 4: the traffic record), and its data is read and written as before", async () => {
  const file = await releasedDatabase();
  const store = await openSqliteStore({ file });
  await expectReleasedDataServed(store);
  store.close();
  await store.closed();

  const { db, native } = openSqlite({ file });
  const applied = appliedSteps(native) as { name: string; timestamp: string }[];
  expect(applied.slice(0, RELEASED_MIGRATIONS.length)).toEqual(releasedMigrationRecords);
  expect(applied.slice(RELEASED_MIGRATIONS.length).map((step) => step.name)).toEqual(["v0003", "v0004"]);
  // Its tables as they were, the traffic record's beside them.
  const catalogue = catalogueOf(native) as { name: string }[];
  expect(catalogue.filter((row) => !row.name.includes("traffic"))).toEqual(RELEASED_SQLITE_CATALOGUE);
  expect(
    catalogue
      .filter((row) => row.name.includes("traffic"))
      .map((row) => row.name)
      .sort(),
  ).toEqual(
    [
      "traffic",
      "traffic_totals",
      "sqlite_autoindex_traffic_1",
      "traffic_certificates",
      "sqlite_autoindex_traffic_certificates_1",
      "traffic_certificate",
    ].sort(),
  );
  await db.destroy();
});

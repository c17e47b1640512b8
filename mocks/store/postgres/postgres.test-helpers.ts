/**
 * Test-only: stores on the postgres suite's throwaway cluster (vitest.postgres.config.ts), each in
 * a schema of its own, so test files running side by side never see each other's data.
 */
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import pg from "pg";
import type { Kysely } from "kysely";
import { migrateToLatest } from "../sql/migrations";
import { createSchema, openPostgres, type PostgresConnection } from "./postgres";
import { postgresMigrations } from "./postgres-migrations";
import { openPostgresStore, type PostgresSandboxStore } from "./postgres-store";
import { dataTables } from "../sql/tables";

/** The cluster's URL; throws outside the postgres suite, where there is none. */
export function postgresUrl(): string {
  const url = inject("postgresUrl");
  if (url === undefined) throw new Error("No PostgreSQL here: run this file in the postgres suite (npx vitest run --config vitest.postgres.config.ts).");
  return url;
}

export const freshSchemaName = (): string => `test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;

/** Runs SQL as the cluster's superuser, outside any store (set-up, inspection, clean-up). */
export async function adminQuery<Row extends object = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function dropSchema(schema: string): Promise<void> {
  await adminQuery(`drop schema if exists "${schema}" cascade`);
}

export async function openTestPostgresStore(schema: string): Promise<PostgresSandboxStore> {
  return openPostgresStore({ url: postgresUrl(), schema, maxConnections: 4 });
}

/** A new schema, migrated, on a pool of its own. */
export async function openTestConnection(schema = freshSchemaName()): Promise<PostgresConnection> {
  const connection = openPostgres({ url: postgresUrl(), schema, maxConnections: 4 });
  await createSchema(connection);
  await migrateToLatest(connection.db as Kysely<unknown>, postgresMigrations, schema);
  return connection;
}

/** Deletes every row, the replay guard's and the traffic's included: the schema is as new (and far quicker to have than a new one). */
export async function emptySchema({ db }: PostgresConnection): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const table of [...dataTables, "request_ids" as const, "traffic" as const]) await tx.deleteFrom(table).execute();
    await tx.updateTable("traffic_totals").set({ records: 0, bytes: 0 }).execute();
  });
}

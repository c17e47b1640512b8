/**
 * A tenant's bound keys on PostgreSQL, over two pools as two servers have: binding a new tenant is
 * one key however the first requests interleave, and the bound keys are never taken below one.
 */
import { afterAll, expect, test } from "vitest";
import type { Kysely } from "kysely";
import { createSchema, openPostgres, type PostgresConnection } from "../../store/postgres/postgres";
import { dropSchema, freshSchemaName, postgresUrl } from "../../store/postgres/postgres.test-helpers";
import { createKeyTable, postgresKeyBindings } from "./tenant-keys-postgres";

const key = (n: number) => ({ spkiSha256: n.toString(16).padStart(64, "0"), subject: `CN=Key ${String(n)}`, boundAt: 1_795_000_000_000 + n });
const schemas: string[] = [];
const connections: PostgresConnection[] = [];

afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.db.destroy()));
  for (const schema of schemas) await dropSchema(schema);
});

/** Two servers' views of one new tenant's keys. */
async function twoServers() {
  const schema = freshSchemaName();
  schemas.push(schema);
  const [a, b] = [openPostgres({ url: postgresUrl(), schema, maxConnections: 2 }), openPostgres({ url: postgresUrl(), schema, maxConnections: 2 })];
  connections.push(a, b);
  await createSchema(a);
  await Promise.all([createKeyTable(a), createKeyTable(b)]);
  return [postgresKeyBindings(a.db as Kysely<unknown>), postgresKeyBindings(b.db as Kysely<unknown>)] as const;
}

test("two servers binding a new tenant with different keys at once bind one, and both see that one", { timeout: 60_000 }, async () => {
  for (let round = 0; round < 8; round++) {
    const [a, b] = await twoServers();
    const [seenByA, seenByB] = await Promise.all([a.bindFirst(key(1)), b.bindFirst(key(2))]);
    expect(seenByA).toHaveLength(1);
    expect(seenByB).toEqual(seenByA);
    expect(await a.list()).toEqual(seenByA);
  }
});

test("removals at once from two servers leave one key, never none", { timeout: 60_000 }, async () => {
  const [a, b] = await twoServers();
  await a.bindFirst(key(1));
  expect(await a.add(key(2), 10)).toBe("added");
  expect(await b.add(key(2), 10)).toBe("known");
  const outcomes = await Promise.all([a.remove(key(1).spkiSha256), b.remove(key(2).spkiSha256)]);
  expect(outcomes.sort()).toEqual(["last", "removed"]);
  expect(await b.list()).toHaveLength(1);
});

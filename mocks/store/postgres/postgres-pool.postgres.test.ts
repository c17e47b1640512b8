/**
 * A server's one pool for every schema it serves (decision 0047), on the postgres suite's cluster: it never opens
 * more than its connections, refuses what waits beyond its queue as StoreUnavailable("busy"), and batch jobs of
 * several sandboxes at once, each holding a lock connection while its units take others, never starve each other.
 */
import { RETRY_AFTER_SECONDS } from "../unavailable";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { StoreUnavailable } from "../store-errors";
import { openPostgresPool } from "./postgres-pool";
import { postgresStoreOn } from "./postgres-store";
import { adminQuery, dropSchema, openTestConnection, postgresUrl } from "./postgres.test-helpers";

const schemas: string[] = [];
beforeAll(async () => {
  for (let index = 0; index < 3; index++) {
    const connection = await openTestConnection();
    await connection.db.destroy();
    schemas.push(connection.schema);
  }
});
afterAll(async () => {
  for (const schema of schemas) await dropSchema(schema);
});

const named = (application: string) => `${postgresUrl()}?application_name=${application}`;
const sessionsOf = async (application: string) =>
  (await adminQuery<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name = $1", [application]))[0]?.n ?? 0;

test("60 reads at once on a pool of 2 with room for 10 waiting: 12 are served, the rest refused at once as busy, never a third connection", async () => {
  const application = `pool_${randomUUID().slice(0, 8)}`;
  const pool = openPostgresPool({ url: named(application), connections: 2, maxWaiting: 10, waitMs: 60_000 });
  const store = postgresStoreOn(pool.connection(schemas[0] ?? ""), { release: () => pool.end() });
  let most = 0;
  try {
    // All 60 ask before any has its connection; each holds it while the server's sessions are counted.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, () =>
        store.read(async (tx) => {
          const value = await tx.meta("clockOffsetMs");
          most = Math.max(most, await sessionsOf(application));
          return value;
        }),
      ),
    );
    const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(12);
    expect(refused).toHaveLength(48);
    for (const reason of refused)
      expect(reason).toMatchObject({ name: "StoreUnavailable", reason: "busy", retryAfterSeconds: RETRY_AFTER_SECONDS.busy, changedNothing: true });
    expect(refused[0]).toBeInstanceOf(StoreUnavailable);
    expect(most).toBe(2);
  } finally {
    store.close();
    await store.closed();
  }
});

test("three sandboxes' batch jobs at once on a pool of 2: each holds its lock while its units run on the other connection, and all finish", async () => {
  const pool = openPostgresPool({ url: postgresUrl(), connections: 2, waitMs: 60_000 });
  const stores = schemas.map((schema) => postgresStoreOn(pool.connection(schema), { release: () => Promise.resolve() }));
  try {
    const jobs = stores.map((store, index) =>
      store.exclusive(async () => {
        await store.write((tx) => tx.putMeta("clockOffsetMs", index));
        return store.read((tx) => tx.meta("clockOffsetMs"));
      }),
    );
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
    expect(pool.usage()).toEqual({ inside: 0, waiting: 0 });
  } finally {
    for (const store of stores) store.close();
    await Promise.all(stores.map((store) => store.closed()));
    await pool.end();
  }
});

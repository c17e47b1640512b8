import type { Kysely } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { REQUEST_ID_RETENTION_MS } from "../port";
import { migrateToLatest } from "./migrations";
import { sqliteMigrations } from "../sqlite/sqlite-migrations";
import { PRUNE_QUIET_MS } from "./request-ids";
import { openSqlite } from "../sqlite/sqlite";
import { sqliteStoreOn, type SqliteSandboxStore } from "../sqlite/sqlite-store";

const opened: SqliteSandboxStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) {
    store.close();
    await store.closed();
  }
});

async function storeWithCount() {
  const connection = openSqlite();
  await migrateToLatest(connection.db as Kysely<unknown>, sqliteMigrations);
  const store = sqliteStoreOn(connection);
  opened.push(store);
  const count = () => Number(connection.native.prepare("select count(*) from request_ids where request_id like 'old-%'").pluck().get());
  return { store, count };
}

describe("forgetting expired request ids on SQLite", () => {
  test("a dated request's id is removed once kept past its own expiry; an undated one's only 7 days after its use", async () => {
    const { store, count } = await storeWithCount();
    const minute = 60_000;
    for (let index = 0; index < 10; index++) await store.claimRequestId("tpp", `old-dated-${String(index)}`, index, 10 * minute);
    for (let index = 0; index < 10; index++) await store.claimRequestId("tpp", `old-undated-${String(index)}`, index);
    // Sixteen claims later, 11 minutes on: one clean-up, which takes the dated ones only.
    for (let index = 0; index < 16; index++) await store.claimRequestId("tpp", `new-${String(index)}`, 11 * minute + index);
    expect(count()).toBe(10);
    expect(await store.claimRequestId("tpp", "old-undated-0", 11 * minute + 100)).toEqual({ firstUsedAt: 0 });
  });

  test("every 16th claim cleans up; after a clean-up that left nothing expired, the next waits a second", async () => {
    const { store, count } = await storeWithCount();
    const now = REQUEST_ID_RETENTION_MS + 10_000;
    const claimOld = async (from: number) => {
      for (let index = 0; index < 10; index++) await store.claimRequestId("tpp", `old-${String(from + index)}`, from + index);
    };
    const claimNew = async (from: number) => {
      for (let index = 0; index < 16; index++) expect(await store.claimRequestId("tpp", `new-${String(from + index)}`, from + index)).toBeUndefined();
    };

    await claimOld(0);
    await claimNew(now);
    // Nothing of the ten expired ones is left: that clean-up found fewer than it may take, so a quiet second starts.
    expect(count()).toBe(0);

    await claimOld(100);
    await claimNew(now + 100);
    expect(count()).toBe(10);

    await claimNew(now + PRUNE_QUIET_MS + 100);
    expect(count()).toBe(0);
  });
});

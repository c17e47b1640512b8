import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { REQUEST_ID_RETENTION_MS } from "../port";
import { MAX_FORGOTTEN_PER_CLAIM } from "./request-ids";
import { freshStore, sampleExport } from "../store.test-helpers";

let store: Awaited<ReturnType<typeof freshStore>>;
beforeEach(async () => {
  store = await freshStore();
});
afterEach(async () => {
  await store.dispose();
});

const DAY = 24 * 60 * 60 * 1000;

describe("claimRequestId (the replay guard)", () => {
  test("a new pair is claimed; the same pair again answers its first use and records nothing", async () => {
    expect(await store.claimRequestId("tpp-a", "id-1", 1_000)).toBeUndefined();
    expect(await store.claimRequestId("tpp-a", "id-1", 5_000)).toEqual({ firstUsedAt: 1_000 });
    expect(await store.claimRequestId("tpp-a", "id-1", 9_000)).toEqual({ firstUsedAt: 1_000 });
  });

  test("the id is per TPP: another certificate may use the same id", async () => {
    expect(await store.claimRequestId("tpp-a", "id-1", 1_000)).toBeUndefined();
    expect(await store.claimRequestId("tpp-b", "id-1", 2_000)).toBeUndefined();
    expect(await store.claimRequestId("tpp-b", "id-1", 3_000)).toEqual({ firstUsedAt: 2_000 });
  });

  test("concurrent claims of one pair: exactly one wins", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, index) => store.claimRequestId("tpp-a", "same", 1_000 + index)));
    expect(results.filter((result) => result === undefined)).toHaveLength(1);
    expect(new Set(results.filter(Boolean).map((result) => result?.firstUsedAt)).size).toBe(1);
  });

  test("export, import, restore and clear leave the request ids alone", async () => {
    await store.claimRequestId("tpp-a", "id-1", 1_000);
    await store.importAll(sampleExport());
    expect(await store.claimRequestId("tpp-a", "id-1", 2_000)).toEqual({ firstUsedAt: 1_000 });
    await store.clear();
    expect(await store.claimRequestId("tpp-a", "id-1", 3_000)).toEqual({ firstUsedAt: 1_000 });
    await store.restore(sampleExport().stores);
    expect(await store.claimRequestId("tpp-a", "id-1", 4_000)).toEqual({ firstUsedAt: 1_000 });
    expect(JSON.stringify(await store.exportAll())).not.toContain("id-1");
  });

  test("an id past the retention counts as new; each claim forgets a bounded number of expired ones", async () => {
    const count = MAX_FORGOTTEN_PER_CLAIM + 4;
    for (let index = 0; index < count; index++) await store.claimRequestId("tpp-a", `old-${String(index)}`, index);
    const later = REQUEST_ID_RETENTION_MS + DAY;
    // Within the retention an id is remembered to the millisecond…
    expect(await store.claimRequestId("tpp-a", "old-0", REQUEST_ID_RETENTION_MS - 1)).toEqual({ firstUsedAt: 0 });
    // …after it, it may be used again, and it is remembered from then on.
    expect(await store.claimRequestId("tpp-a", "old-0", later)).toBeUndefined();
    expect(await store.claimRequestId("tpp-a", "old-0", later + 1)).toEqual({ firstUsedAt: later });
    // That claim forgot at most MAX_FORGOTTEN_PER_CLAIM of the others: some are still stored.
    const left = await countEntries(store.name);
    expect(left).toBeGreaterThanOrEqual(count - MAX_FORGOTTEN_PER_CLAIM);
    expect(left).toBeLessThan(count + 1);
  });
});

async function countEntries(name: string): Promise<number> {
  const { openDatabase } = await import("./open-database");
  const db = await openDatabase({ name });
  const count = await db.count("requestIds");
  db.close();
  return count;
}

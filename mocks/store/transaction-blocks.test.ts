/**
 * The IndexedDB layout of transactions (transaction-blocks.ts): what is stored, not only what the
 * port answers (the contract suites check that, with blocks of 3 too).
 */
import { describe, expect, test } from "vitest";
import { openSandboxStore } from "./indexeddb-store";
import { deleteDatabase, openDatabase } from "./open-database";
import type { TransactionRecord } from "./records";
import type { SandboxDB } from "./schema";
import { dayOf, freshName, transaction } from "./store.test-helpers";
import { bucketOf, byPosition, ID_BUCKETS, layoutOf } from "./transaction-blocks";

const booked = (accountId: string, id: string, day: number, seq: number): TransactionRecord => ({ ...transaction(accountId, id, dayOf(day)), seq });

/** bucketOf of "", "t1", "bench-0" and a UUID, as released with version 3. */
const BUCKETS_PINNED = [5, 6, 4, 5];

describe("layoutOf (imports, the migration to version 3)", () => {
  test("each account's list sorted by position and cut into full blocks; every id in its bucket with its position", () => {
    const items = Array.from({ length: 11 }, (_, seq) => booked(seq % 3 ? "a" : "b", `t${String(seq)}`, (seq * 7) % 5, seq));
    const { blocks, ids } = layoutOf(items, 3);
    const ofA = items.filter((item) => item.accountId === "a").sort(byPosition);
    expect(blocks.filter((block) => block.key[0] === "a").map((block) => block.items)).toEqual([ofA.slice(0, 3), ofA.slice(3, 6), ofA.slice(6)]);
    for (const block of blocks) {
      const [first] = block.items;
      expect(block.key).toEqual([first?.accountId, first?.bookingDate, first?.seq, block.items.length]);
    }
    for (const item of items) {
      const bucket = ids.find(({ key }) => key[0] === item.accountId && key[1] === bucketOf(item.id));
      expect(bucket?.positions.get(item.id)).toEqual([item.bookingDate, item.seq]);
    }
    expect(ids.reduce((sum, bucket) => sum + bucket.positions.size, 0)).toBe(items.length);
  });

  test("the bucket of an id is fixed: stored data depends on it (changing the hash needs a migration)", () => {
    expect([bucketOf(""), bucketOf("t1"), bucketOf("bench-0"), bucketOf("0d7c6a5e-1f7b-4e61-9a3b-6a3f2f1c9e11")]).toEqual(BUCKETS_PINNED);
    const spread = new Set(Array.from({ length: 200 }, (_, index) => bucketOf(`id-${String(index)}`)));
    expect(spread.size).toBe(ID_BUCKETS);
  });
});

describe("bookings keep the blocks within their size", () => {
  test("blocks never hold more than the size, their keys match their contents, and their union is the list", async () => {
    const name = freshName();
    const store = await openSandboxStore({ name, transactionBlockSize: 4 });
    // Out of date order: appends, inserts in the middle and below the first block, and splits.
    const days = Array.from({ length: 40 }, (_, index) => (index * 17) % 23);
    const all = await store.write((tx) => Promise.all(days.map((day, index) => tx.addTransaction(transaction("acc-1", `t${String(index)}`, dayOf(day))))));
    await store.write(async (tx) => {
      for (const [index, day] of [30, 0, 11, 11, 30].entries()) await tx.addTransaction(transaction("acc-1", `u${String(index)}`, dayOf(day)));
    });
    store.close();

    const db = await openDatabase<SandboxDB>({ name });
    const tx = db.transaction("transactionBlocks", "readonly");
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
    db.close();
    await deleteDatabase(name);

    expect(keys.length).toBeGreaterThan(45 / 4);
    values.forEach((items, index) => {
      expect(items.length).toBeLessThanOrEqual(4);
      expect(keys[index]).toEqual(["acc-1", items[0]?.bookingDate, items[0]?.seq, items.length]);
    });
    const stored = values.flat();
    expect(stored).toEqual([...stored].sort(byPosition));
    expect(stored).toHaveLength(all.length + 5);
  });
});

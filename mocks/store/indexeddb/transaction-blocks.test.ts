/**
 * The IndexedDB layout of transactions (transaction-blocks.ts): what is stored, not only what the
 * port answers (the contract suites check that, with blocks of 3 too).
 */
import { describe, expect, test } from "vitest";
import { openSandboxStore } from "./indexeddb-store";
import { deleteDatabase, openDatabase } from "./open-database";
import type { TransactionRecord } from "../records";
import type { SandboxDB } from "./schema";
import { dayOf, freshName, transaction } from "../store.test-helpers";
import { bucketOf, byPosition, ID_BUCKETS, ID_PART_SIZE, layoutOf, positionIn } from "./transaction-blocks";

const booked = (accountId: string, id: string, day: number, seq: number): TransactionRecord => ({ ...transaction(accountId, id, dayOf(day)), seq });

/** bucketOf of "", "t1", "bench-0" and a UUID, as released with version 3. */
const BUCKETS_PINNED = [5, 6, 4, 5];

describe("layoutOf (imports)", () => {
  test("each account's list sorted by position and cut into full blocks; every id in part 0 of its bucket with its position", () => {
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
      expect(bucket?.key[2]).toBe(0);
      expect(positionIn(bucket ? [bucket.part] : [], item.id)).toEqual({ bookingDate: item.bookingDate, seq: item.seq });
    }
    expect(ids.reduce((sum, bucket) => sum + bucket.part.ids.length, 0)).toBe(items.length);
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

describe("bookings append to the id buckets in parts", () => {
  test("a booking rewrites only its bucket's last part: parts fill up to the part size, older parts stay as written", async () => {
    const name = freshName();
    const store = await openSandboxStore({ name });
    const imported = Array.from({ length: 100 }, (_, seq) => booked("acc-1", `old-${String(seq)}`, 1, seq));
    await store.restore({
      customers: [],
      accounts: [],
      agreements: [],
      payments: [],
      baskets: [],
      transactions: imported,
      meta: [{ key: "nextSeq", value: 100 }],
    });
    // Enough new ids that every bucket gets more than a part's worth.
    const added = await store.write((tx) =>
      Promise.all(
        Array.from({ length: ID_BUCKETS * ID_PART_SIZE * 2 }, (_, index) => tx.addTransaction(transaction("acc-1", `new-${String(index)}`, dayOf(2)))),
      ),
    );
    await store.write((tx) => tx.addTransaction(transaction("acc-1", "last", dayOf(3))));
    store.close();

    const db = await openDatabase<SandboxDB>({ name });
    const tx = db.transaction("transactionIds", "readonly");
    const [allKeys, allParts] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
    db.close();
    // Bucket -1 is the layout mark (id-cache.ts), not an account's ids.
    const keys = allKeys.filter((key) => key[1] >= 0);
    const parts = allParts.filter((_, index) => (allKeys[index]?.[1] ?? -1) >= 0);
    await deleteDatabase(name);

    for (let bucket = 0; bucket < ID_BUCKETS; bucket++) {
      const mine = keys.map((key, index) => ({ key, part: parts[index] })).filter(({ key }) => key[1] === bucket);
      // Numbered 0, 1, 2, … ; part 0 begins with the import's ids, and every part but the last is full.
      expect(mine.map(({ key }) => key[2])).toEqual(mine.map((_, index) => index));
      const importedHere = imported.filter((item) => bucketOf(item.id) === bucket).map((item) => item.id);
      expect(mine[0]?.part?.ids.slice(0, importedHere.length)).toEqual(importedHere);
      for (const { part } of mine.slice(0, -1)) expect(part?.ids.length).toBe(ID_PART_SIZE);
      expect(mine.at(-1)?.part?.ids.length).toBeLessThanOrEqual(ID_PART_SIZE);
    }
    const all = [...imported, ...added, { ...transaction("acc-1", "last", dayOf(3)), seq: 100 + added.length }];
    expect(parts.reduce((sum, part) => sum + part.ids.length, 0)).toBe(all.length);
    for (const item of all) expect(positionIn(parts, item.id)).toEqual({ bookingDate: item.bookingDate, seq: item.seq });
  });
});

describe("the id cache (id-cache.ts) keeps the uniqueness check whole", () => {
  const emptyStores = { customers: [], accounts: [], agreements: [], payments: [], baskets: [], transactions: [], meta: [] };
  const many = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => transaction("acc-1", `${prefix}-${String(index)}`, dayOf(2)));

  test("an id booked in an earlier transaction, now in a full older part, is still refused", async () => {
    const name = freshName();
    const store = await openSandboxStore({ name });
    await store.restore(emptyStores);
    // Three writes: the second and third find the first's parts in the cache, not read again.
    await store.write((tx) => Promise.all(many("a", ID_BUCKETS * ID_PART_SIZE * 2).map((item) => tx.addTransaction(item))));
    await store.write((tx) => Promise.all(many("b", ID_BUCKETS * ID_PART_SIZE).map((item) => tx.addTransaction(item))));
    await expect(store.write((tx) => tx.addTransaction(transaction("acc-1", "a-0", dayOf(3))))).rejects.toThrow(/already has a transaction with id "a-0"/);
    expect(await store.read((tx) => tx.transactionCount("acc-1"))).toBe(ID_BUCKETS * ID_PART_SIZE * 3);
    store.close();
    await deleteDatabase(name);
  });

  test("after another tab replaced the data, a tab's cache is not used: ids gone with the import may be booked, new ones are refused", async () => {
    const name = freshName();
    const tab = await openSandboxStore({ name });
    const other = await openSandboxStore({ name });
    await tab.restore(emptyStores);
    await tab.write((tx) => Promise.all(many("a", ID_BUCKETS * ID_PART_SIZE * 2).map((item) => tx.addTransaction(item))));
    // Touches every bucket again: now the tab's cache holds the full parts of each.
    await tab.write((tx) => Promise.all(many("b", ID_BUCKETS * 4).map((item) => tx.addTransaction(item))));
    await other.restore({ ...emptyStores, transactions: [booked("acc-1", "imported", 1, 0)], meta: [{ key: "nextSeq", value: 1 }] });
    await tab.write((tx) => tx.addTransaction(transaction("acc-1", "a-0", dayOf(3))));
    await expect(tab.write((tx) => tx.addTransaction(transaction("acc-1", "imported", dayOf(3))))).rejects.toThrow(/already has a transaction/);
    expect(await tab.read((tx) => tx.transactionCount("acc-1"))).toBe(2);
    for (const store of [tab, other]) store.close();
    await deleteDatabase(name);
  });
});

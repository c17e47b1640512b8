import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { TransactionKey, TransactionPage, TransactionPageQuery } from "./port";
import type { TransactionRecord } from "./records";
import { adapterCases, type TestStore } from "./adapters.test-helpers";
import { dayOf, newestFirst, transaction } from "./store.test-helpers";

// fake-indexeddb restarts each cursor step at the range's bound, so offsets cost it O(offset²):
// well under a second here, but give a busy machine room.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

describe.each(adapterCases)("%s", (_name, adapter) => {
  /** 1,000 transactions over 60 days, two accounts interleaved, booked out of date order. */
  let store: TestStore;
  let all: TransactionRecord[];

  beforeAll(async () => {
    store = await adapter.fresh();
    all = await store.write((tx) =>
      Promise.all(Array.from({ length: 1000 }, (_, i) => tx.addTransaction(transaction(i % 2 ? "acc-B" : "acc-A", `t${String(i)}`, dayOf((i * 37) % 60))))),
    );
  });
  afterAll(async () => {
    await store.dispose();
  });

  const page = (query: TransactionPageQuery) => store.read((tx) => tx.transactionPage(query));
  const ids = (items: readonly TransactionRecord[]) => items.map((item) => item.id);
  const keyOf = (item: TransactionRecord | undefined): TransactionKey => {
    if (!item) throw new Error("no item to take a key from");
    return { bookingDate: item.bookingDate, seq: item.seq };
  };

  /** The brute-force list: the account's transactions in the date range, newest first. */
  function expected(accountId: string, fromDate?: string, toDate?: string): TransactionRecord[] {
    return all
      .filter(
        (item) =>
          item.accountId === accountId && (fromDate === undefined || item.bookingDate >= fromDate) && (toDate === undefined || item.bookingDate <= toDate),
      )
      .sort(newestFirst);
  }

  /** Every page from the first on via `after`, then every page back via `before`. */
  async function walk(base: Omit<TransactionPageQuery, "limit">, limit: number) {
    const forward: TransactionPage[] = [await page({ ...base, limit })];
    for (let last = forward.at(-1); last?.hasMore; last = forward.at(-1)) forward.push(await page({ ...base, limit, after: keyOf(last.items.at(-1)) }));
    const backward: TransactionPage[] = [forward.at(-1)!];
    for (let first = backward.at(-1); first?.hasPrevious; first = backward.at(-1)) backward.push(await page({ ...base, limit, before: keyOf(first.items[0]) }));
    return { forward, backward };
  }

  describe("transactionPage over 1,000 transactions in two accounts", () => {
    test("the data set is what the test says", () => {
      expect(expected("acc-A")).toHaveLength(500);
      expect(new Set(all.map((item) => item.bookingDate)).size).toBe(60);
      expect(all.map((item) => item.seq)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    });

    test.each([
      { accountId: "acc-A", limit: 37 },
      { accountId: "acc-B", limit: 200 },
      { accountId: "acc-A", limit: 500 },
      { accountId: "acc-B", limit: 1 },
      { accountId: "acc-A", fromDate: dayOf(10), toDate: dayOf(19), limit: 7 },
      { accountId: "acc-B", fromDate: dayOf(59), limit: 3 },
      { accountId: "acc-A", toDate: dayOf(0), limit: 4 },
    ])("walking $accountId ($fromDate–$toDate) by $limit forward via after and back via before", async ({ limit, ...base }) => {
      const list = expected(base.accountId, base.fromDate, base.toDate);
      const { forward, backward } = await walk(base, limit);
      expect(forward.flatMap((item) => ids(item.items))).toEqual(ids(list));
      expect(forward).toHaveLength(Math.ceil(list.length / limit));
      forward.forEach((item, index) => {
        expect(item.hasPrevious).toBe(index > 0);
        expect(item.hasMore).toBe(index < forward.length - 1);
      });
      // Back from the last page: full pages of the limit nearest each key, until the first item.
      const back = backward
        .slice(1)
        .reverse()
        .flatMap((item) => ids(item.items));
      const lastPage = forward.at(-1)?.items ?? [];
      expect([...back, ...ids(lastPage)]).toEqual(ids(list));
      for (const item of backward.slice(1)) {
        expect(item.items).toHaveLength(Math.min(limit, ids(list).indexOf(item.items.at(-1)!.id) + 1));
        expect(item.hasMore).toBe(true);
      }
      expect(backward.at(-1)?.hasPrevious).toBe(false);
    });

    test("offset skips from the newest; hasPrevious and hasMore at both ends", async () => {
      const list = expected("acc-B");
      for (const offset of [0, 1, 199, 200, 300, 499, 500, 750]) {
        const result = await page({ accountId: "acc-B", limit: 200, offset });
        expect(ids(result.items)).toEqual(ids(list.slice(offset, offset + 200)));
        expect(result.hasPrevious).toBe(offset > 0);
        expect(result.hasMore).toBe(offset + 200 < list.length);
      }
    });

    test("date bounds are inclusive and work with every kind of position", async () => {
      const [from, to] = [dayOf(20), dayOf(22)];
      const list = expected("acc-A", from, to);
      expect(list.some((item) => item.bookingDate === from) && list.some((item) => item.bookingDate === to)).toBe(true);
      expect(ids((await page({ accountId: "acc-A", fromDate: from, toDate: to, limit: 1000 })).items)).toEqual(ids(list));
      const middle = list[5]!;
      const after = await page({ accountId: "acc-A", fromDate: from, toDate: to, limit: 3, after: keyOf(middle) });
      expect(ids(after.items)).toEqual(ids(list.slice(6, 9)));
      const before = await page({ accountId: "acc-A", fromDate: from, toDate: to, limit: 3, before: keyOf(middle) });
      expect(ids(before.items)).toEqual(ids(list.slice(2, 5)));
      expect([before.hasPrevious, before.hasMore, after.hasPrevious, after.hasMore]).toEqual([true, true, true, true]);
      expect(await store.read((tx) => tx.transactionCount("acc-A", from, to))).toBe(list.length);
    });

    test("keys outside the date range: after a newer key is the first page, after an older one is empty", async () => {
      const [from, to] = [dayOf(30), dayOf(39)];
      const list = expected("acc-B", from, to);
      const newer = { bookingDate: dayOf(50), seq: 0 };
      const older = { bookingDate: dayOf(5), seq: 999 };
      expect(await page({ accountId: "acc-B", fromDate: from, toDate: to, limit: 10, after: newer })).toEqual({
        items: list.slice(0, 10),
        hasMore: true,
        hasPrevious: false,
      });
      expect(await page({ accountId: "acc-B", fromDate: from, toDate: to, limit: 10, after: older })).toEqual({ items: [], hasMore: false, hasPrevious: true });
      expect(await page({ accountId: "acc-B", fromDate: from, toDate: to, limit: 10, before: older })).toEqual({
        items: list.slice(-10),
        hasMore: false,
        hasPrevious: true,
      });
      expect(await page({ accountId: "acc-B", fromDate: from, toDate: to, limit: 10, before: newer })).toEqual({
        items: [],
        hasMore: true,
        hasPrevious: false,
      });
    });

    test("the oldest and newest item as keys: nothing beyond them", async () => {
      const list = expected("acc-A");
      expect(await page({ accountId: "acc-A", limit: 5, after: keyOf(list.at(-1)) })).toEqual({ items: [], hasMore: false, hasPrevious: true });
      expect(await page({ accountId: "acc-A", limit: 5, before: keyOf(list[0]) })).toEqual({ items: [], hasMore: true, hasPrevious: false });
      expect(await page({ accountId: "acc-A", limit: 5, before: keyOf(list[3]) })).toEqual({ items: list.slice(0, 3), hasMore: true, hasPrevious: false });
    });

    test("the last page without an offset: before a key below every date", async () => {
      const list = expected("acc-A");
      expect(await page({ accountId: "acc-A", limit: 200, before: { bookingDate: "", seq: 0 } })).toEqual({
        items: list.slice(-200),
        hasMore: false,
        hasPrevious: true,
      });
    });

    test("empty ranges: unknown account, from after to, days without bookings, offset past the end", async () => {
      const empty = { items: [], hasMore: false, hasPrevious: false };
      expect(await page({ accountId: "acc-C", limit: 10 })).toEqual(empty);
      expect(await page({ accountId: "acc-A", fromDate: dayOf(30), toDate: dayOf(29), limit: 10 })).toEqual(empty);
      expect(await page({ accountId: "acc-A", fromDate: dayOf(60), limit: 10 })).toEqual(empty);
      expect(await page({ accountId: "acc-A", toDate: dayOf(-1), limit: 10 })).toEqual(empty);
      expect(await page({ accountId: "acc-A", fromDate: dayOf(60), limit: 10, offset: 3 })).toEqual(empty);
      expect(await page({ accountId: "acc-A", limit: 10, offset: 500 })).toEqual({ items: [], hasMore: false, hasPrevious: true });
      expect(await page({ accountId: "acc-A", fromDate: dayOf(30), toDate: dayOf(29), limit: 10, after: { bookingDate: dayOf(30), seq: 1 } })).toEqual(empty);
    });
  });
});

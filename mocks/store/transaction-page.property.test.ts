/** transactionPage against a brute-force model, on random data and random queries. */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compareKeys } from "./key-range";
import type { TransactionKey, TransactionPage, TransactionPageQuery } from "./port";
import type { TransactionRecord } from "./records";
import { adapterCases, type Adapter } from "./adapters.test-helpers";
import { dayOf, newestFirst, transaction } from "./store.test-helpers";

const ACCOUNTS = ["a", "b", "c"];
const date = fc.integer({ min: 0, max: 12 }).map(dayOf);
const key: fc.Arbitrary<TransactionKey> = fc.record({ bookingDate: date, seq: fc.integer({ min: -1, max: 45 }) });

const booking = fc.record({ accountId: fc.constantFrom(...ACCOUNTS), bookingDate: date });
const query: fc.Arbitrary<TransactionPageQuery> = fc
  .record({
    accountId: fc.constantFrom(...ACCOUNTS),
    fromDate: fc.option(date, { nil: undefined }),
    toDate: fc.option(date, { nil: undefined }),
    limit: fc.integer({ min: 1, max: 8 }),
    position: fc.oneof(
      fc.constant({}),
      fc.integer({ min: 0, max: 40 }).map((offset) => ({ offset })),
      key.map((after) => ({ after })),
      key.map((before) => ({ before })),
    ),
  })
  .map(({ position, ...rest }) => ({ ...rest, ...position }));

/** What the page must be, computed from every transaction. */
function model(all: readonly TransactionRecord[], q: TransactionPageQuery): TransactionPage {
  const inRange = all
    .filter(
      (item) =>
        item.accountId === q.accountId &&
        (q.fromDate === undefined || item.bookingDate >= q.fromDate) &&
        (q.toDate === undefined || item.bookingDate <= q.toDate),
    )
    .sort(newestFirst);
  if (q.after) {
    const { after } = q;
    const older = inRange.filter((item) => compareKeys(item, after) < 0);
    return { items: older.slice(0, q.limit), hasMore: older.length > q.limit, hasPrevious: older.length < inRange.length };
  }
  if (q.before) {
    const { before } = q;
    const newer = inRange.filter((item) => compareKeys(item, before) > 0);
    return { items: newer.slice(-q.limit), hasMore: newer.length < inRange.length, hasPrevious: newer.length > q.limit };
  }
  const offset = q.offset ?? 0;
  return { items: inRange.slice(offset, offset + q.limit), hasMore: offset + q.limit < inRange.length, hasPrevious: offset > 0 && inRange.length > 0 };
}

describe.each(adapterCases)("%s: transactionPage", (_name, adapter) => {
  propertyTest(adapter);
});

function propertyTest(adapter: Adapter) {
  test("transactionPage agrees with the brute-force model", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(booking, { maxLength: 40 }), fc.array(query, { minLength: 1, maxLength: 12 }), async (bookings, queries) => {
        const store = await adapter.fresh();
        try {
          const all = await store.write((tx) =>
            Promise.all(bookings.map((item, index) => tx.addTransaction(transaction(item.accountId, `t${String(index)}`, item.bookingDate)))),
          );
          for (const q of queries) {
            const page = await store.read((tx) => tx.transactionPage(q));
            expect(page, JSON.stringify(q)).toEqual(model(all, q));
          }
          for (const accountId of ACCOUNTS)
            expect(await store.read((tx) => tx.transactionCount(accountId))).toBe(all.filter((item) => item.accountId === accountId).length);
        } finally {
          await store.dispose();
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);
}

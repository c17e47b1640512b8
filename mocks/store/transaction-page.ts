/**
 * Keyset pagination over an account's transactions, newest first (bookingDate desc, seq desc),
 * on the `accountList` index [accountId, bookingDate, seq]. Reads only the page itself plus one
 * entry beyond each end: no getAll of the account, no count per page.
 *
 *  - no position: the newest `limit` (after skipping `offset` with cursor.advance, natively);
 *  - `after` K:   the `limit` newest strictly older than K (a cursor walking down from K);
 *  - `before` K:  the `limit` oldest strictly newer than K (walking up from K), returned newest first.
 */
import { unwrap, type IDBPCursorWithValue, type IDBPIndex } from "idb";
import { accountRange, dateBounds, maxLower, minUpper, type Bound } from "./key-range";
import type { TransactionKey, TransactionPage, TransactionPageQuery } from "./port";
import type { TransactionRecord } from "./records";
import type { SandboxDB, StoreName } from "./schema";

export type AccountListIndex = IDBPIndex<SandboxDB, StoreName[], "transactions", "accountList", IDBTransactionMode>;
type Cursor = IDBPCursorWithValue<SandboxDB, StoreName[], "transactions", "accountList", IDBTransactionMode>;

export function checkPageQuery(query: TransactionPageQuery): void {
  const { limit, offset = 0, after, before } = query;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`transactionPage: limit must be an integer of at least 1, not ${String(limit)}.`);
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`transactionPage: offset must be a non-negative integer, not ${String(offset)}.`);
  if ([after, before, offset > 0 ? offset : undefined].filter((position) => position !== undefined).length > 1)
    throw new RangeError("transactionPage: give at most one of after, before and offset.");
}

/** Up to `limit` values from the cursor on; `more` tells whether the cursor had one beyond them. */
async function collect(start: Cursor | null, limit: number): Promise<{ items: TransactionRecord[]; more: boolean }> {
  const items: TransactionRecord[] = [];
  let cursor = start;
  while (cursor && items.length < limit) {
    items.push(cursor.value);
    cursor = await cursor.continue();
  }
  return { items, more: cursor !== null };
}

type RecordsIndex = IDBIndex & {
  getAllRecords?: (options: { query: IDBKeyRange; count: number; direction: IDBCursorDirection }) => IDBRequest<{ value: TransactionRecord }[]>;
};

/**
 * The range's first `count` values in the given direction, in one request where the browser has
 * getAllRecords (IndexedDB 3+, Chromium 141+): a cursor costs a round trip per row, which is most
 * of a 200-row page. Undefined where it does not (fake-indexeddb, older browsers).
 */
function allRecords(index: AccountListIndex, query: IDBKeyRange, count: number, direction: IDBCursorDirection): Promise<TransactionRecord[]> | undefined {
  const native = unwrap(index) as RecordsIndex;
  if (typeof native.getAllRecords !== "function") return undefined;
  const request = native.getAllRecords({ query, count, direction });
  return new Promise((resolve, reject) => {
    request.onsuccess = () => { resolve(request.result.map((record) => record.value)); };
    request.onerror = () => { reject(request.error ?? new Error("getAllRecords failed")); };
  });
}

/** Up to `limit` values of the range in a direction, and whether more follow. */
async function readRange(index: AccountListIndex, range: IDBKeyRange, limit: number, direction: "next" | "prev") {
  const native = allRecords(index, range, limit + 1, direction);
  if (native) {
    const values = await native;
    return { items: values.slice(0, limit), more: values.length > limit };
  }
  return collect(await index.openCursor(range, direction), limit);
}

/** Whether any entry lies in the range: a single index lookup. */
async function anyIn(index: AccountListIndex, range: IDBKeyRange | undefined): Promise<boolean> {
  return range !== undefined && (await index.getKey(range)) !== undefined;
}

const at = (key: TransactionKey, open: boolean): Bound => ({ key, open });

export async function transactionPage(index: AccountListIndex, query: TransactionPageQuery): Promise<TransactionPage> {
  checkPageQuery(query);
  const { accountId, limit, after, before, offset = 0 } = query;
  const { lower, upper } = dateBounds(query.fromDate, query.toDate);

  if (after) {
    const range = accountRange(accountId, lower, minUpper(upper, at(after, true)));
    const { items, more } = range ? await readRange(index, range, limit, "prev") : { items: [], more: false };
    const hasPrevious = await anyIn(index, accountRange(accountId, maxLower(lower, at(after, false)), upper));
    return { items, hasMore: more, hasPrevious };
  }

  if (before) {
    const range = accountRange(accountId, maxLower(lower, at(before, true)), upper);
    const { items, more } = range ? await readRange(index, range, limit, "next") : { items: [], more: false };
    const hasMore = await anyIn(index, accountRange(accountId, lower, minUpper(upper, at(before, false))));
    return { items: items.reverse(), hasMore, hasPrevious: more };
  }

  const range = accountRange(accountId, lower, upper);
  if (!range) return { items: [], hasMore: false, hasPrevious: false };
  if (offset === 0) {
    const { items, more } = await readRange(index, range, limit, "prev");
    return { items, hasMore: more, hasPrevious: false };
  }
  let cursor = await index.openCursor(range, "prev");
  const rangeHasItems = cursor !== null;
  if (cursor && offset > 0) cursor = await cursor.advance(offset);
  const { items, more } = await collect(cursor, limit);
  return { items, hasMore: more, hasPrevious: offset > 0 && rangeHasItems };
}

export async function transactionCount(index: AccountListIndex, accountId: string, fromDate?: string, toDate?: string): Promise<number> {
  const { lower, upper } = dateBounds(fromDate, toDate);
  const range = accountRange(accountId, lower, upper);
  return range ? index.count(range) : 0;
}

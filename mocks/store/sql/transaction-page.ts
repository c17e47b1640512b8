/**
 * Keyset pagination over an account's transactions in SQL, with the same answers as the IndexedDB
 * adapter (../transaction-page.ts): newest first (booking_date desc, seq desc) on the unique index
 * (account_id, booking_date, seq). A page reads its rows plus one beyond (LIMIT limit + 1) and
 * answers the other side with one `LIMIT 1` probe: no count per page. An offset is found with
 * LIMIT 1 OFFSET n over the index alone (it holds every column that query needs, so the skipped
 * rows' records are never read), then the page is read by keyset from there.
 */
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from "kysely";
import { compareKeys, dateBounds, maxLower, minUpper, type Bound } from "../key-range";
import type { TransactionKey, TransactionPage, TransactionPageQuery } from "../port";
import { checkPageQuery } from "../page-query";
import { recordsOf } from "./rows";
import type { Db } from "./db";
import type { SandboxTables } from "./tables";

type Eb = ExpressionBuilder<SandboxTables, "transactions">;

interface Range {
  accountId: string;
  lower: Bound;
  upper: Bound;
}

/** The range between the bounds, or undefined when no key can lie in it. */
function rangeOf(accountId: string, lower: Bound, upper: Bound): Range | undefined {
  const order = compareKeys(lower.key, upper.key);
  if (order > 0 || (order === 0 && (lower.open || upper.open))) return undefined;
  return { accountId, lower, upper };
}

/** One side of the range as a condition. A seq of ±Infinity stands for "every seq of that day" (dateBounds). */
function boundCondition(eb: Eb, bound: Bound, side: "lower" | "upper"): Expression<SqlBool> | undefined {
  const { bookingDate, seq } = bound.key;
  const isLower = side === "lower";
  if (seq === -Infinity) return isLower ? (bookingDate === "" ? undefined : eb("booking_date", ">=", bookingDate)) : eb("booking_date", "<", bookingDate);
  if (seq === Infinity) return isLower ? eb("booking_date", ">", bookingDate) : bookingDate === "\uffff" ? undefined : eb("booking_date", "<=", bookingDate);
  const op = isLower ? (bound.open ? ">" : ">=") : bound.open ? "<" : "<=";
  return eb(eb.refTuple("booking_date", "seq"), op, eb.tuple(bookingDate, seq));
}

function inRange(range: Range) {
  return (eb: Eb) =>
    eb.and([
      eb("account_id", "=", range.accountId),
      ...[boundCondition(eb, range.lower, "lower"), boundCondition(eb, range.upper, "upper")].filter((condition) => condition !== undefined),
    ]);
}

/** Up to `limit` rows of the range, newest first ("desc") or oldest first ("asc"); and whether more follow. */
async function readRange(db: Db, range: Range, limit: number, direction: "desc" | "asc") {
  const rows = await db
    .selectFrom("transactions")
    .select("data")
    .where(inRange(range))
    .orderBy("booking_date", direction)
    .orderBy("seq", direction)
    .limit(limit + 1)
    .execute();
  return { items: recordsOf(rows.slice(0, limit)), more: rows.length > limit };
}

/** The key `offset` places below the newest of the range, from the index alone; undefined past the end. */
async function keyAtOffset(db: Db, range: Range, offset: number): Promise<TransactionKey | undefined> {
  const row = await db
    .selectFrom("transactions")
    .select(["booking_date", "seq"])
    .where(inRange(range))
    .orderBy("booking_date", "desc")
    .orderBy("seq", "desc")
    .limit(1)
    .offset(offset)
    .executeTakeFirst();
  return row === undefined ? undefined : { bookingDate: row.booking_date, seq: row.seq };
}

/** Whether any row lies in the range: one index probe. */
async function anyIn(db: Db, range: Range | undefined): Promise<boolean> {
  if (!range) return false;
  const row = await db
    .selectFrom("transactions")
    .select(sql<number>`1`.as("found"))
    .where(inRange(range))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const at = (key: TransactionKey, open: boolean): Bound => ({ key, open });
const none = { items: [], more: false };

export async function transactionPage(db: Db, query: TransactionPageQuery): Promise<TransactionPage> {
  checkPageQuery(query);
  const { accountId, limit, after, before, offset = 0 } = query;
  const { lower, upper } = dateBounds(query.fromDate, query.toDate);

  if (after) {
    const range = rangeOf(accountId, lower, minUpper(upper, at(after, true)));
    const { items, more } = range ? await readRange(db, range, limit, "desc") : none;
    const hasPrevious = await anyIn(db, rangeOf(accountId, maxLower(lower, at(after, false)), upper));
    return { items, hasMore: more, hasPrevious };
  }

  if (before) {
    const range = rangeOf(accountId, maxLower(lower, at(before, true)), upper);
    const { items, more } = range ? await readRange(db, range, limit, "asc") : none;
    const hasMore = await anyIn(db, rangeOf(accountId, lower, minUpper(upper, at(before, false))));
    return { items: items.reverse(), hasMore, hasPrevious: more };
  }

  const range = rangeOf(accountId, lower, upper);
  if (!range) return { items: [], hasMore: false, hasPrevious: false };
  if (offset === 0) {
    const { items, more } = await readRange(db, range, limit, "desc");
    return { items, hasMore: more, hasPrevious: false };
  }
  const start = await keyAtOffset(db, range, offset);
  if (!start) return { items: [], hasMore: false, hasPrevious: await anyIn(db, range) };
  const { items, more } = await readRange(db, { ...range, upper: minUpper(upper, at(start, false)) }, limit, "desc");
  return { items, hasMore: more, hasPrevious: true };
}

export async function transactionCount(db: Db, accountId: string, fromDate?: string, toDate?: string): Promise<number> {
  const { lower, upper } = dateBounds(fromDate, toDate);
  const range = rangeOf(accountId, lower, upper);
  if (!range) return 0;
  const row = await db
    .selectFrom("transactions")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .where(inRange(range))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

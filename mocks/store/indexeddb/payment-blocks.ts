/**
 * How the IndexedDB adapter stores payments (schema version 5, decision 0023, "Version 5"): in blocks,
 * as transactions are, not one record each. A record put costs Chromium's IndexedDB far more than its
 * bytes (10,000 payment records put in 40 transactions: 13.1 s of the browser's CPU; the same payments
 * as 40 arrays of 250: 0.6 s), so a batch chunk now rewrites a few blocks instead of 250 records.
 *
 *  - `paymentBlocks`: every payment in creation order, by its position [createdAt, paymentId] (the
 *    order `payments(limit)` lists, newest first), cut into blocks of consecutive positions. A block's
 *    value is its payments, oldest first; its out-of-line key is its first payment's position. A
 *    position never changes (neither createdAt nor paymentId does), so the batch finds a payment's
 *    block from the record it read, without the id map.
 *  - `paymentIds`: paymentId → createdAt, for `payment(paymentId)` and for telling a new payment from
 *    a stored one. PAYMENT_ID_BUCKETS buckets by FNV-1a of the id, each in parts appended to as
 *    transactions' ids are (key [bucket, part]). It changes when a payment is created, never when its
 *    status does.
 *  - `paymentsDue`: the due index, one summary per block that holds a due payment (a single payment in
 *    DUE_STATUSES), under the block's key: their ids and execution dates. The batch reads the
 *    summaries (small), then only the blocks holding payments due by its date. A block and its summary
 *    are always written together.
 *
 * The hash, PAYMENT_ID_BUCKETS and DUE_STATUSES are part of the stored data: changing any needs a migration.
 */
import { DUE_STATUSES, type PaymentRecord } from "../records";
import { fnv1a, ID_PART_SIZE } from "./transaction-blocks";

/**
 * The most payments a block holds. An initiation rewrites the newest block, so it stays small (some
 * 20 KB): in Chromium a new payment's write took 8.5 ms with blocks of 64 and 6 ms with 16, against
 * 2 ms as a record of its own; a batch chunk of 250 payments created together rewrites eight or nine.
 */
export const PAYMENT_BLOCK_SIZE = 32;

/** Buckets of the id map: payments are not per account, so more than transactions' 16 (an initiation reads one bucket). */
export const PAYMENT_ID_BUCKETS = 64;

export { ID_PART_SIZE };

export type PaymentPosition = [createdAt: number, paymentId: string];
export type PaymentBlockKey = PaymentPosition;
export type PaymentIdPartKey = [bucket: number, part: number];

/** Ids and their createdAt: `ids[i]` was created at `createdAts[i]`. */
export interface PaymentIdPart {
  ids: string[];
  createdAts: number[];
}

/** The due payments of one block: `ids[i]` is due on `executionDates[i]`. */
export interface DueSummary {
  ids: string[];
  executionDates: string[];
}

export const positionOf = (payment: Pick<PaymentRecord, "createdAt" | "paymentId">): PaymentPosition => [payment.createdAt, payment.paymentId];

/** Creation order: createdAt, then paymentId (in IndexedDB's order of keys, UTF-16 code units). */
export const byCreation = (a: PaymentPosition, b: PaymentPosition): number => (a[0] !== b[0] ? a[0] - b[0] : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);

export const paymentBucketOf = (paymentId: string): number => fnv1a(paymentId) % PAYMENT_ID_BUCKETS;

/** Every part of one bucket, in part order: [bucket] sorts below them, [bucket, []] above. */
export const paymentBucketParts = (bucket: number): IDBKeyRange => IDBKeyRange.bound([bucket], [bucket, []]);

/** Whether the index holds every payment in these statuses (else a query reads every block). */
export const indexedAsDue = (statuses: readonly string[]): boolean => statuses.every((status) => (DUE_STATUSES as readonly string[]).includes(status));

/** The block's summary for `paymentsDue`, or undefined when it holds no due payment. */
export function dueSummaryOf(items: readonly PaymentRecord[]): DueSummary | undefined {
  const summary: DueSummary = { ids: [], executionDates: [] };
  for (const payment of items) {
    if (payment.product !== "single" || !DUE_STATUSES.includes(payment.transactionStatus)) continue;
    summary.ids.push(payment.paymentId);
    summary.executionDates.push(payment.executionDate);
  }
  return summary.ids.length > 0 ? summary : undefined;
}

export interface PaymentLayout {
  blocks: { key: PaymentBlockKey; items: PaymentRecord[]; due?: DueSummary }[];
  ids: { key: PaymentIdPartKey; part: PaymentIdPart }[];
}

/**
 * The blocks, due summaries and id buckets of a set of payments (an import, a migration): sorted by
 * position and cut into full blocks, each bucket's ids in one part. Does not check ids for duplicates
 * (the caller has).
 */
export function paymentLayoutOf(payments: readonly PaymentRecord[], blockSize = PAYMENT_BLOCK_SIZE): PaymentLayout {
  const sorted = [...payments].sort((a, b) => byCreation(positionOf(a), positionOf(b)));
  const layout: PaymentLayout = { blocks: [], ids: [] };
  for (let start = 0; start < sorted.length; start += blockSize) {
    const items = sorted.slice(start, start + blockSize);
    const [first] = items;
    if (first) layout.blocks.push({ key: positionOf(first), items, due: dueSummaryOf(items) });
  }
  const buckets = new Map<number, PaymentIdPart>();
  for (const payment of sorted) {
    const bucket = paymentBucketOf(payment.paymentId);
    let part = buckets.get(bucket);
    if (!part) buckets.set(bucket, (part = { ids: [], createdAts: [] }));
    part.ids.push(payment.paymentId);
    part.createdAts.push(payment.createdAt);
  }
  for (const [bucket, part] of buckets) layout.ids.push({ key: [bucket, 0], part });
  return layout;
}

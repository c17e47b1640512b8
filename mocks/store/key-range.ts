/**
 * Ranges of positions in an account's transaction list: (bookingDate, seq) pairs, compared here in
 * JS exactly as IndexedDB compares keys (strings by code unit, then numbers).
 */
import type { TransactionKey } from "./port";

export interface Bound {
  key: TransactionKey;
  /** Exclusive. */
  open: boolean;
}

/** Below every booking date ("" sorts first) and above every one (ISO dates never reach U+FFFF). */
const LOWEST: TransactionKey = { bookingDate: "", seq: -Infinity };
const HIGHEST: TransactionKey = { bookingDate: "\uffff", seq: Infinity };

export function compareKeys(a: TransactionKey, b: TransactionKey): number {
  if (a.bookingDate !== b.bookingDate) return a.bookingDate < b.bookingDate ? -1 : 1;
  return a.seq === b.seq ? 0 : a.seq < b.seq ? -1 : 1;
}

/** The date range as bounds, both inclusive (a whole day: every seq of it). */
export function dateBounds(fromDate?: string, toDate?: string): { lower: Bound; upper: Bound } {
  return {
    lower: { key: fromDate === undefined ? LOWEST : { bookingDate: fromDate, seq: -Infinity }, open: false },
    upper: { key: toDate === undefined ? HIGHEST : { bookingDate: toDate, seq: Infinity }, open: false },
  };
}

/** The tighter of two lower bounds. */
export function maxLower(a: Bound, b: Bound): Bound {
  const order = compareKeys(a.key, b.key);
  if (order !== 0) return order > 0 ? a : b;
  return a.open ? a : b;
}

/** The tighter of two upper bounds. */
export function minUpper(a: Bound, b: Bound): Bound {
  const order = compareKeys(a.key, b.key);
  if (order !== 0) return order < 0 ? a : b;
  return a.open ? a : b;
}

/** Whether no position can lie between the bounds. */
export function isEmptyRange(lower: Bound, upper: Bound): boolean {
  const order = compareKeys(lower.key, upper.key);
  return order > 0 || (order === 0 && (lower.open || upper.open));
}

/** Whether the bound is above every position (no toDate, no key). */
export const isTop = (upper: Bound): boolean => compareKeys(upper.key, HIGHEST) >= 0;

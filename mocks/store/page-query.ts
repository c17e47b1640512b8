/** What a transaction page query may combine, checked alike by every adapter before it reads (port.ts, transactionPage). */
import type { TransactionPageQuery } from "./port";

export function checkPageQuery(query: TransactionPageQuery): void {
  const { limit, offset = 0, after, before } = query;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`transactionPage: limit must be an integer of at least 1, not ${String(limit)}.`);
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`transactionPage: offset must be a non-negative integer, not ${String(offset)}.`);
  if ([after, before, offset > 0 ? offset : undefined].filter((position) => position !== undefined).length > 1)
    throw new RangeError("transactionPage: give at most one of after, before and offset.");
}

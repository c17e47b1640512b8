/**
 * The payments' sparse `due` index (schema version 4, decision 0023): a stored payment carries
 * `dueKey` [executionDate, createdAt] only while the batch would book it (a single payment in one of
 * DUE_STATUSES), so the index holds the due payments alone, in the batch's order. A payment the batch
 * settles loses its entry; nothing is added for it (version 3's [status, executionDate, createdAt]
 * index rewrote two entries per settled payment). The property is the adapter's own: it is added on
 * every put and taken off on every read, so no record outside the adapter ever has it.
 *
 * DUE_STATUSES is part of the stored data: changing it needs a migration that recomputes `dueKey`.
 */
import { DUE_STATUSES } from "../domain/lifecycle";
import type { PaymentRecord } from "./records";

export type DueKey = [executionDate: string, createdAt: number];

/** A payment as the `payments` store holds it. */
export type StoredPayment = PaymentRecord & { dueKey?: DueKey };

/** Whether the index holds every payment in these statuses (else a query must scan the store). */
export const indexedAsDue = (statuses: readonly string[]): boolean => statuses.every((status) => (DUE_STATUSES as readonly string[]).includes(status));

export function withDueKey(payment: PaymentRecord): StoredPayment {
  const { dueKey: _stale, ...record } = payment as StoredPayment;
  return record.product === "single" && DUE_STATUSES.includes(record.transactionStatus)
    ? { ...record, dueKey: [record.executionDate, record.createdAt] }
    : record;
}

export function withoutDueKey(stored: StoredPayment): PaymentRecord;
export function withoutDueKey(stored: StoredPayment | undefined): PaymentRecord | undefined;
export function withoutDueKey(stored: StoredPayment | undefined): PaymentRecord | undefined {
  if (stored?.dueKey === undefined) return stored;
  const { dueKey: _dueKey, ...record } = stored;
  return record;
}

/**
 * The payment lifecycle of this sandbox (design, "Payment lifecycle"):
 * RCVD → (SCA) → ACTC, or RJCT when declined or when SCA expires (sca-expiry.ts) → PDNG while the execution date lies ahead →
 * ACSC when a batch books it, or RJCT when funds do not cover it. DELETE cancels RCVD and ACTC.
 */
import { CANCELLABLE_STATUSES, isCancellable, isFinal, type TransactionStatus } from "../../src/contract/codes";
import type { RejectionCause } from "../../src/contract/control-schemas";
import type { StatusChange } from "../store/records";

export const awaitsSca = (status: TransactionStatus) => status === "RCVD";

/** Why a payment in this status cannot be deleted, or undefined when it can. */
export function cancellationRefusal(status: TransactionStatus, executionDate?: string): string | undefined {
  if (isCancellable(status)) return undefined;
  const cancellable = CANCELLABLE_STATUSES.join(" or ");
  if (status === "PDNG")
    return `The payment is PDNG: it is scheduled for execution${executionDate ? ` on ${executionDate}` : ""} and can no longer be deleted. Payments can be deleted while ${cancellable}.`;
  if (isFinal(status)) return `The payment is ${status}, a final status; there is nothing left to cancel.`;
  return `The payment is ${status}; payments can be deleted while ${cancellable}.`;
}

export function withStatus<T extends { transactionStatus: TransactionStatus; statusHistory: StatusChange[] }>(
  record: T,
  status: TransactionStatus,
  at: number,
  reason?: string,
): T {
  const change: StatusChange = reason === undefined ? { status, at } : { status, at, reason };
  return { ...record, transactionStatus: status, statusHistory: [...record.statusHistory, change] };
}

/** RJCT, saying why in words (the reason) and in a word a status answer can act on (the cause; decision 0058). */
export function rejected<T extends { transactionStatus: TransactionStatus; statusHistory: StatusChange[] }>(
  record: T,
  at: number,
  reason: string,
  cause: RejectionCause,
): T {
  return { ...record, transactionStatus: "RJCT", statusHistory: [...record.statusHistory, { status: "RJCT", at, reason, cause }] };
}

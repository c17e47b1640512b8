/**
 * The payment lifecycle of this sandbox (design, "Payment lifecycle"):
 * RCVD → (SCA) → ACTC, or RJCT when declined → PDNG while the execution date lies ahead →
 * ACSC when a batch books it, or RJCT when funds do not cover it. DELETE cancels RCVD and ACTC.
 */
import type { TransactionStatus } from "../../src/contract/codes";
import type { StatusChange } from "../store/records";

export const FINAL_STATUSES: readonly TransactionStatus[] = ["ACSC", "RJCT", "CANC"];

/** Statuses a batch run books when the execution date has come. */
export const DUE_STATUSES: readonly TransactionStatus[] = ["ACTC", "PDNG"];

export const isFinal = (status: TransactionStatus) => FINAL_STATUSES.includes(status);

export const awaitsSca = (status: TransactionStatus) => status === "RCVD";

/** Why a payment in this status cannot be deleted, or undefined when it can. */
export function cancellationRefusal(status: TransactionStatus, executionDate?: string): string | undefined {
  if (status === "RCVD" || status === "ACTC") return undefined;
  if (status === "PDNG")
    return `The payment is PDNG: it is scheduled for execution${executionDate ? ` on ${executionDate}` : ""} and can no longer be deleted. Payments can be deleted while RCVD or ACTC.`;
  if (isFinal(status)) return `The payment is ${status}, a final status; there is nothing left to cancel.`;
  return `The payment is ${status}; payments can be deleted while RCVD or ACTC.`;
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

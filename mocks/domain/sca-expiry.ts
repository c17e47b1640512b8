/**
 * SCA expires (issue 12; decision 0029): a payment or basket still awaiting SCA (RCVD) when the
 * sandbox clock passes its creation plus the SCA window is rejected (RJCT), as xs2a rejects a
 * payment not confirmed in time. The rule is a function of the record and the time, so every read
 * gives the same answer whether or not a write has stored the expiry yet; writes store it.
 */
import type { TransactionStatus } from "../../src/contract/codes";
import type { StatusChange } from "../../src/contract/control-schemas";
import { rejected } from "./lifecycle";

const MINUTE_MS = 60_000;

export const scaExpiresAt = (record: { createdAt: number }, windowMinutes: number): number => record.createdAt + windowMinutes * MINUTE_MS;

export const expiryReason = (windowMinutes: number) =>
  `SCA expired: the PSU did not approve within ${String(windowMinutes)} minute${windowMinutes === 1 ? "" : "s"} of the initiation.`;

/**
 * The record as it stands at `now`: RJCT since the deadline if it still awaited SCA then, else as it is.
 * `governedBy` is what its window runs from: itself, or for a payment in a signing basket the basket,
 * whose one SCA decides it (a payment put in a basket just before its own window ended stays with the basket).
 */
export function expiredIfDue<T extends { transactionStatus: TransactionStatus; statusHistory: StatusChange[]; createdAt: number }>(
  record: T,
  now: number,
  windowMinutes: number,
  governedBy: { createdAt: number } = record,
): T {
  if (record.transactionStatus !== "RCVD") return record;
  const deadline = scaExpiresAt(governedBy, windowMinutes);
  return now >= deadline ? rejected(record, deadline, expiryReason(windowMinutes), "sca-expired") : record;
}

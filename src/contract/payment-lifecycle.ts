/**
 * Rules of the payment lifecycle that both the sandbox and the portal use (design, "Payment
 * lifecycle"): which statuses are final, and which a DELETE still cancels.
 */
import type { TransactionStatus } from "./codes";

export const FINAL_STATUSES: readonly TransactionStatus[] = ["ACSC", "RJCT", "CANC"];
export const isFinal = (status: TransactionStatus) => FINAL_STATUSES.includes(status);

/** DELETE cancels these to CANC; PDNG is refused with an explanation (spec 7 rule 7), a final status too. */
export const CANCELLABLE_STATUSES: readonly TransactionStatus[] = ["RCVD", "ACTC"];
export const isCancellable = (status: string) => (CANCELLABLE_STATUSES as readonly string[]).includes(status);

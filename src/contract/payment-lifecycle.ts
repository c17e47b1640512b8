/**
 * The payment lifecycle of this sandbox as data (decision 0032-payment-status-transitions): every
 * status a payment can reach and every move between them, the bank's own and those a scenario forces
 * (design, "Scenarios"). The explorer's and the reference's lifecycle diagram is drawn from it, so the
 * picture and the decision read the same table.
 */
import { TransactionStatus } from "./codes";
import { z } from "./zod";

export const TransitionKind = z.enum(["bank", "forced"]).meta({
  description: "bank: the sandbox's own rule decides it; forced: only a scenario (a forced outcome) makes it happen.",
});

export const LifecycleTransition = z.object({
  /** null: the payment did not exist before (initiation). */
  from: TransactionStatus.nullable(),
  to: TransactionStatus,
  event: z.string().min(1),
  kind: TransitionKind,
});
export type LifecycleTransition = z.infer<typeof LifecycleTransition>;

/** The statuses a payment of this sandbox can reach, in the order of a payment's way through them. */
export const lifecycleStatuses = ["RCVD", "ACWC", "ACTC", "PDNG", "ACSP", "ACSC", "RJCT", "CANC"] as const satisfies readonly TransactionStatus[];
export type LifecycleStatus = (typeof lifecycleStatuses)[number];

const bank = (from: TransactionStatus | null, to: TransactionStatus, event: string): LifecycleTransition => ({ from, to, event, kind: "bank" });
const forced = (from: TransactionStatus, to: TransactionStatus, event: string): LifecycleTransition => ({ from, to, event, kind: "forced" });

export const paymentTransitions: readonly LifecycleTransition[] = [
  bank(null, "RCVD", "initiation accepted"),
  bank("RCVD", "ACTC", "the PSU approves SCA at the bank"),
  bank("RCVD", "PDNG", "the PSU approves SCA; the requested execution date lies ahead"),
  bank("RCVD", "RJCT", "the PSU declines SCA"),
  bank("RCVD", "RJCT", "the SCA window ends on the sandbox clock without a decision (SCA expired)"),
  bank("ACTC", "ACSC", "a batch run books it: funds (balance plus credit line) enough"),
  bank("PDNG", "ACSC", "a batch run on or after the execution date books it: funds enough"),
  bank("ACTC", "RJCT", "a batch run finds funds not enough (fundsAvailable: false)"),
  bank("PDNG", "RJCT", "a batch run on or after the execution date finds funds not enough (fundsAvailable: false)"),
  bank("RCVD", "CANC", "DELETE"),
  bank("ACTC", "CANC", "DELETE"),
  forced("RCVD", "RJCT", "a scenario forces SCA declined, abandoned or expired"),
  // What mocks/domain/scenario-effects.ts does (decision 0037-scenarios): a hold or ACWC follows the approval
  // (ACTC) and rests until released in the control API; the batch then books the payment as any ACTC one.
  forced("ACTC", "ACWC", "a scenario accepts it with a change after SCA"),
  forced("ACWC", "ACTC", "released in the sandbox control API"),
  forced("ACTC", "RJCT", "a scenario rejects the settlement with a forced reason"),
  forced("PDNG", "RJCT", "a scenario rejects the settlement with a forced reason"),
  forced("ACTC", "ACSP", "a scenario holds it in settlement (ACSP)"),
  forced("ACSP", "ACTC", "released in the sandbox control API"),
  forced("ACTC", "PDNG", "a scenario holds it pending (PDNG)"),
  forced("PDNG", "ACTC", "a held payment released in the sandbox control API"),
];

/** Periodic payments stop at ACTC: the batch never books a standing order (spec 8). */
export const PERIODIC_LAST_STATUS: TransactionStatus = "ACTC";

/** The moves out of a status, the bank's first. */
export const transitionsFrom = (status: TransactionStatus | null) => paymentTransitions.filter((transition) => transition.from === status);

/**
 * What the sandbox stores. API shapes come from the contract; these records add what only the
 * sandbox needs (owners, status history, ordering keys). Export files are validated against them.
 */
import { z } from "zod";
import { TransactionStatus } from "../../src/contract/codes";
import {
  Agreement,
  Customer,
  MAX_INSTANT,
  PeriodicPaymentRecord,
  ScaWindow,
  SinglePaymentRecord,
  StatusChange,
  TppOwner,
} from "../../src/contract/control-schemas";
import { freeText } from "../../src/contract/primitives";
import { SandboxAccount, SandboxTransaction } from "../../src/contract/sandbox";
import { ScenarioRules } from "../../src/contract/scenarios";

export { MAX_INSTANT };

// Limits and sets the stored data is shaped by: the rules (domain/) read them from here, and an import is held to them.

/**
 * How far the sandbox clock may be from real time: a hundred years. Advances stop there, and an
 * import with more is refused, so the sandbox's date is always a real calendar date.
 */
export const MAX_CLOCK_OFFSET_MS = 100 * 365 * 86_400_000;

/** Sandbox transactions carry int32 minor units (docs/decisions/0005): the largest amount a booking can hold. */
export const MAX_BOOKABLE_MINOR = 2_147_483_647;

/**
 * Statuses a batch run books when the execution date has come. Part of the stored data: the IndexedDB adapter keeps
 * the payments in these statuses apart (indexeddb/payment-blocks.ts), so changing them needs a migration.
 */
export const DUE_STATUSES: readonly TransactionStatus[] = ["ACTC", "PDNG"];
const instant = z.number().int().nonnegative().max(MAX_INSTANT).meta({ description: "Sandbox time, epoch milliseconds." });

/**
 * seq counts bookings; far below 2^53, so `nextSeq + 1` stays exact. A file with seq 2^53 - 1
 * made every later booking fail; 2^40 is a thousand billion bookings.
 */
export const MAX_SEQ = 2 ** 40;

/**
 * The explorer lists customers, agreements and payments as they are stored: the control API's shapes. Free
 * text a person reads (names, messages) holds no control or bidirectional control, in a file as in a request
 * (primitives.ts freeText; payments' requests are the interface's own schemas).
 */
export const CustomerRecord = Customer.extend({ name: freeText() });
export type CustomerRecord = z.infer<typeof CustomerRecord>;

/** The account as the interface shows it (without links), and what only the sandbox keeps. */
export const AccountRecord = SandboxAccount.omit({ _links: true }).extend({
  accountName: freeText(),
  product: freeText().optional(),
  /** Kept with every booking, so a page's "last" link needs no count. */
  transactionCount: z.int().nonnegative(),
  createdAt: instant,
});
export type AccountRecord = z.infer<typeof AccountRecord>;

export const AgreementRecord = Agreement;
export type AgreementRecord = z.infer<typeof AgreementRecord>;

export { StatusChange };

export { PeriodicPaymentRecord, SinglePaymentRecord };
export const PaymentRecord = z.discriminatedUnion("product", [SinglePaymentRecord, PeriodicPaymentRecord]);
export type PaymentRecord = z.infer<typeof PaymentRecord>;
export type SinglePaymentRecord = z.infer<typeof SinglePaymentRecord>;

export const BasketRecord = z.object({
  basketId: z.string(),
  paymentIds: z.array(z.string()),
  transactionStatus: TransactionStatus,
  psuId: z.uuid(),
  customerNumber: z.string(),
  redirectUri: z.string(),
  statusHistory: z.array(StatusChange).min(1),
  createdAt: instant,
  tpp: TppOwner.optional(),
});
export type BasketRecord = z.infer<typeof BasketRecord>;

const { _links: _omitLinks, ...transactionShape } = SandboxTransaction.shape;
export const TransactionRecord = z.object({
  ...transactionShape,
  remittanceInformationUnstructured: freeText(),
  creditorName: freeText(),
  debtorName: freeText(),
  ultimateDebtor: freeText(),
  ultimateCreditor: freeText(),
  /** The sandbox account whose list it belongs to. */
  accountId: z.string(),
  /** Global booking order; with bookingDate, the keyset of the account's list. */
  seq: z.int().nonnegative().max(MAX_SEQ),
  paymentId: z.string().optional(),
});
export type TransactionRecord = z.infer<typeof TransactionRecord>;

/** Sandbox-wide settings and bookkeeping, one record per key. */
export const MetaRecords = {
  /**
   * Never negative: the clock only moves forward (domain/clock.ts). An offset below 0 would put the sandbox
   * before real time, where a certificate that has expired is valid again (the router checks validity on it).
   */
  clockOffsetMs: z
    .number()
    .int()
    .min(0, {
      error: "The sandbox clock never runs behind real time (it only moves forward): the clock offset is 0 or more. Use 0 for real time.",
    })
    .max(MAX_CLOCK_OFFSET_MS),
  lastBatchRunAt: instant,
  contactEmail: z.object({ email: z.string(), registeredAt: z.string() }),
  batchTimes: z
    .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Batch times are HH:MM, such as 06:00." }))
    .min(1)
    .max(24)
    .refine((times) => new Set(times).size === times.length, { error: "A batch time is listed twice." }),
  nextSeq: z
    .int()
    .nonnegative()
    .max(MAX_SEQ + 1),
  scaWindowMinutes: ScaWindow.shape.minutes,
  /** The scenario rules (decision 0037-scenarios), in the order they are tried. */
  scenarioRules: ScenarioRules,
} as const;
export type MetaKey = keyof typeof MetaRecords;
export type MetaValue<K extends MetaKey> = z.infer<(typeof MetaRecords)[K]>;

/**
 * Bodies of the sandbox's own control API (/__sandbox/…, control.ts): what the portal sends and
 * what it reads back. The sandbox answers with these shapes and the portal parses them; neither
 * writes them again. The stored records the explorer lists are the ones the sandbox keeps, so the
 * store's records (mocks/store/records.ts) extend these.
 */
import { TransactionStatus } from "./codes";
import { PeriodicPaymentRequest, SinglePaymentRequest } from "./payments";
import { nationalIdentityNumber, organisationNumber } from "./identifiers";
import { mod10Check, withMod11Check } from "./norwegian-numbers";
import { norwegianAccountNumber } from "./primitives";
import { Agreement, ContactEmail, SandboxAccount } from "./sandbox";
import { z } from "./zod";
import { patternText } from "./pattern-text";
import { PaymentScenario } from "./scenarios";

// ---- requests ---------------------------------------------------------------------------------

export const AdvanceClock = z
  .strictObject({
    days: z.int().min(0).max(3660).optional(),
    hours: z.int().min(0).max(87_840).optional(),
    minutes: z.int().min(0).max(5_270_400).optional(),
    to: z.iso.datetime({ offset: true }).optional().meta({ description: "An instant to move the sandbox clock to (ISO 8601)." }),
  })
  .refine((body) => body.to !== undefined || (body.days ?? 0) + (body.hours ?? 0) + (body.minutes ?? 0) > 0, {
    error: 'Say how far to move the clock: {"days": 1}, {"hours": 3}, {"minutes": 30} or {"to": "2026-12-01T09:00:00+01:00"}.',
  });

export const ScaDecisionBody = z.strictObject({ decision: z.enum(["approve", "decline"]) });
export type ScaDecision = z.infer<typeof ScaDecisionBody>["decision"];

const batchTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Write times as HH:MM, such as 06:00." })
  .meta(patternText("a time of day as HH:MM, 00:00 to 23:59"));
export const BatchTimes = z.strictObject({ batchTimes: z.array(batchTime).min(1).max(24) });

/**
 * How long a payment or basket may await SCA before it expires (RJCT), in minutes of the sandbox clock
 * (decision 0029): xs2a's default lifetime of an SCA redirect link, 10 minutes; at most a week.
 */
export const SCA_WINDOW_MINUTES = { default: 10, max: 7 * 24 * 60 } as const;
export const ScaWindow = z.strictObject({
  minutes: z
    .int({ error: "minutes is a whole number." })
    .min(1, { error: `The SCA window is 1 to ${String(SCA_WINDOW_MINUTES.max)} minutes.` })
    .max(SCA_WINDOW_MINUTES.max, { error: `The SCA window is 1 to ${String(SCA_WINDOW_MINUTES.max)} minutes (a week).` })
    .meta({ description: "Minutes of the sandbox clock a payment or basket may await SCA before it expires (RJCT)." }),
});

// ---- answers ----------------------------------------------------------------------------------

/**
 * Sandbox time, epoch milliseconds: real time plus an offset of at most a hundred years, so never
 * past 2200 (a Date stops at 275760; a file with 9e15 made every clock read a 500).
 */
export const MAX_INSTANT = Date.UTC(2200, 0, 1);
const instant = z.number().int().nonnegative().max(MAX_INSTANT);

export const Clock = z.object({
  now: z.iso.datetime(),
  today: z.iso.date(),
  offsetMs: z.number(),
  lastBatchRunAt: z.iso.datetime().nullable(),
  nextBatchRunAt: z.iso.datetime(),
  batchTimes: z.array(z.string()),
  scaWindowMinutes: z.int().meta({ description: "Minutes a payment may await SCA before it expires (RJCT)." }),
});
export type Clock = z.infer<typeof Clock>;

/** One batch run: when, on which business date, and the payments it booked or rejected. */
export const RunReport = z.object({ at: instant, date: z.iso.date(), settled: z.array(z.string()), rejected: z.array(z.string()) });
export type RunReport = z.infer<typeof RunReport>;

export const RunsAndClock = z.object({ runs: z.array(RunReport), clock: Clock });
export type RunsAndClock = z.infer<typeof RunsAndClock>;

export const Customer = z.object({
  customerNumber: z.string(),
  kind: z.enum(["private", "corporate"]),
  psuId: z.uuid(),
  name: z.string(),
  createdAt: instant,
});
export type Customer = z.infer<typeof Customer>;

/** An account as the interface shows it (every fix applied), and how many transactions it holds. */
export const ExplorerAccount = SandboxAccount.extend({ transactionCount: z.int().nonnegative() });
export type ExplorerAccount = z.infer<typeof ExplorerAccount>;

export { Agreement };

/** Why a payment was rejected (decision 0058): what its status answers say, where the reason text alone would not tell a TPP. */
export const RejectionCause = z.enum(["sca-declined", "sca-expired", "insufficient-funds", "settlement-rejected"]).meta({
  description: "Why it became RJCT: the PSU declined SCA, SCA expired (never approved in time, or abandoned), funds lacked, or the settlement was rejected.",
});
export type RejectionCause = z.infer<typeof RejectionCause>;

export const StatusChange = z.object({ status: TransactionStatus, at: instant, reason: z.string().optional(), cause: RejectionCause.optional() });
export type StatusChange = z.infer<typeof StatusChange>;

/**
 * The TPP that created a payment or basket (decision 0058): only it reads, deletes or baskets it through the interface.
 * Absent on what was stored before the sandbox kept it: any TPP may use that.
 */
export const TppOwner = z.string().min(1).max(16_384).meta({
  description:
    "The TPP that created it: org:<its certificate's organizationIdentifier>, else sha256:<the certificate's SHA-256>. Only that TPP sees it through the interface; absent on data from before (any TPP may use it).",
});

const paymentCommon = {
  paymentId: z.string(),
  transactionStatus: TransactionStatus,
  fundsAvailable: z.boolean().optional(),
  /** The PSU who initiated it, and the customer it acts for (the company, with PSU-Corporate-ID). */
  psuId: z.uuid(),
  customerNumber: z.string(),
  /** That customer's name, kept at initiation: the debtorName of both bookings (absent on payments made before it was kept). */
  debtorName: z.string().optional(),
  redirectUri: z.string(),
  debtorAccountId: z.string(),
  /** The creditor, when it is an account of this sandbox (then it is credited on settlement). */
  creditorAccountId: z.string().optional(),
  basketId: z.string().optional(),
  statusHistory: z.array(StatusChange).min(1),
  createdAt: instant,
  /** Transactions booked when it settled: debtor first, creditor second. */
  transactionIds: z.array(z.string()).optional(),
  /** A later outcome a scenario forced on it at initiation (decision 0037-scenarios). */
  scenario: PaymentScenario.optional(),
  tpp: TppOwner.optional(),
};

export const SinglePaymentRecord = z.object({
  ...paymentCommon,
  product: z.literal("single"),
  request: SinglePaymentRequest,
  /** The business date it is due: requestedExecutionDate, or the initiation's date. */
  executionDate: z.iso.date(),
});
export const PeriodicPaymentRecord = z.object({ ...paymentCommon, product: z.literal("periodic"), request: PeriodicPaymentRequest });

/** A payment as the sandbox keeps it; a standing order still running lists its next execution dates. */
export const ExplorerPayment = z.discriminatedUnion("product", [
  SinglePaymentRecord,
  PeriodicPaymentRecord.extend({ nextExecutionDates: z.array(z.iso.date()).optional() }),
]);
export type ExplorerPayment = z.infer<typeof ExplorerPayment>;

const ScaAccount = z.object({ bban: z.string().optional(), iban: z.string().optional(), name: z.string().optional() });

/** One payment the PSU is asked to approve, as the bank page shows it. */
export const ScaPayment = z.object({
  paymentId: z.string(),
  product: z.enum(["single", "periodic"]),
  transactionStatus: TransactionStatus,
  instructedAmount: z.object({ amount: z.string(), currency: z.string() }),
  creditorName: z.string(),
  creditorAccount: ScaAccount,
  debtorAccount: ScaAccount,
  psuName: z.string(),
  executionDate: z.iso.date(),
  frequency: z.string().optional(),
  scenario: z
    .string()
    .optional()
    .meta({ description: "The sandbox scenario that forces this payment's outcome (as X-Sandbox-Scenario-Applied says it), so the page shows it is forced." }),
});
export type ScaPayment = z.infer<typeof ScaPayment>;

export const ScaSubject = z.enum(["payment", "basket"]);
export type ScaSubject = z.infer<typeof ScaSubject>;

export const ScaRequest = z.object({
  subject: ScaSubject,
  id: z.string(),
  redirectUri: z.string(),
  transactionStatus: TransactionStatus,
  statusReason: z.string().optional().meta({ description: "Why it has its status, when it no longer awaits SCA (declined, expired, …)." }),
  scaExpiresAt: z.iso.datetime().meta({ description: "When the SCA window ends: after it, an unapproved payment is rejected." }),
  payments: z.array(ScaPayment),
});
export type ScaRequest = z.infer<typeof ScaRequest>;

export const ScaDecided = z.object({ transactionStatus: TransactionStatus, redirect: z.string() });

export const SandboxSettings = z.object({ contactEmail: ContactEmail.nullable() });
export type SandboxSettings = z.infer<typeof SandboxSettings>;

/**
 * The version of the wire shapes a portal and a sandbox must share (the interface's and the control
 * table's): raised when either changes in a way the other cannot read. A portal pointed at a server
 * of another version says so instead of showing wrong screens.
 */
// 2: the clock says the SCA window (decision 0029), and SCA requests when they expire.
// 3: scenarios (decision 0037-scenarios): the rule set and the release of held payments.
export const SANDBOX_API_VERSION = 3;

/** What a sandbox is: the portal reads it to tell a server of another version from a ready one. */
export const SandboxInfo = z.object({
  product: z.literal("psd2-sandbox"),
  apiVersion: z.int().min(1).meta({ description: "The version of the interface and control shapes this sandbox speaks." }),
  dataVersion: z.int().min(1).meta({ description: "The schema version of its exports (an import of a newer one is refused)." }),
  multiTenant: z.boolean().optional().meta({
    description:
      "true on a hosted server (--multi-tenant): each TPP certificate has its own sandbox, and every control route but this one is signed like the interface.",
  }),
});
export type SandboxInfo = z.infer<typeof SandboxInfo>;

/**
 * How far the sandbox has changed: a count of committed changes since `since` (when this sandbox
 * process started counting). Read once as JSON, or as a stream of these (text/event-stream, one
 * `change` event after each burst of changes) from the standalone server.
 */
export const SandboxChanges = z.object({
  revision: z.int().nonnegative(),
  since: z.iso.datetime(),
});
export type SandboxChanges = z.infer<typeof SandboxChanges>;

/**
 * A count in a control route's query, as text: a whole number from 1 to `max`, `default` when left out.
 * Beyond the range it is refused, never clamped, so a caller learns the limit (decision 0049).
 */
export const countParameter = (name: string, { default: fallback, max }: { default: number; max: number }, what: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,6}$/, { error: `${name} is a whole number from 1 to ${String(max)}, written in digits without leading zeros.`, abort: true })
    .refine((value) => Number(value) <= max, {
      error: `${name} is a whole number from 1 to ${String(max)}, at most ${String(max)}: ask for ${String(max)} or fewer.`,
    })
    .optional()
    .meta({ description: `${what}: 1 to ${String(max)} (${String(fallback)} if left out).`, ...patternText(`a whole number from 1 to ${String(max)}`) });

/** How many of each identity kind `GET /__sandbox/identities` makes: 1 to 20 (5 if left out). */
export const IDENTITY_COUNT = { default: 5, max: 20 } as const;

export const TestIdentitiesQuery = z.object({ count: countParameter("count", IDENTITY_COUNT, "How many of each kind") });

/** How many payments `GET /__sandbox/payments` lists, newest first: 1 to 1000 (100 if left out). */
export const PAYMENT_LIST_LIMIT = { default: 100, max: 1000 } as const;

export const PaymentListQuery = z.object({ limit: countParameter("limit", PAYMENT_LIST_LIMIT, "How many, newest first") });

/** A KID whose last digit is this check of the others (a KID may pass both; each list names the one it was made with). */
const kidWith = (check: "MOD10" | "MOD11") =>
  z
    .string()
    .regex(/^\d{2,25}$/)
    .meta(patternText("2 to 25 digits"))
    .refine(
      (value) => {
        const payload = value.slice(0, -1);
        return check === "MOD10" ? `${payload}${String(mod10Check(payload))}` === value : withMod11Check(payload) === value;
      },
      { error: `Not a KID with a ${check} check digit.` },
    );

/**
 * Valid Norwegian test identities, each with correct check digits (decision 0025): identity numbers
 * are synthetic (month + 80, as Skatteetaten's Tenor makes them), so none is a real person's.
 */
export const TestIdentities = z
  .object({
    nationalIdentityNumbers: z.array(nationalIdentityNumber).meta({ description: "Synthetic fødselsnumre (11 digits, month + 80)." }),
    dNumbers: z.array(nationalIdentityNumber).meta({ description: "Synthetic D-numbers (day + 40, month + 80)." }),
    organisationNumbers: z.array(organisationNumber).meta({ description: "Organisation numbers (9 digits, MOD11)." }),
    accountNumbers: z
      .array(norwegianAccountNumber)
      .meta({ description: "Account numbers at the sandbox bank (11 digits, MOD11), not yet used by an account." }),
    kidsMod10: z.array(kidWith("MOD10")).meta({ description: "10-digit KIDs with a MOD10 (Luhn) check digit." }),
    kidsMod11: z.array(kidWith("MOD11")).meta({ description: "10-digit KIDs with a MOD11 check digit." }),
  })
  .meta({ id: "TestIdentities" });
export type TestIdentities = z.infer<typeof TestIdentities>;

export const EXPORT_FORMAT = "psd2-sandbox-export";

/**
 * A whole sandbox as one document. Its records are checked on import by the sandbox, against the
 * schema version the file names (older versions are migrated), so here only the envelope.
 */
export const ExportDocument = z.object({
  format: z.literal(EXPORT_FORMAT),
  schemaVersion: z.int().min(1),
  exportedAt: z.string(),
  stores: z.record(z.string(), z.array(z.unknown())),
});

// ---- a hosted tenant's keys (decision 0039, amendment) ---------------------------------------

/** Bound keys per tenant at most: enough for a rotation in every environment, few enough to list and check on each request. */
export const MAX_TENANT_KEYS = 10;

const SpkiSha256 = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: "spkiSha256 is 64 lower-case hex digits: SHA-256 of the certificate's SubjectPublicKeyInfo." })
  .meta({
    description: "SHA-256 of the certificate's SubjectPublicKeyInfo (DER), hex: the key, whichever certificate carries it.",
    ...patternText("64 lower-case hexadecimal digits"),
  });

export const TenantKeyPath = z.object({ spkiSha256: SpkiSha256 });

/** A certificate whose key the tenant should accept too: base64 DER, as in TPP-Signature-Certificate. */
export const AddTenantKey = z.strictObject({
  certificate: z
    .string()
    .min(1, { error: "certificate is the new certificate as base64 DER (as in TPP-Signature-Certificate)." })
    .max(16_384, { error: "certificate is at most 16384 characters." })
    .meta({ description: "The new certificate, base64 DER (the TPP-Signature-Certificate form); it must carry the same organizationIdentifier." }),
});

export const TenantKey = z.object({
  spkiSha256: SpkiSha256,
  subject: z.string().meta({ description: "The subject of the certificate that brought the key (RFC 4514)." }),
  boundAt: z.iso.datetime().meta({ description: "When the key was bound (real time)." }),
});

export const TenantKeys = z.object({
  keys: z.array(TenantKey).max(MAX_TENANT_KEYS).meta({ description: "The keys a request for this TPP's sandbox may be signed with, oldest first." }),
});
export type TenantKeys = z.infer<typeof TenantKeys>;

/** The closed code sets of the interface, each exactly as the spec lists it. */
import { shown } from "./issue-text";
import { whenPresent, z } from "./zod";

/** Spec 2.2: the supported subset of ISO 20022 external purpose codes. */
export const purposeCodes = ["INVS", "SALA", "IDCP", "CASH", "CORT", "INTC", "PENS", "SSBE", "SUPP", "TAXS", "TREA", "VATX", "LOAN", "OTHR"] as const;
export const PurposeCode = z.enum(purposeCodes).meta({ id: "PurposeCode" });

/** Spec 2.2: PeriodicPaymentFrequency. */
export const frequencies = ["Daily", "Weekly", "EveryTwoWeeks", "Monthly", "EveryTwoMonths", "Quarterly", "SemiAnnual", "Annual", "MonthlyVariable"] as const;
export const Frequency = z.enum(frequencies).meta({ id: "PeriodicPaymentFrequency" });

/** Spec 2.2: the interface spells the second value `preceeding`, and so must we. */
export const executionRules = ["following", "preceeding"] as const;
export const ExecutionRule = z
  .enum(executionRules, {
    error: whenPresent((input) =>
      input === "preceding"
        ? 'This interface spells it "preceeding" (double e). Send "following" or "preceeding".'
        : `${shown(input)} is not allowed. Use "following" or "preceeding" (this exact spelling).`,
    ),
  })
  .meta({ id: "ExecutionRule" });

/** Spec 3: transactionStatus values. */
export const transactionStatuses = ["ACCP", "ACSC", "ACSP", "ACTC", "ACWC", "ACWP", "RCVD", "PDNG", "RJCT", "CANC", "PART"] as const;
export const TransactionStatus = z.enum(transactionStatuses).meta({ id: "TransactionStatus" });
export type TransactionStatus = z.infer<typeof TransactionStatus>;

// What the statuses mean in this sandbox's lifecycle (design, "Payment lifecycle"), for the sandbox and the portal alike.
export const FINAL_STATUSES: readonly TransactionStatus[] = ["ACSC", "RJCT", "CANC"];
export const isFinal = (status: TransactionStatus) => FINAL_STATUSES.includes(status);
/** DELETE cancels these to CANC; PDNG is refused with an explanation (spec 7 rule 7), a final status too. */
export const CANCELLABLE_STATUSES: readonly TransactionStatus[] = ["RCVD", "ACTC"];
export const isCancellable = (status: string) => (CANCELLABLE_STATUSES as readonly string[]).includes(status);

/** Spec 2.1: verbs of a Link object. */
export const linkVerbs = ["GET", "PUT", "POST", "DELETE"] as const;
export const LinkVerb = z.enum(linkVerbs);

/** Spec 9: the published breaking changes a TPP may activate early with `x-accept-fix`. */
export const acceptFixes = ["cash-account-type-iso", "longer-name", "cardaccount-switch-originalamount-and-transactionamount"] as const;
/**
 * The neutral x-accept-fix value (docs/decisions/0017): 4.1 requires the header, but a TPP that wants
 * no breaking change must be able to send it. `none`, or an empty value, activates nothing.
 */
export const NO_FIX = "none";
export const AcceptFix = z.enum(acceptFixes);
export type AcceptFix = z.infer<typeof AcceptFix>;

export const psuContexts = ["PRIVATE", "CORPORATE"] as const;
export const psuHttpMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Berlin Group balance types (NextGenPSD2 1.3 `balanceType`). The spec names the field without
 * its values; these are the ones a TPP meets in account details.
 */
export const balanceTypes = ["closingBooked", "expected", "openingBooked", "interimAvailable", "interimBooked", "forwardAvailable", "nonInvoiced"] as const;
export const BalanceType = z.enum(balanceTypes).meta({ id: "BalanceType" });

/**
 * ISO 20022 ExternalCashAccountType1Code: what `cashAccountType` holds under the
 * `cash-account-type-iso` fix, and what the sandbox stores.
 */
export const isoCashAccountTypes = {
  CACC: "Current",
  CASH: "Cash payment",
  CHAR: "Charges",
  CISH: "Cash income",
  COMM: "Commission",
  CPAC: "Clearing participant settlement",
  LLSV: "Limited liquidity savings",
  LOAN: "Loan",
  MGLD: "Marginal lending",
  MOMA: "Money market",
  NFCA: "Non-resident foreign currency",
  NREX: "Non-resident external",
  ODFT: "Overdraft",
  ONDP: "Overnight deposit",
  OTHR: "Other",
  SACC: "Settlement",
  SLRY: "Salary",
  SVGS: "Savings",
  TAXE: "Tax",
  TRAN: "Transacting",
  TRAS: "Cash trading",
  VACC: "Virtual",
} as const;
export type IsoCashAccountType = keyof typeof isoCashAccountTypes;

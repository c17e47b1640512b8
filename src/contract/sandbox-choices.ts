/**
 * Where the spec says "not shown", what this sandbox chose instead, and the decision record that says
 * why: one table, read by the reference pages, the console's fields and its error text, so each of
 * them labels a guess as a guess (design, "Labels"). A label names a field of a named schema (its
 * component id in /openapi.json), a header, an error code or an operation.
 */
import type { ErrorCode } from "./errors";
import type { HeaderName } from "./headers";
import type { OperationRow } from "./operations";
import type { PaymentStatus, PeriodicPayment, PeriodicPaymentRequest, SinglePayment, SinglePaymentRequest, StructuredReference } from "./payments";
import type { SandboxAccountRequest, SandboxTransaction, SandboxTransactionRequest } from "./sandbox";
import type { SignatureDiagnosisCode } from "./signature-diagnoses";
import type { z } from "./zod";

/** The decision records a label may link to: docs/decisions/<id>.md, shown at /decisions/<id>. */
export const decisionRecords = [
  "0002-single-payment-fields",
  "0003-unnamed-operations",
  "0004-error-codes-and-statuses",
  "0005-sandbox-transaction-amounts",
  "0006-header-formats",
  "0007-periodic-schedule-fields",
  "0008-sandbox-account-fields",
  "0017-neutral-accept-fix",
  "0018-redirect-uri-schemes",
  "0013-replays-and-the-date-window",
  "0019-signature-header-statuses-and-size-codes",
  "0032-payment-status-transitions",
  "0045-the-signer-is-its-key-and-nothing-ambiguous-is-signed",
  "0052-the-signature-doctor",
  "0058-ownership-rejection-reasons-and-number-ranges",
  "0059-as-strict-as-the-bank",
] as const;
export type DecisionId = (typeof decisionRecords)[number];

export interface SandboxChoice {
  decision: DecisionId;
  /** What was chosen, as a short phrase that reads before "chosen by this sandbox". */
  what: string;
}

const choice = (decision: DecisionId, what: string): SandboxChoice => ({ decision, what });

/** "0002" of "0002-single-payment-fields". */
export const decisionNumber = (decision: DecisionId) => decision.slice(0, decision.indexOf("-"));

type FieldsOf<Schema> = Schema extends z.ZodObject ? Partial<Record<keyof Schema["shape"], SandboxChoice>> : never;

const singlePayment = "0002-single-payment-fields";
const strict = "0059-as-strict-as-the-bank";
const account = "0008-sandbox-account-fields";

/** Where a status answer says why a payment is RJCT (spec 2.7 leaves the fields open). */
const rejectionChoices = {
  tppMessages: choice("0058-ownership-rejection-reasons-and-number-ranges", "When RJCT, one message saying why (SCA_EXPIRED or PAYMENT_FAILED)"),
  psuMessage: choice("0058-ownership-rejection-reasons-and-number-ranges", "When RJCT, why in words for the PSU"),
};

/** The guessed fields, by the component that holds them (keys checked against the schemas' shapes). */
const fieldChoices: {
  PaymentStatus: FieldsOf<typeof PaymentStatus>;
  SinglePayment: FieldsOf<typeof SinglePayment>;
  PeriodicPayment: FieldsOf<typeof PeriodicPayment>;
  SinglePaymentRequest: FieldsOf<typeof SinglePaymentRequest>;
  StructuredReference: FieldsOf<typeof StructuredReference>;
  PeriodicPaymentRequest: FieldsOf<typeof PeriodicPaymentRequest>;
  SandboxAccountRequest: FieldsOf<typeof SandboxAccountRequest>;
  SandboxTransaction: FieldsOf<typeof SandboxTransaction>;
  SandboxTransactionRequest: FieldsOf<typeof SandboxTransactionRequest>;
} = {
  PaymentStatus: rejectionChoices,
  SinglePayment: rejectionChoices,
  PeriodicPayment: rejectionChoices,
  SinglePaymentRequest: {
    instructedAmount: choice(singlePayment, "Required"),
    creditorName: choice(singlePayment, "Required"),
    creditorAccount: choice(singlePayment, "Required, and Norwegian (11-digit MOD11 bban or NO iban)"),
    debtorAccount: choice(singlePayment, "Required, and Norwegian (11-digit MOD11 bban or NO iban)"),
    creditorAddress: choice(singlePayment, "Optional"),
    ultimateDebtor: choice(singlePayment, "Optional"),
    remittanceInformationUnstructured: choice(singlePayment, "Optional"),
    remittanceInformationStructuredArray: choice(singlePayment, "Optional"),
    requestedExecutionDate: choice(singlePayment, "Optional, today when absent"),
  },
  StructuredReference: {
    reference: choice(singlePayment, "Required, at most 35 characters"),
    referenceType: choice(singlePayment, "Required, at most 35 characters"),
    referenceIssuer: choice(singlePayment, "At most 35 characters"),
  },
  PeriodicPaymentRequest: {
    monthsOfExecution: choice("0007-periodic-schedule-fields", "Months 1–11, only and always for MonthlyVariable"),
    dayOfExecution: choice("0007-periodic-schedule-fields", "Values 1–31 (31: the month's last day)"),
    creditorAccount: choice(strict, "Its currency compared with the account it names and with the instructed one"),
  },
  SandboxAccountRequest: {
    customerNumber: choice(account, "Required, 11 digits (private) or 9 (corporate), check digits verified"),
    accountName: choice(account, "Required, 1–70 characters"),
    currency: choice(account, "Required"),
    bban: choice(account, "Optional, assigned when absent"),
    iban: choice(account, "Optional, derived from the bban"),
    cashAccountType: choice(account, "ISO 20022 codes"),
    creditLine: choice(account, "Zero or more"),
    balances: choice(account, "Berlin Group balance types"),
    kidRequired: choice(account, "A sandbox extension"),
  },
  SandboxTransaction: {
    amount: choice("0005-sandbox-transaction-amounts", "Minor units, negative for money leaving the account"),
  },
  SandboxTransactionRequest: {
    amount: choice("0005-sandbox-transaction-amounts", "Minor units, paid by this account"),
    creditorAccount: choice(strict, "Never an account that requires a KID (a sandbox transaction carries none)"),
    debtorName: choice(strict, "Omitted: the name of the customer who holds the account"),
  },
};

/** The label of field `property` of the named schema `component`, if its rule is a guess. */
export function fieldChoice(component: string | undefined, property: string): SandboxChoice | undefined {
  if (component === undefined || !Object.hasOwn(fieldChoices, component)) return undefined;
  const fields = fieldChoices[component as keyof typeof fieldChoices] as Record<string, SandboxChoice | undefined>;
  return Object.hasOwn(fields, property) ? fields[property] : undefined;
}

/** Every labelled field, for the test that checks each still exists. */
export const labelledFields = (): [component: string, property: string][] =>
  Object.entries(fieldChoices).flatMap(([component, fields]) => Object.keys(fields).map((property): [string, string] => [component, property]));

const headerFormat = "0006-header-formats";
const headerChoices: Partial<Record<HeaderName, SandboxChoice>> = {
  "x-accept-fix": choice("0059-as-strict-as-the-bank", "Optional on periodic payments too: left out, no fix is activated; none is this sandbox's only"),
  "X-Request-ID": choice(headerFormat, "A UUID"),
  "TPP-Redirect-URI": choice("0018-redirect-uri-schemes", "Accepted schemes"),
  "TPP-Redirect-Preferred": choice(headerFormat, "true or false"),
  Digest: choice("0045-the-signer-is-its-key-and-nothing-ambiguous-is-signed", "SHA-256= and SHA-512= only, each at most once, every one checked"),
  "TPP-Signature-Certificate": choice("0045-the-signer-is-its-key-and-nothing-ambiguous-is-signed", "One line of base64 of exactly one DER certificate"),
  "X-PSU-IDENTITY": choice(headerFormat, "11 digits with MOD11 check digits"),
  "PSU-Corporate-ID": choice(headerFormat, "An organisation number (9 digits, MOD11)"),
  "PSU-IP-Address": choice(headerFormat, "IPv4 or IPv6"),
  "PSU-IP-Port": choice(headerFormat, "1–65535"),
  "PSU-Geo-Location": choice(headerFormat, "The GEO:<lat>;<lon> form"),
  "PSU-Context": choice(strict, "Must say what the PSU is: PRIVATE for a private customer, CORPORATE for a company's"),
};

export const headerChoice = (name: string): SandboxChoice | undefined => (Object.hasOwn(headerChoices, name) ? headerChoices[name as HeaderName] : undefined);

/**
 * Codes spec 7 does not list. REFERENCE_MIX_INVALID is not here: spec 7 rule 2 names it, with its
 * status.
 */
const codeChoices: Partial<Record<ErrorCode, SandboxChoice>> = {
  SIGNATURE_MISSING: choice("0004-error-codes-and-statuses", "Code"),
  SIGNATURE_INVALID: choice("0004-error-codes-and-statuses", "Code"),
  CERTIFICATE_MISSING: choice("0004-error-codes-and-statuses", "Code"),
  CERTIFICATE_INVALID: choice("0004-error-codes-and-statuses", "Code"),
  CERTIFICATE_EXPIRED: choice("0004-error-codes-and-statuses", "Code"),
  SERVICE_INVALID: choice("0004-error-codes-and-statuses", "Code"),
  CONTENT_TOO_LARGE: choice("0019-signature-header-statuses-and-size-codes", "Code"),
  HEADER_FIELDS_TOO_LARGE: choice("0019-signature-header-statuses-and-size-codes", "Code"),
  SERVICE_UNAVAILABLE: choice("0059-as-strict-as-the-bank", "Code"),
};

export const errorCodeChoice = (code: string): SandboxChoice | undefined => (Object.hasOwn(codeChoices, code) ? codeChoices[code as ErrorCode] : undefined);

/** Spec 7 states these statuses (rule 1: a missing PSU-Corporate-ID, 400; rule 2; rule 3: KID errors, 400). */
const statedStatuses: readonly string[] = ["BAD_REQUEST", "REFERENCE_MIX_INVALID", "KID_MISSING", "KID_INVALID"];

/** The HTTP status of every other code is this sandbox's (spec 7: "not shown beyond the statements above"). */
export const errorStatusChoice = (code: string): SandboxChoice | undefined =>
  statedStatuses.includes(code) ? undefined : choice(errorCodeChoice(code)?.decision ?? "0004-error-codes-and-statuses", "HTTP status");

const nothingAmbiguous = "0045-the-signer-is-its-key-and-nothing-ambiguous-is-signed";
const doctor = "0052-the-signature-doctor";

/** The signature doctor's codes whose rule is this sandbox's, not the spec's or its standards' (src/contract/signature-diagnoses.ts). */
const diagnosisChoices: Partial<Record<SignatureDiagnosisCode, SandboxChoice>> = {
  "date-stale": choice("0013-replays-and-the-date-window", "A signed Date within 5 minutes of real time"),
  "digest-algorithm-unsupported": choice(nothingAmbiguous, "Every Digest listed is checked"),
  "algorithm-unsupported": choice(strict, "algorithm required, and rsa-sha256 the only one taken"),
  "digest-missing": choice(strict, "401 SIGNATURE_INVALID, as a wrong Digest"),
  "digest-algorithm-repeated": choice(nothingAmbiguous, "Each Digest algorithm at most once"),
  "signed-header-absent": choice(doctor, "A listed header the request lacks is refused"),
  "headers-param-not-lowercase": choice(doctor, "A headers list with capitals accepted, and reported"),
  "certificate-weak": choice(doctor, "RSA keys under 2048 bits and MD5 or SHA-1 certificates refused"),
};

export const diagnosisChoice = (code: string): SandboxChoice | undefined =>
  Object.hasOwn(diagnosisChoices, code) ? diagnosisChoices[code as SignatureDiagnosisCode] : undefined;

/** Spec 3 lists the statuses but not the transitions between them. */
export const statusTransitionsChoice = choice("0032-payment-status-transitions", "Transitions between the statuses");

/** Named value schemas whose use is a guess wherever a field holds them. */
const valueChoices: Record<string, SandboxChoice> = { TransactionStatus: statusTransitionsChoice };

export const valueChoice = (component: string | undefined): SandboxChoice | undefined =>
  component !== undefined && Object.hasOwn(valueChoices, component) ? valueChoices[component] : undefined;

const ownership = "0058-ownership-rejection-reasons-and-number-ranges";

/** Operations about an existing payment or basket: who may use it is the sandbox's choice (the spec names no rule). */
const aboutOwnResource: readonly string[] = [
  "getPayment",
  "getPaymentStatus",
  "deletePayment",
  "getPeriodicPayment",
  "getPeriodicPaymentStatus",
  "deletePeriodicPayment",
  "getSigningBasket",
  "getSigningBasketStatus",
  "deleteSigningBasket",
];

/** What an operation's page labels: a path the spec does not give, headers it does not name, who may use what it names. */
export function operationChoices(operation: Pick<OperationRow, "id" | "pathChosen" | "specSection">): SandboxChoice[] {
  const choices: SandboxChoice[] = [];
  if (operation.pathChosen) choices.push(choice("0003-unnamed-operations", "Path"));
  // 4.1 and 4.4 list their headers; 4.2, 4.3 and the operations of 4.5 show none.
  if (!["4.1", "4.4"].includes(operation.specSection)) choices.push(choice("0003-unnamed-operations", "Header set and response body"));
  if (aboutOwnResource.includes(operation.id))
    choices.push(choice(ownership, "Only the TPP that created it sees it (another gets 404), and PSU headers must name its PSU (403)"));
  if (operation.id === "createSigningBasket") choices.push(choice(ownership, "Only the TPP's own payments go in (another TPP's are unknown)"));
  return choices;
}

/**
 * The operation table: every operation of spec section 4, one row of data each. The sandbox's
 * dispatcher, the forms, the reference pages and the OpenAPI document all read it.
 */
import type { ErrorCode } from "./errors";
import { PaymentReadHeaders, PeriodicPaymentHeaders, SandboxReadHeaders, SandboxWriteHeaders, SigningBasketHeaders, SinglePaymentHeaders } from "./header-sets";
import {
  PaymentInitiationResponse,
  PaymentStatus,
  PeriodicPayment,
  PeriodicPaymentRequest,
  SigningBasket,
  SigningBasketRequest,
  SigningBasketResponse,
  SinglePayment,
  SinglePaymentRequest,
  StatusResponse,
} from "./payments";
import { TransactionListQuery } from "./query";
import {
  Agreement,
  AgreementRequest,
  BalancesUpdate,
  ContactEmail,
  ContactEmailRequest,
  InitializeResponse,
  SandboxAccount,
  SandboxAccountRequest,
  SandboxTransaction,
  SandboxTransactionRequest,
} from "./sandbox";
import { z } from "./zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";
/** `api` is the spec's {base_url}, `sandbox` its {sandbox_base_url}. */
export type BaseName = "api" | "sandbox";

export interface ResponseSpec {
  status: number;
  description: string;
  body?: z.ZodType;
  /** Response headers worth knowing, by name, with what they hold. */
  headers?: Record<string, string>;
}

/** A row as written in the table; `Operation` is a row whose id is one of the table's. */
export interface OperationRow {
  id: string;
  title: string;
  /** What the operation does, in the spec's words where it has some. */
  summary: string;
  group: "Payments" | "Periodic payments" | "Signing baskets" | "Sandbox data" | "TPP";
  method: HttpMethod;
  base: BaseName;
  path: string;
  /** The spec names this operation without a path; the path follows docs/decisions/0003. */
  pathChosen: boolean;
  specSection: string;
  pathParams?: z.ZodObject;
  headers: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  success: ResponseSpec;
  errors: readonly ErrorCode[];
  notes?: readonly string[];
}

const signatureErrors = [
  "SIGNATURE_MISSING",
  "SIGNATURE_INVALID",
  "CERTIFICATE_MISSING",
  "CERTIFICATE_INVALID",
  "CERTIFICATE_EXPIRED",
] as const satisfies readonly ErrorCode[];
const requestErrors = ["FORMAT_ERROR", "HTTP_HEADER_REQUIRED", ...signatureErrors] as const satisfies readonly ErrorCode[];
/** What an operation that acts for a PSU adds (spec 7 rule 1, checked by the dispatcher for each of them). */
const actingPsuErrors = ["PSU_CREDENTIALS_INVALID", "FORBIDDEN"] as const satisfies readonly ErrorCode[];
const initiationErrors = [
  ...requestErrors,
  "PSU_CREDENTIALS_INVALID",
  "RESOURCE_UNKNOWN",
  "PRODUCT_UNKNOWN",
  "BAD_REQUEST",
  "FORBIDDEN",
  "EXECUTION_DATE_INVALID",
  "KID_MISSING",
] as const;

const PaymentPath = z.object({ paymentId: z.string().min(1).meta({ description: "Identifier returned by the initiation." }) });
const BasketPath = z.object({ basketId: z.string().min(1).meta({ description: "Identifier returned by the basket's creation." }) });
const AccountPath = z.object({ mockAccountId: z.string().min(1).meta({ description: "resourceId of a sandbox account." }) });
const TransactionPath = AccountPath.extend({ transactionId: z.string().min(1).meta({ description: "id of one of the account's transactions." }) });

const NDCT = "norwegian-domestic-credit-transfers";
const initiated = (what: string): ResponseSpec => ({
  status: 201,
  description: `${what} received: status RCVD, with _links scaRedirect (the bank's SCA page), self and status.`,
  body: PaymentInitiationResponse,
  headers: { Location: "Address of the created payment.", "ASPSP-SCA-Approach": "REDIRECT." },
});

function paymentOperations<Read extends string, Status extends string, Remove extends string>(
  kind: "payments" | "periodic-payments",
  ids: { read: Read; status: Status; remove: Remove },
) {
  const single = kind === "payments";
  const noun = single ? "payment" : "periodic payment";
  const group = single ? "Payments" : "Periodic payments";
  const path = `/v1/${kind}/${NDCT}/{paymentId}`;
  return [
    {
      id: ids.read,
      title: `Get ${noun}`,
      group,
      method: "GET",
      base: "api",
      path,
      pathChosen: true,
      specSection: "4.5",
      summary: `Reads a ${noun}: the initiation's body and its current transactionStatus.`,
      pathParams: PaymentPath,
      headers: PaymentReadHeaders,
      success: { status: 200, description: `The ${noun}.`, body: single ? SinglePayment : PeriodicPayment },
      errors: [...requestErrors, ...actingPsuErrors, "RESOURCE_UNKNOWN", "PRODUCT_UNKNOWN"],
    },
    {
      id: ids.status,
      title: `Get ${noun} status`,
      group,
      method: "GET",
      base: "api",
      path: `${path}/status`,
      pathChosen: true,
      specSection: "4.5",
      summary: `Reads the status of a ${noun}; fundsAvailable is false when it was rejected for lack of funds.`,
      pathParams: PaymentPath,
      headers: PaymentReadHeaders,
      success: { status: 200, description: "The payment status record.", body: PaymentStatus },
      errors: [...requestErrors, ...actingPsuErrors, "RESOURCE_UNKNOWN", "PRODUCT_UNKNOWN"],
    },
    {
      id: ids.remove,
      title: `Delete ${noun}`,
      group,
      method: "DELETE",
      base: "api",
      path,
      pathChosen: true,
      specSection: "3, 4.5",
      summary: `Cancels a ${noun} that is not yet executed (RCVD or ACTC) to CANC. A PDNG payment cannot be deleted; nor can one in a final status.`,
      pathParams: PaymentPath,
      headers: PaymentReadHeaders,
      success: { status: 204, description: "Cancelled; the identifier stays valid and its status reads CANC." },
      errors: [...requestErrors, ...actingPsuErrors, "RESOURCE_UNKNOWN", "PRODUCT_UNKNOWN", "CONFLICT"],
      notes: ["Spec 7 rule 7: deleting a payment with status PDNG returns an error with an explanatory message (409 CONFLICT here)."],
    },
  ] as const satisfies readonly OperationRow[];
}

// Called outside the table so the ids keep their literal types (the table's context would widen them).
const singlePaymentOperations = paymentOperations("payments", { read: "getPayment", status: "getPaymentStatus", remove: "deletePayment" });
const periodicPaymentOperations = paymentOperations("periodic-payments", {
  read: "getPeriodicPayment",
  status: "getPeriodicPaymentStatus",
  remove: "deletePeriodicPayment",
});

export const operations = [
  {
    id: "createPayment",
    title: "Create NDCT payment",
    group: "Payments",
    method: "POST",
    base: "api",
    path: `/v1/payments/${NDCT}`,
    pathChosen: false,
    specSection: "4.2",
    summary: "Initiates a single Norwegian domestic credit transfer on behalf of the PSU.",
    headers: SinglePaymentHeaders,
    body: SinglePaymentRequest,
    success: initiated("Payment"),
    errors: [...initiationErrors, "KID_INVALID"],
    notes: [
      "Either remittanceInformationStructuredArray or remittanceInformationUnstructured may be set, never both.",
      "remittanceInformationStructured (single value) is deprecated: accepted with a WARNING tppMessage.",
      "A corporate PSU must send PSU-Corporate-ID (400 otherwise); the debtor account must be in the PSU's agreement.",
    ],
  },
  ...singlePaymentOperations,
  {
    id: "createPeriodicPayment",
    title: "Create periodic NDCT payment",
    group: "Periodic payments",
    method: "POST",
    base: "api",
    path: `/v1/periodic-payments/${NDCT}`,
    pathChosen: false,
    specSection: "4.1",
    summary: "Initiates a standing order: a Norwegian domestic credit transfer repeated at the given frequency.",
    headers: PeriodicPaymentHeaders,
    body: PeriodicPaymentRequest,
    success: initiated("Periodic payment"),
    errors: initiationErrors,
    notes: [
      "Periodic payments are never processed by the sandbox batch; their execution dates are computed and shown.",
      "Spec 7 rule 4: a MonthlyVariable payment with duplicate months is rejected.",
    ],
  },
  ...periodicPaymentOperations,
  {
    id: "createSigningBasket",
    title: "Create signing basket",
    group: "Signing baskets",
    method: "POST",
    base: "api",
    path: "/v1/signing-baskets",
    pathChosen: true,
    specSection: "4.5",
    summary: "Groups single payments so the PSU authorises them with one SCA.",
    headers: SigningBasketHeaders,
    body: SigningBasketRequest,
    success: {
      status: 201,
      description: "Basket received: RCVD, with an scaRedirect link.",
      body: SigningBasketResponse,
      headers: { Location: "Address of the created basket." },
    },
    errors: [...requestErrors, "PSU_CREDENTIALS_INVALID", "RESOURCE_UNKNOWN", "REFERENCE_MIX_INVALID", "FORBIDDEN", "CONFLICT"],
    notes: ["Spec 7 rule 2: a bulk or periodic payment in a signing basket gives 400 REFERENCE_MIX_INVALID."],
  },
  {
    id: "getSigningBasket",
    title: "Get signing basket",
    group: "Signing baskets",
    method: "GET",
    base: "api",
    path: "/v1/signing-baskets/{basketId}",
    pathChosen: true,
    specSection: "4.5",
    summary: "Reads a signing basket.",
    pathParams: BasketPath,
    headers: PaymentReadHeaders,
    success: { status: 200, description: "The basket.", body: SigningBasket },
    errors: [...requestErrors, ...actingPsuErrors, "RESOURCE_UNKNOWN"],
  },
  {
    id: "getSigningBasketStatus",
    title: "Get signing basket status",
    group: "Signing baskets",
    method: "GET",
    base: "api",
    path: "/v1/signing-baskets/{basketId}/status",
    pathChosen: true,
    specSection: "4.5",
    summary: "Reads a basket's status.",
    pathParams: BasketPath,
    headers: PaymentReadHeaders,
    success: { status: 200, description: "The basket status.", body: StatusResponse },
    errors: [...requestErrors, ...actingPsuErrors, "RESOURCE_UNKNOWN"],
  },
  {
    id: "deleteSigningBasket",
    title: "Delete signing basket",
    group: "Signing baskets",
    method: "DELETE",
    base: "api",
    path: "/v1/signing-baskets/{basketId}",
    pathChosen: true,
    specSection: "4.5",
    summary: "Cancels a basket that is not yet authorised; its payments stay.",
    pathParams: BasketPath,
    headers: PaymentReadHeaders,
    success: { status: 204, description: "Cancelled." },
    errors: [...requestErrors, ...actingPsuErrors, "RESOURCE_UNKNOWN", "CONFLICT"],
  },
  {
    id: "createSandboxAccount",
    title: "Create sandbox account",
    group: "Sandbox data",
    method: "POST",
    base: "sandbox",
    path: "/v1/sandbox/accounts",
    pathChosen: false,
    specSection: "4.3",
    summary:
      "Creates a test account owned by the customer named by customerNumber. A private customer's account joins their agreement at once and appears in the account list; a corporate customer's only after POST /v1/sandbox/agreements.",
    headers: SandboxWriteHeaders,
    body: SandboxAccountRequest,
    success: {
      status: 201,
      description: "The stored account, with its resourceId (the mockAccountId of the sandbox paths).",
      body: SandboxAccount,
      headers: { Location: "Address of the created account." },
    },
    errors: [...requestErrors, "CONFLICT"],
  },
  {
    id: "getSandboxAccount",
    title: "Get sandbox account",
    group: "Sandbox data",
    method: "GET",
    base: "sandbox",
    path: "/v1/sandbox/accounts/{mockAccountId}",
    pathChosen: true,
    specSection: "4.3",
    summary:
      "Reads one sandbox account with its balances: where the Location of POST /v1/sandbox/accounts points. The spec names no such read; this sandbox adds it so that the Location can be followed.",
    pathParams: AccountPath,
    headers: SandboxReadHeaders,
    success: { status: 200, description: "The account, as POST /v1/sandbox/accounts and PUT …/balances answer it.", body: SandboxAccount },
    errors: [...requestErrors, "RESOURCE_UNKNOWN"],
  },
  {
    id: "listSandboxTransactions",
    title: "Get sandbox account transactions",
    group: "Sandbox data",
    method: "GET",
    base: "sandbox",
    path: "/v1/sandbox/accounts/{mockAccountId}/transactions",
    pathChosen: false,
    specSection: "4.4",
    summary:
      "Returns the transactions of a sandbox account: those added through the sandbox and those from payments performed in the sandbox. Only for managing sandbox data.",
    pathParams: AccountPath,
    headers: SandboxReadHeaders,
    query: TransactionListQuery,
    success: {
      status: 200,
      description: "A JSON array of sandbox transactions, newest first; 200 per page unless limit says otherwise.",
      body: z.array(SandboxTransaction),
      headers: {
        Link: "RFC 8288 links to the first, prev, next and last pages (rel=first, prev, next, last).",
        "X-Total-Count": "How many transactions the list holds in all (within fromDate and toDate).",
      },
    },
    errors: [...requestErrors, "RESOURCE_UNKNOWN"],
  },
  {
    id: "createSandboxTransaction",
    title: "Create sandbox transaction",
    group: "Sandbox data",
    method: "POST",
    base: "sandbox",
    path: "/v1/sandbox/accounts/{mockAccountId}/transactions",
    pathChosen: true,
    specSection: "4.5",
    summary: "Adds a transaction in which this account pays. Using another account as debtor gives an error.",
    pathParams: AccountPath,
    headers: SandboxWriteHeaders,
    body: SandboxTransactionRequest,
    success: { status: 201, description: "The booked transaction.", body: SandboxTransaction },
    errors: [...requestErrors, "RESOURCE_UNKNOWN", "BAD_REQUEST"],
  },
  {
    id: "getSandboxTransaction",
    title: "Get transaction details",
    group: "Sandbox data",
    method: "GET",
    base: "sandbox",
    path: "/v1/sandbox/accounts/{mockAccountId}/transactions/{transactionId}",
    pathChosen: true,
    specSection: "4.5",
    summary: "Reads one transaction of a sandbox account.",
    pathParams: TransactionPath,
    headers: SandboxReadHeaders,
    success: { status: 200, description: "The transaction.", body: SandboxTransaction },
    errors: [...requestErrors, "RESOURCE_UNKNOWN"],
  },
  {
    id: "updateSandboxBalances",
    title: "Update sandbox balances",
    group: "Sandbox data",
    method: "PUT",
    base: "sandbox",
    path: "/v1/sandbox/accounts/{mockAccountId}/balances",
    pathChosen: true,
    specSection: "4.5",
    summary: "Replaces the balances (and optionally the credit line) of a sandbox account.",
    pathParams: AccountPath,
    headers: SandboxWriteHeaders,
    body: BalancesUpdate,
    success: { status: 200, description: "The account with its new balances.", body: SandboxAccount },
    errors: [...requestErrors, "RESOURCE_UNKNOWN", "BAD_REQUEST"],
  },
  {
    id: "createAgreement",
    title: "Add accounts to an agreement",
    group: "Sandbox data",
    method: "POST",
    base: "sandbox",
    path: "/v1/sandbox/agreements",
    pathChosen: false,
    specSection: "4.5",
    summary: "Adds accounts to a corporate customer's agreement, after which they appear in the account list.",
    headers: SandboxWriteHeaders,
    body: AgreementRequest,
    success: { status: 201, description: "The agreement with all its accounts.", body: Agreement },
    errors: [...requestErrors, "RESOURCE_UNKNOWN", "BAD_REQUEST"],
  },
  {
    id: "initializeSandbox",
    title: "Initialize sandbox",
    group: "Sandbox data",
    method: "POST",
    base: "sandbox",
    path: "/v1/sandbox/initialize",
    pathChosen: true,
    specSection: "4.5",
    summary:
      "Fills the dynamic sandbox with the fixed data set, replacing what it held: customers, accounts with balances, and transactions over the last 90 days.",
    headers: SandboxWriteHeaders,
    success: { status: 200, description: "What the sandbox now holds.", body: InitializeResponse },
    errors: requestErrors,
  },
  {
    id: "registerContactEmail",
    title: "Register contact e-mail",
    group: "TPP",
    method: "PUT",
    base: "sandbox",
    path: "/v1/sandbox/tpp/contact-email",
    pathChosen: true,
    specSection: "4.5",
    summary: "Registers the e-mail address at which the bank reaches the TPP (the TPP dialogue area).",
    headers: SandboxWriteHeaders,
    body: ContactEmailRequest,
    success: { status: 200, description: "The registered address.", body: ContactEmail },
    errors: requestErrors,
  },
] as const satisfies readonly OperationRow[];

export type OperationId = (typeof operations)[number]["id"];
/** Typed by the table's ids, so code that looks an operation's handler up needs no cast. */
export type Operation = OperationRow & { id: OperationId };

const byId = new Map<string, Operation>(operations.map((operation) => [operation.id, operation]));
export function operationById(id: OperationId): Operation {
  const operation = byId.get(id);
  if (!operation) throw new Error(`No operation ${id}`);
  return operation;
}

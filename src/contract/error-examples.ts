/**
 * One example tppMessage per error code, as the sandbox words it: the OpenAPI document's error
 * examples (so a mock of it answers each status with a real code, never an invented one) and what
 * the reference pages can show. The status of each is errorStatus's (decision 0004); a unit test
 * holds every example to the ErrorBody schema.
 */
import type { TppMessage } from "./common-objects";
import type { ErrorCode } from "./errors";

const PAYMENT = "/v1/payments/norwegian-domestic-credit-transfers";

export const errorExamples = {
  SYSTEM_ERROR: { text: "The sandbox failed while answering: database is locked. This is a sandbox bug; the request changed nothing." },
  SERVICE_UNAVAILABLE: {
    text: "The sandbox's storage is busy. Nothing is wrong with your request: try it again in 2 s (Retry-After), signed anew with a new X-Request-ID.",
  },
  BAD_REQUEST: {
    path: "debtorAccount",
    text: "Account 97100000028 is not in the agreement of the PSU 5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21; pay from one of their own accounts.",
  },
  FORBIDDEN: { path: "PSU-Corporate-ID", text: "PSU-Corporate-ID 999990029 is not the company PSU 5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a31 acts for (999990010)." },
  NOT_FOUND: { text: "Nothing at this address." },
  CONFLICT: {
    text: "Payment a76348e2-0b42-4e7c-af8d-3f37478535f6 is PDNG (approved, waiting for its execution date) and can no longer be deleted (spec 7 rule 7).",
  },
  HTTP_HEADER_REQUIRED: { path: "PSU-IP-Address", text: "The header PSU-IP-Address is required." },
  QUERY_PARAMETER_REQUIRED: { path: "limit", text: "The query parameter limit is required." },
  SCA_NOT_FOUND: { text: "No SCA is waiting for payment a76348e2-0b42-4e7c-af8d-3f37478535f6." },
  SCA_EXPIRED: { text: "The SCA of payment a76348e2-0b42-4e7c-af8d-3f37478535f6 expired; initiate the payment again." },
  SCA_INVALID: { text: "The SCA of payment a76348e2-0b42-4e7c-af8d-3f37478535f6 was already completed." },
  FORMAT_ERROR: { path: "creditorName", text: "Must be a string; got an integer." },
  RESOURCE_UNKNOWN: { path: "paymentId", text: "No payment a76348e2-0b42-4e7c-af8d-3f37478535f6; use the paymentId the initiation returned." },
  PSU_CREDENTIALS_INVALID: { path: "PSU-ID", text: "No PSU 5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a99 in this sandbox; use the psuId of one of its customers." },
  CONSENT_UNKNOWN: { text: "No consent with this id." },
  CONSENT_INVALID: { text: "The consent does not cover this account." },
  CONSENT_EXPIRED: { text: "The consent has expired." },
  ACCESS_EXCEEDED: { text: "32 change streams are open, the most this server keeps; close one and try again in 10 seconds." },
  PRODUCT_UNKNOWN: {
    text: 'The payment product "sepa-credit-transfers" is not offered under /v1/payments/; this bank offers norwegian-domestic-credit-transfers.',
  },
  PRODUCT_INVALID: { text: "This product is not available to the PSU." },
  KID_MISSING: {
    path: "remittanceInformationStructuredArray",
    text: "Account 97100000044 takes incoming payments with a KID only; give the KID from the invoice.",
  },
  KID_INVALID: {
    path: "remittanceInformationStructuredArray[0].reference",
    text: "1234567891 is not a valid KID: its last digit is neither its MOD10 nor its MOD11 check digit. Copy the KID from the invoice again.",
  },
  PAYMENT_FAILED: { text: "The payment could not be executed." },
  EXECUTION_DATE_INVALID: {
    path: "requestedExecutionDate",
    text: "requestedExecutionDate 2026-11-20 lies before today (2026-11-24); use today or a later date.",
  },
  REFERENCE_MIX_INVALID: {
    path: "paymentIds[0]",
    text: "c46fa3a2-9890-428d-a135-3c1d291f08f5 is a periodic payment; a signing basket takes single payments only (spec 7 rule 2).",
  },
  SIGNATURE_MISSING: { path: "Signature", text: "The request is not signed: send a Signature header (see the security scheme Signature)." },
  SIGNATURE_INVALID: {
    path: "Signature",
    text: "The signature does not verify with the certificate's public key: the signing string the sandbox rebuilt is in X-Sandbox-Signing-String.",
  },
  CERTIFICATE_MISSING: { path: "TPP-Signature-Certificate", text: "The header TPP-Signature-Certificate is required: the TPP's certificate, base64 DER." },
  CERTIFICATE_INVALID: { path: "TPP-Signature-Certificate", text: "TPP-Signature-Certificate is not a DER-encoded X.509 certificate in base64." },
  CERTIFICATE_EXPIRED: {
    path: "TPP-Signature-Certificate",
    text: "The certificate expired on 2026-01-31T00:00:00Z (sandbox time 2026-11-24); make a new one.",
  },
  SERVICE_INVALID: { text: `${PAYMENT} does not take PUT; it takes POST.` },
  CONTENT_TOO_LARGE: { text: "The body is larger than this path takes (1048576 bytes); send a smaller one." },
  HEADER_FIELDS_TOO_LARGE: { text: "The request headers are larger than this server takes (16 KiB)." },
} as const satisfies Record<ErrorCode, Omit<TppMessage, "category" | "code">>;

/** The tppMessage of one code's example, whole. */
export const errorExample = (code: ErrorCode): TppMessage => ({ category: "ERROR", code, ...errorExamples[code] });

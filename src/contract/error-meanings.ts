/**
 * What each error code means, in a few words: the reference's error tables and its search read it.
 * The example tppMessage of each code is in error-examples.ts; its status in `errorStatus`.
 */
import { errorExample } from "./error-examples";
import type { ErrorBody } from "./common-objects";
import { errorStatus, type ErrorCode } from "./errors";

export const errorMeanings: Record<ErrorCode, string> = {
  SYSTEM_ERROR: "The bank failed to answer; retry later.",
  SERVICE_UNAVAILABLE: "The service cannot answer now (busy or paused); retry after Retry-After seconds. Nothing was changed.",
  BAD_REQUEST: "The request is well formed but cannot be carried out as sent.",
  FORBIDDEN: "The PSU may not act for the customer or resource named.",
  NOT_FOUND: "Nothing at this address.",
  CONFLICT: "The resource's status does not allow the operation.",
  HTTP_HEADER_REQUIRED: "A required header is missing.",
  QUERY_PARAMETER_REQUIRED: "A required query parameter is missing.",
  SCA_NOT_FOUND: "No SCA is under way for this resource.",
  SCA_EXPIRED: "The SCA was not completed in time.",
  SCA_INVALID: "The SCA failed.",
  FORMAT_ERROR: "A header, parameter or field breaks the contract; path says which.",
  RESOURCE_UNKNOWN: "The payment, basket, account or transaction named does not exist (for this PSU).",
  PSU_CREDENTIALS_INVALID: "The PSU named is unknown.",
  CONSENT_UNKNOWN: "The consent named is unknown.",
  CONSENT_INVALID: "The consent is not valid for this request.",
  CONSENT_EXPIRED: "The consent has expired.",
  ACCESS_EXCEEDED: "Too many requests: slow down.",
  PRODUCT_UNKNOWN: "The payment product in the path is not one this interface offers.",
  PRODUCT_INVALID: "The payment product is not available to this PSU.",
  KID_MISSING: "The creditor account takes payments with a KID only.",
  KID_INVALID: "The KID's check digit (MOD10 or MOD11) does not match.",
  PAYMENT_FAILED: "The payment could not be executed.",
  EXECUTION_DATE_INVALID: "The requested execution date lies in the past or too far ahead.",
  REFERENCE_MIX_INVALID: "A signing basket may hold single payments only.",
  SIGNATURE_MISSING: "The request is not signed.",
  SIGNATURE_INVALID: "The Digest or the Signature does not match what the sandbox rebuilt, or is ambiguous (sent twice, a parameter or algorithm repeated).",
  CERTIFICATE_MISSING: "TPP-Signature-Certificate is missing.",
  CERTIFICATE_INVALID: "The certificate cannot be read (one DER certificate, nothing around it), or its key or validity is not accepted.",
  CERTIFICATE_EXPIRED: "The certificate is outside its validity period.",
  SERVICE_INVALID: "The path does not take this HTTP method.",
  CONTENT_TOO_LARGE: "The body is larger than the server takes (1 MiB).",
  HEADER_FIELDS_TOO_LARGE: "The headers are larger than the server takes.",
};

/** The error answer's body for a code, with its example tppMessage. */
export const errorExampleBody = (code: ErrorCode): ErrorBody => ({ tppMessages: [errorExample(code)] });

/** An operation's error codes by HTTP status, ascending. */
export function errorsByStatus(codes: readonly ErrorCode[]): [number, ErrorCode[]][] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  return [...byStatus].sort(([a], [b]) => a - b);
}

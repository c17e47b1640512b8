/**
 * The signature doctor's findings: what was wrong with a request's signature and how to fix it, each
 * under a code of the contract's table (src/contract/signature-diagnoses.ts, docs/signing.md "The
 * signature doctor"). The codes are the verifier's reasons, refined where the doctor finds out why.
 */
import type { VerifyFailureReason } from "./verify-result";

export type DiagnosisCode =
  | VerifyFailureReason
  | "keyid-serial-decimal"
  | "keyid-serial-reversed"
  | "digest-of-reformatted-json"
  | "digest-of-reordered-json"
  | "digest-of-escaped-json"
  | "digest-with-trailing-newline"
  | "digest-of-empty-body"
  | "digest-encoding"
  | "digest-body-charset"
  | "digest-algorithm-label"
  | "date-unsigned"
  | "date-stale"
  | "headers-param-not-lowercase"
  | "signing-string-name-case"
  | "signing-string-trailing-newline"
  | "signing-string-crlf"
  | "signing-string-order"
  | "signing-string-line-missing"
  | "request-target-unlisted"
  | "host-unlisted"
  | "header-signed-unlisted"
  | "request-target-differs"
  | "host-differs"
  | "algorithm-hash-mismatch"
  | "signature-other-key"
  | "signature-pss"
  | "signature-length";

/** One finding: the code, and a text that says what was wrong and how to fix it, with the request's own values. */
export interface Finding {
  readonly code: DiagnosisCode;
  readonly text: string;
}

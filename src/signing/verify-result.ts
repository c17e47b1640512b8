import type { CertificateFingerprints, CertificateSummary } from "./certificate";
import type { SignatureAlgorithm, SignatureErrorCode } from "./types";

// The outcome of verifyRequest: a Berlin Group code for the tppMessage, a short
// machine-readable reason, and a sentence a TPP developer can act on.

export type VerifyFailureReason =
  | "signature-header-missing"
  | "signature-header-malformed"
  | "algorithm-unsupported"
  | "certificate-missing"
  | "certificate-malformed"
  | "certificate-key-unsupported"
  | "certificate-weak"
  | "certificate-expired"
  | "certificate-not-yet-valid"
  | "keyid-malformed"
  | "keyid-serial-mismatch"
  | "keyid-issuer-mismatch"
  | "digest-missing"
  | "digest-malformed"
  | "digest-algorithm-unsupported"
  | "digest-algorithm-repeated"
  | "digest-mismatch"
  | "header-not-signed"
  | "signed-header-absent"
  | "signature-mismatch"
  | "internal-error";

export interface VerifySuccess {
  readonly ok: true;
  readonly signingString: string;
  readonly signedHeaders: readonly string[];
  readonly keyId: string;
  readonly algorithm: SignatureAlgorithm;
  readonly certificate: CertificateSummary;
  /** Who signed: the key's fingerprint (all the signature establishes) and the certificate's, over its exact DER. */
  readonly fingerprints: CertificateFingerprints;
}

export interface VerifyFailure {
  readonly ok: false;
  readonly code: SignatureErrorCode;
  readonly reason: VerifyFailureReason;
  readonly text: string;
  /** The signing string the verifier rebuilt, once it got that far. */
  readonly signingString?: string;
  readonly signedHeaders?: readonly string[];
  readonly keyId?: string;
}

export type VerifyResult = VerifySuccess | VerifyFailure;

const CODES: Partial<Record<VerifyFailureReason, SignatureErrorCode>> = {
  "signature-header-missing": "SIGNATURE_MISSING",
  "certificate-missing": "CERTIFICATE_MISSING",
  "certificate-malformed": "CERTIFICATE_INVALID",
  "certificate-key-unsupported": "CERTIFICATE_INVALID",
  "certificate-weak": "CERTIFICATE_INVALID",
  "certificate-not-yet-valid": "CERTIFICATE_INVALID",
  "certificate-expired": "CERTIFICATE_EXPIRED",
};

/** Everything not about the certificate itself is a problem with the signature. */
export function codeFor(reason: VerifyFailureReason): SignatureErrorCode {
  return CODES[reason] ?? "SIGNATURE_INVALID";
}

export function failure(
  reason: VerifyFailureReason,
  text: string,
  context: { signingString?: string; signedHeaders?: readonly string[]; keyId?: string } = {},
): VerifyFailure {
  return { ok: false, code: codeFor(reason), reason, text, ...context };
}

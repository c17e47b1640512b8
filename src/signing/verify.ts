import { utf8Bytes } from "./bytes";
import { fingerprintsOf, loadCertificate } from "./certificate";
import { checkStrength } from "./certificate-strength";
import { headerValue } from "./headers";
import { compareKeyId, parseKeyId } from "./key-id";
import { webCryptoRsaVerifier, type RsaVerifier } from "./rsa-verifier";
import { BERLIN_GROUP_POLICY, type SignedHeaderPolicy } from "./signed-header-policy";
import { SigningStringError, buildSigningString } from "./signing-string";
import type { SignableRequest } from "./types";
import type { BodyHasher, HashedBody } from "./digest";
import {
  checkBodyDigest,
  checkDigestForm,
  checkSignedList,
  checkValidity,
  importVerifyKey,
  readAlgorithm,
  readSignatureBytes,
  readSignatureHeader,
} from "./verify-steps";
import { type VerifyFailure, type VerifyResult, failure } from "./verify-result";

// What the sandbox checks, in the order a TPP would want to hear about it
// (docs/signing.md; spec §5).

export interface VerifyOptions {
  /** The clock for the certificate's validity; the sandbox passes its own. Default: now. */
  readonly now?: Date;
  /** Which headers must be signed; each part defaults to BERLIN_GROUP_POLICY's. */
  readonly requiredHeaders?: Partial<SignedHeaderPolicy>;
  /** The smallest RSA key accepted; default 2048. Lowered only to check published test vectors (the draft's key is 1024 bits). */
  readonly minimumRsaKeyBits?: number;
  /**
   * The body is not read yet (the server checks a request before it reads a large body): everything is
   * verified but the Digest header's value, whose form is checked and which must be signed; the
   * request's body is ignored. Compare the body with checkStreamedBody once it has been hashed.
   */
  readonly deferBodyDigest?: boolean;
  /** The RSA check; default WebCrypto's. The standalone server passes node:crypto's (mocks/server/verify-pool.ts). */
  readonly rsaVerifier?: RsaVerifier;
  /** The hash of the body for its Digest; default WebCrypto's. The standalone server passes node:crypto's. */
  readonly bodyHasher?: BodyHasher;
}

export const policyOf = (options: Pick<VerifyOptions, "requiredHeaders">): SignedHeaderPolicy => ({
  always: options.requiredHeaders?.always ?? BERLIN_GROUP_POLICY.always,
  whenPresent: options.requiredHeaders?.whenPresent ?? BERLIN_GROUP_POLICY.whenPresent,
});

/** Never throws and never rejects: any input ends in { ok: true } or { ok: false, code, reason, text }. */
export async function verifyRequest(request: SignableRequest, options: VerifyOptions = {}): Promise<VerifyResult> {
  try {
    return await verify(sanitise(request), options);
  } catch (error) {
    return failure("internal-error", `The signature could not be checked (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/**
 * After verifyRequest with deferBodyDigest: the body, hashed as it streamed, against the Digest header
 * (a body without one is refused too); the same failures as verifyRequest's, undefined when it matches.
 */
export function checkStreamedBody(
  request: Pick<SignableRequest, "headers">,
  body: HashedBody,
  options: Pick<VerifyOptions, "requiredHeaders"> = {},
): Promise<VerifyFailure | undefined> {
  return checkBodyDigest({ headers: request.headers, body }, policyOf(options));
}

async function verify(whole: SignableRequest, options: VerifyOptions): Promise<VerifyResult> {
  const policy = policyOf(options);
  const request = options.deferBodyDigest ? { ...whole, body: undefined } : whole;
  const header = readSignatureHeader(request.headers);
  if (!header.ok) return header;
  const certificateText = headerValue(request.headers, "tpp-signature-certificate");
  if (!certificateText)
    return failure(
      "certificate-missing",
      "The request has a Signature but no TPP-Signature-Certificate header (spec §5.7); send the signing certificate as base64 DER.",
    );

  const { keyId, headers: signedHeaders } = header.value;
  const context = { keyId, signedHeaders };
  const signature = readSignatureBytes(header.value.signature);
  if (!signature.ok) return { ...signature, ...context };

  const loaded = loadCertificate(certificateText);
  if (!loaded.ok) return failure("certificate-malformed", `The TPP-Signature-Certificate header could not be read: ${loaded.message}.`, context);
  const certificate = loaded.certificate;
  const invalid = checkValidity(certificate, options.now ?? new Date());
  if (invalid) return { ...invalid, ...context };
  const weak = checkStrength(certificate, options.minimumRsaKeyBits);
  if (weak) return { ...weak, ...context };
  // After the certificate: a header of garbage is named for its first fault, not for an algorithm it lacks.
  const algorithm = readAlgorithm(header.value.algorithm);
  if (!algorithm.ok) return { ...algorithm, ...context };
  const publicKey = await importVerifyKey(certificate, algorithm.value.hash);
  if (!publicKey.ok) return { ...publicKey, ...context };

  const parsedKeyId = parseKeyId(keyId);
  if (!parsedKeyId.ok) return failure("keyid-malformed", `${parsedKeyId.message}; expected ${certificate.summary.keyId} for this certificate.`, context);
  const match = compareKeyId(parsedKeyId.keyId, { ...certificate.summary, issuerDn: certificate.issuerDn });
  if (!match.ok) return failure(match.reason, match.text, context);

  const bodyProblem = options.deferBodyDigest ? await checkDigestForm(request, policy) : await checkBodyDigest(request, policy, options.bodyHasher);
  const digestProblem = bodyProblem ?? checkSignedList(request, policy, signedHeaders);
  if (digestProblem) return { ...digestProblem, ...context };

  let signingString: string;
  try {
    signingString = buildSigningString(signedHeaders, request);
  } catch (error) {
    if (!(error instanceof SigningStringError)) throw error;
    return failure("signed-header-absent", `${error.message} (signed: ${signedHeaders.join(" ")}).`, context);
  }
  const verified = await (options.rsaVerifier ?? webCryptoRsaVerifier)(publicKey.value, signature.value, utf8Bytes(signingString));
  if (!verified) {
    return failure("signature-mismatch", mismatchText(signingString, signature.value.length, certificate.summary.publicKeyAlgorithm, algorithm.value.name), {
      ...context,
      signingString,
    });
  }
  const fingerprints = await fingerprintsOf(certificate);
  return { ok: true, signingString, signedHeaders, keyId, algorithm: algorithm.value.name, certificate: certificate.summary, fingerprints };
}

function mismatchText(signingString: string, signatureLength: number, keyAlgorithm: string, algorithm: string): string {
  const bits = Number(/RSA (\d+)/.exec(keyAlgorithm)?.[1] ?? 0);
  const size =
    bits && signatureLength !== bits / 8 ? ` The signature is ${signatureLength} bytes, but a ${bits}-bit key makes ${bits / 8}-byte signatures.` : "";
  return (
    `The signature does not verify (${algorithm}) with the certificate's public key over the signing string rebuilt from the request.${size} ` +
    `Sign exactly these lines with the certificate's private key:\n${signingString}`
  );
}

/** Garbage in (non-objects, numbers for strings) becomes something the checks can describe. */
export function sanitise(input: unknown): SignableRequest {
  const r: Record<string, unknown> = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  const headers = typeof r.headers === "object" && r.headers !== null ? (r.headers as SignableRequest["headers"]) : {};
  const body = typeof r.body === "string" || r.body instanceof Uint8Array || r.body instanceof ArrayBuffer ? r.body : undefined;
  const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
  return { method: text(r.method, "GET"), url: text(r.url, "/"), headers, body };
}

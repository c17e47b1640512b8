import { fromBase64 } from "./bytes";
import type { LoadedCertificate } from "./certificate";
import { bodyLength, checkDigest, type BodyHasher, type HashedBody } from "./digest";
import { headerValue, headerValues } from "./headers";
import { parseSignatureHeader, type ParsedSignatureHeader } from "./signature-header";
import { type SignedHeaderPolicy, firstUnsignedRequirement } from "./signed-header-policy";
import type { RequestBody, SignableRequest, SignatureAlgorithm } from "./types";
import { type VerifyFailure, failure } from "./verify-result";

// The individual checks of verifyRequest, each returning a failure or the value the
// next step needs. Kept apart so verify.ts reads as the order of the checks.

export type Step<T> = { readonly ok: true; readonly value: T } | VerifyFailure;

const pass = <T>(value: T): Step<T> => ({ ok: true, value });

export function readSignatureHeader(headers: SignableRequest["headers"]): Step<ParsedSignatureHeader> {
  const values = headerValues(headers, "signature").filter((v) => v.trim() !== "");
  if (values.length === 0) {
    const authorization = headerValue(headers, "authorization") ?? "";
    const hint = /^\s*signature\s/i.test(authorization)
      ? " It carries an Authorization: Signature header instead; this API reads the signature from the Signature header."
      : "";
    return failure("signature-header-missing", `The request has no Signature header (spec §5.1).${hint}`);
  }
  if (values.length > 1) return failure("signature-header-malformed", `The request has ${values.length} Signature headers; send exactly one.`);
  const parsed = parseSignatureHeader(values[0] ?? "");
  if (!parsed.ok) return failure("signature-header-malformed", `The Signature header could not be parsed: ${parsed.message}.`);
  return pass(parsed.value);
}

/**
 * The bank signs and verifies RSA-SHA256 only (spec 5.3, 5.5), and Berlin Group's IG makes the parameter mandatory: a
 * Signature without algorithm, or with another (rsa-sha512 too), is refused rather than guessed (decision 0059),
 * although draft-cavage-10 lets a verifier derive it from the key.
 */
export function readAlgorithm(param: string | undefined): Step<{ name: SignatureAlgorithm; hash: "SHA-256" | "SHA-512" }> {
  if (param === undefined)
    return failure(
      "algorithm-unsupported",
      'The Signature header has no algorithm parameter; send algorithm="rsa-sha256" (spec §5.3), the only one this bank verifies.',
    );
  const name = param.trim().toLowerCase();
  if (name === "rsa-sha256") return pass({ name, hash: "SHA-256" });
  return failure(
    "algorithm-unsupported",
    `algorithm "${param}" is not one this bank verifies: sign with RSASSA-PKCS1-v1_5 and SHA-256 and send algorithm="rsa-sha256" (spec §5.3, §5.5).`,
  );
}

export function readSignatureBytes(signature: string): Step<Uint8Array<ArrayBuffer>> {
  const bytes = fromBase64(signature);
  if (!bytes || bytes.length === 0) {
    return failure("signature-header-malformed", "The signature parameter is not valid base64 (RFC 4648 §4: standard alphabet with padding).");
  }
  return pass(bytes);
}

export function checkValidity(certificate: LoadedCertificate, now: Date): VerifyFailure | undefined {
  const { notBefore, notAfter, subject } = certificate.summary;
  if (now.getTime() > notAfter.getTime()) {
    return failure("certificate-expired", `The certificate ${subject} expired at ${notAfter.toISOString()}; the sandbox time is ${now.toISOString()}.`);
  }
  if (now.getTime() < notBefore.getTime()) {
    return failure(
      "certificate-not-yet-valid",
      `The certificate ${subject} is valid only from ${notBefore.toISOString()}; the sandbox time is ${now.toISOString()}.`,
    );
  }
  return undefined;
}

/** Imported verify keys, per (cached) certificate and hash: importKey costs more than the verification. */
const verifyKeys = new WeakMap<LoadedCertificate, Map<string, CryptoKey>>();

export async function importVerifyKey(certificate: LoadedCertificate, hash: "SHA-256" | "SHA-512"): Promise<Step<CryptoKey>> {
  const known = verifyKeys.get(certificate)?.get(hash);
  if (known) return pass(known);
  const unsupported = failure(
    "certificate-key-unsupported",
    `The certificate's public key is ${certificate.summary.publicKeyAlgorithm}; rsa-sha256 signatures need an RSA key (rsaEncryption).`,
  );
  // Only an rsaEncryption key has the one DER form that lets its fingerprint name the signer (rsa-public-key.ts).
  if (!certificate.summary.publicKeyAlgorithm.startsWith("RSA ")) return unsupported;
  try {
    const key = await globalThis.crypto.subtle.importKey("spki", certificate.spki, { name: "RSASSA-PKCS1-v1_5", hash }, false, ["verify"]);
    verifyKeys.set(certificate, (verifyKeys.get(certificate) ?? new Map<string, CryptoKey>()).set(hash, key));
    return pass(key);
  } catch {
    return unsupported;
  }
}

/** The Digest header against the body: the body itself, or its hashes taken as it streamed. */
export async function checkBodyDigest(
  request: Pick<SignableRequest, "headers"> & { readonly body?: RequestBody | HashedBody },
  policy: SignedHeaderPolicy,
  hasher?: BodyHasher,
): Promise<VerifyFailure | undefined> {
  const digest = headerValue(request.headers, "digest");
  if (digest === undefined) {
    const wanted = [...policy.always, ...policy.whenPresent].some((h) => h.toLowerCase() === "digest");
    const length = bodyLength(request.body);
    if (wanted && length > 0)
      return failure(
        "digest-missing",
        `The request has a ${length}-byte body but no Digest header (spec §5.7); send Digest: SHA-256=<base64 of the SHA-256 of the body>.`,
      );
    return undefined;
  }
  const check = await checkDigest(digest, request.body, hasher);
  if (check.ok) return undefined;
  switch (check.reason) {
    case "digest-malformed":
      return failure("digest-malformed", `The Digest header "${check.received}" is not of the form SHA-256=<base64>.`);
    case "digest-algorithm-unsupported":
      return failure(
        "digest-algorithm-unsupported",
        `The Digest header lists ${check.tokens.join(", ")}, which this bank does not check; only SHA-256 and SHA-512 are accepted, and every ` +
          "digest listed must be one of them (each at most once, the hash of the body: SHA-256=<base64>).",
      );
    case "digest-algorithm-repeated":
      return failure(
        "digest-algorithm-repeated",
        `The Digest header lists ${check.algorithm} twice (two Digest headers are read as one list); send one Digest header with each algorithm at most once.`,
      );
    case "digest-mismatch":
      return failure(
        "digest-mismatch",
        `The Digest header does not match the body: received ${check.received}, but the ${check.bodyLength}-byte body hashes to ${check.expected}. Hash the exact bytes you send, after serialising the JSON.`,
      );
  }
}

/**
 * The Digest header's form only, for a body not read yet: whatever checkBodyDigest would refuse before
 * comparing a digest with the body. Checked against no body, whose digests are constants (nothing is
 * hashed); a mismatch is left to the body, which checkBodyDigest compares once it has streamed.
 */
export async function checkDigestForm(request: Pick<SignableRequest, "headers">, policy: SignedHeaderPolicy): Promise<VerifyFailure | undefined> {
  const problem = await checkBodyDigest({ headers: request.headers }, policy);
  return problem?.reason === "digest-mismatch" ? undefined : problem;
}

export function checkSignedList(request: SignableRequest, policy: SignedHeaderPolicy, signed: readonly string[]): VerifyFailure | undefined {
  const missing = firstUnsignedRequirement(policy, request, signed);
  if (!missing) return undefined;
  const list = `(signed: ${signed.join(" ")})`;
  const context = { signedHeaders: signed };
  if (!missing.onRequest) {
    return failure(
      "header-not-signed",
      `header ${missing.name} must be signed, but the request has no ${missing.name} header and the signed headers list lacks it ${list}.`,
      context,
    );
  }
  const why =
    missing.name === "digest" && headerValue(request.headers, "digest") === undefined ? "the request has a body, so digest" : `header ${missing.name}`;
  return failure(
    "header-not-signed",
    `${why} is on the request but not in the signed headers list ${list}. Add ${missing.name} to the Signature's headers parameter and its line to the signing string` +
      (missing.name === "digest" ? "." : ", or leave the header out (spec 5 lists what is signed when present)."),
    context,
  );
}

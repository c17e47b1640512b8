import { ownBytes, toBase64, utf8Bytes } from "./bytes";
import type { DigestAlgorithm, RequestBody } from "./types";

// Digest header per RFC 3230 §4.3.2 with the RFC 5843 algorithms. The Berlin Group
// allows only SHA-256 and SHA-512 (BG IG §12, domain-facts §2.4).

export const DIGEST_ALGORITHMS: readonly DigestAlgorithm[] = ["SHA-256", "SHA-512"];

export function bodyBytes(body: RequestBody): Uint8Array<ArrayBuffer> {
  if (body === undefined) return new Uint8Array(0);
  if (typeof body === "string") return utf8Bytes(body);
  return ownBytes(body);
}

/**
 * The digests of no body, which every GET and DELETE carries: known values (RFC 6234's SHA of ""),
 * so a signed read costs no hashing.
 */
export const EMPTY_BODY_DIGESTS: Readonly<Record<DigestAlgorithm, string>> = {
  "SHA-256": "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
  "SHA-512": "SHA-512=z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
};

/**
 * The one SHA hash of a body. WebCrypto wherever the sandbox runs; the standalone server passes
 * node:crypto's synchronous hash (the same bytes out, VerifyOptions.bodyHasher), because WebCrypto's job
 * on the thread pool cost a signed payment creation more than the hashing itself, as with the RSA check
 * (rsa-verifier.ts).
 */
export type BodyHasher = (algorithm: DigestAlgorithm, bytes: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer> | Uint8Array;

export const webCryptoHasher: BodyHasher = (algorithm, bytes) => globalThis.crypto.subtle.digest(algorithm, bytes);

/** `"SHA-256=<base64>"` over the exact body bytes; an absent body digests the empty string. */
export async function computeDigest(body: RequestBody, algorithm: DigestAlgorithm = "SHA-256", hasher: BodyHasher = webCryptoHasher): Promise<string> {
  const bytes = bodyBytes(body);
  if (bytes.length === 0) return EMPTY_BODY_DIGESTS[algorithm];
  const hash = await hasher(algorithm, bytes);
  return `${algorithm}=${toBase64(hash)}`;
}

/**
 * A body hashed as it arrived (the standalone server streams a large body through the hash rather
 * than reading it twice): its length and the digests of the algorithms the Digest header names.
 */
export interface HashedBody {
  readonly length: number;
  readonly digests: Readonly<Partial<Record<DigestAlgorithm, string>>>;
}

const isHashed = (body: RequestBody | HashedBody): body is HashedBody => typeof body === "object" && "digests" in body;

/** The length of a body in bytes, whether it is here or was hashed as it streamed. */
export const bodyLength = (body: RequestBody | HashedBody): number => (isHashed(body) ? body.length : bodyBytes(body).length);

/** The length of a body and its digest by each algorithm: hashed now, or as it streamed. */
function measured(body: RequestBody | HashedBody, hasher: BodyHasher): { length: number; digestOf: (algorithm: DigestAlgorithm) => Promise<string> } {
  if (isHashed(body)) return { length: body.length, digestOf: (algorithm) => Promise.resolve(body.digests[algorithm] ?? `${algorithm} (not hashed)`) };
  const bytes = bodyBytes(body);
  return { length: bytes.length, digestOf: (algorithm) => computeDigest(bytes, algorithm, hasher) };
}

export interface DigestEntry {
  /** The algorithm token as received. */
  readonly token: string;
  /** The supported algorithm it names, when it names one (tokens are case-insensitive, RFC 3230 §4.1.1). */
  readonly algorithm: DigestAlgorithm | undefined;
  readonly value: string;
}

/** Splits `SHA-256=abc=, sha-512=def==` into entries; undefined when an entry has no `=`. */
export function parseDigestHeader(value: string): DigestEntry[] | undefined {
  const parts = value
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0) return undefined;
  const entries: DigestEntry[] = [];
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq <= 0) return undefined;
    const token = part.slice(0, eq).trim();
    const upper = token.toUpperCase();
    const algorithm = DIGEST_ALGORITHMS.find((a) => a === upper);
    entries.push({ token, algorithm, value: part.slice(eq + 1).trim() });
  }
  return entries;
}

export type DigestCheck =
  | { readonly ok: true; readonly algorithms: readonly DigestAlgorithm[] }
  | { readonly ok: false; readonly reason: "digest-malformed"; readonly received: string }
  | { readonly ok: false; readonly reason: "digest-algorithm-unsupported"; readonly received: string; readonly tokens: readonly string[] }
  | { readonly ok: false; readonly reason: "digest-algorithm-repeated"; readonly received: string; readonly algorithm: DigestAlgorithm }
  | {
      readonly ok: false;
      readonly reason: "digest-mismatch";
      readonly algorithm: DigestAlgorithm;
      readonly received: string;
      readonly expected: string;
      readonly bodyLength: number;
    };

/**
 * Checks every digest in the header against the body. RFC 3230 lets a sender list several, and a
 * recipient skip the algorithms it does not know; here none is skipped (decision 0045): each must be
 * SHA-256 or SHA-512, listed once, and match, so no listed digest goes unchecked.
 */
export async function checkDigest(headerValue: string, body: RequestBody | HashedBody, hasher: BodyHasher = webCryptoHasher): Promise<DigestCheck> {
  const entries = parseDigestHeader(headerValue);
  if (!entries) return { ok: false, reason: "digest-malformed", received: headerValue };
  const supported = entries.filter((e): e is DigestEntry & { algorithm: DigestAlgorithm } => e.algorithm !== undefined);
  if (supported.length < entries.length) {
    const tokens = entries.filter((e) => e.algorithm === undefined).map((e) => e.token);
    return { ok: false, reason: "digest-algorithm-unsupported", received: headerValue, tokens };
  }
  const repeated = supported.find((entry, i) => supported.findIndex((other) => other.algorithm === entry.algorithm) < i);
  if (repeated) return { ok: false, reason: "digest-algorithm-repeated", received: headerValue, algorithm: repeated.algorithm };
  const bytes = measured(body, hasher);
  for (const entry of supported) {
    const expected = await bytes.digestOf(entry.algorithm);
    if (expected !== `${entry.algorithm}=${entry.value}`) {
      return {
        ok: false,
        reason: "digest-mismatch",
        algorithm: entry.algorithm,
        received: `${entry.token}=${entry.value}`,
        expected,
        bodyLength: bytes.length,
      };
    }
  }
  return { ok: true, algorithms: supported.map((e) => e.algorithm) };
}

import { toBase64, utf8Bytes } from "./bytes";
import { CertificateError, loadCertificate } from "./certificate";
import { computeDigest } from "./digest";
import { withHeader } from "./headers";
import { formatSignatureHeader } from "./signature-header";
import { defaultSignedHeaders } from "./signed-header-policy";
import { buildSigningString } from "./signing-string";
import type { DigestAlgorithm, SignableRequest, SignatureAlgorithm } from "./types";

// Signing a request the way spec §5 asks: Digest over the body, the cavage-10 signing
// string over the signed headers, RSASSA-PKCS1-v1_5, keyId from the certificate.

export interface SigningCredentials {
  /** RSASSA-PKCS1-v1_5 private key; its hash (SHA-256 or SHA-512) decides rsa-sha256 or rsa-sha512. */
  readonly privateKey: CryptoKey;
  /** PEM or base64 DER. */
  readonly certificate: string;
}

export interface SignOptions {
  /** Header names to sign, in order; default digest, x-request-id, then psu-id, psu-corporate-id, tpp-redirect-uri, date when present. */
  readonly headers?: readonly string[];
  /** Default SHA-256. */
  readonly digestAlgorithm?: DigestAlgorithm;
}

export interface SignedHeaders {
  readonly Digest: string;
  readonly Signature: string;
  readonly "TPP-Signature-Certificate": string;
}

export interface SignResult {
  /** Add these to the request as they are. */
  readonly headers: SignedHeaders;
  readonly signingString: string;
  readonly signedHeaders: readonly string[];
  readonly keyId: string;
  readonly algorithm: SignatureAlgorithm;
}

/**
 * Throws CertificateError (unreadable certificate, unusable key) or SigningStringError
 * (a header to sign is not on the request, e.g. no X-Request-ID).
 * The Digest is always computed from the body; a Digest already on the request is replaced.
 */
export async function signRequest(request: SignableRequest, credentials: SigningCredentials, options: SignOptions = {}): Promise<SignResult> {
  const loaded = loadCertificate(credentials.certificate);
  if (!loaded.ok) throw new CertificateError("certificate-malformed", `The certificate could not be read: ${loaded.message}.`);
  const { algorithm, hash } = signatureAlgorithmOf(credentials.privateKey);

  const digest = await computeDigest(request.body, options.digestAlgorithm ?? "SHA-256");
  const headers = withHeader(request.headers, "Digest", digest);
  const signedHeaders = (options.headers ?? defaultSignedHeaders({ headers })).map((h) => h.toLowerCase());
  const signingString = buildSigningString(signedHeaders, { method: request.method, url: request.url, headers });

  const signature = await globalThis.crypto.subtle.sign({ name: "RSASSA-PKCS1-v1_5", hash }, credentials.privateKey, utf8Bytes(signingString));
  const keyId = loaded.certificate.summary.keyId;
  return {
    headers: {
      Digest: digest,
      Signature: formatSignatureHeader({ keyId, algorithm, headers: signedHeaders, signature: toBase64(signature) }),
      "TPP-Signature-Certificate": loaded.certificate.summary.base64Der,
    },
    signingString,
    signedHeaders,
    keyId,
    algorithm,
  };
}

function signatureAlgorithmOf(key: CryptoKey): { algorithm: SignatureAlgorithm; hash: "SHA-256" | "SHA-512" } {
  const algo = key.algorithm as RsaHashedKeyAlgorithm;
  if (key.type !== "private" || algo.name !== "RSASSA-PKCS1-v1_5" || !key.usages.includes("sign")) {
    throw new CertificateError(
      "key-unsupported",
      `The signing key must be an RSASSA-PKCS1-v1_5 private key with the "sign" usage (got ${key.type} ${algo.name}).`,
    );
  }
  if (algo.hash.name === "SHA-256") return { algorithm: "rsa-sha256", hash: "SHA-256" };
  if (algo.hash.name === "SHA-512") return { algorithm: "rsa-sha512", hash: "SHA-512" };
  throw new CertificateError("key-unsupported", `The signing key hashes with ${algo.hash.name}; import it with SHA-256 (rsa-sha256) or SHA-512.`);
}

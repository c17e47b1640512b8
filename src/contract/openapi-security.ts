/**
 * The signature headers as OpenAPI security schemes. OpenAPI cannot express an HTTP message
 * signature, so each header is an apiKey scheme under its exact name, described in full: a
 * generator then leaves them to one signing step (a middleware, an interceptor) instead of asking
 * every call for them, and the document still says which operation needs which.
 */
import type { z } from "./zod";

export const SIGNATURE_HEADERS = ["Signature", "Digest", "TPP-Signature-Certificate"] as const;
export type SignatureHeader = (typeof SIGNATURE_HEADERS)[number];

const SIGNING = "Spec 5 (draft-cavage-http-signatures-10 with the Berlin Group rules); the portal's docs/signing.md shows a signed request in full.";

export const securitySchemes = {
  Signature: {
    type: "apiKey",
    in: "header",
    name: "Signature",
    description:
      "HTTP message signature of the request, computed per request: " +
      'keyId="SN=<certificate serial, hex>,CA=<issuer DN>",algorithm="rsa-sha256",headers="digest x-request-id …",signature="<base64>". ' +
      "headers lists, in order, digest and x-request-id, and psu-id, psu-corporate-id, tpp-redirect-uri and date whenever the request carries them; " +
      "the signature is RSASSA-PKCS1-v1_5 with SHA-256 over the signing string (each listed header as `name: value`, joined by newlines) " +
      `with the key of TPP-Signature-Certificate. ${SIGNING} A failure answers 401 SIGNATURE_MISSING or SIGNATURE_INVALID, with the signing string the sandbox rebuilt in X-Sandbox-Signing-String.`,
  },
  Digest: {
    type: "apiKey",
    in: "header",
    name: "Digest",
    description:
      "SHA-256=<base64 of the SHA-256 hash of the exact body bytes> (SHA-512 also accepted; RFC 3230, RFC 5843); a request without a body digests the empty string " +
      `(SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=). Signed as the first header of Signature. ${SIGNING}`,
  },
  "TPP-Signature-Certificate": {
    type: "apiKey",
    in: "header",
    name: "TPP-Signature-Certificate",
    description:
      "The TPP's signing certificate: X.509, DER, in base64 on one line (a PEM's base64 lines joined, without the BEGIN/END lines). " +
      `Its serial and issuer make Signature's keyId; any well-formed certificate is accepted here, self-signed too. ${SIGNING}`,
  },
} as const;

/**
 * The security requirement of an operation with these headers: the signature headers it requires,
 * and, where a header is optional (Digest of a read), a second alternative with it.
 */
export function securityOf(headers: z.ZodObject): Record<string, string[]>[] {
  const shape = headers.shape as Record<string, z.ZodType | undefined>;
  const taken = SIGNATURE_HEADERS.filter((name) => shape[name] !== undefined);
  const required = taken.filter((name) => !shape[name]?.safeParse(undefined).success);
  const requirement = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, [] as string[]]));
  return required.length === taken.length ? [requirement(required)] : [requirement(required), requirement(taken)];
}

// The request shape the library signs and verifies. It is deliberately a plain
// object (not a fetch Request) so the same code serves the browser portal, the
// msw sandbox and a TPP's Node back end, and so tests can build requests by hand.

/** Header values by name; names are matched case-insensitively. An array means repeated header lines. */
export type HeaderRecord = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Body bytes exactly as sent: a string is encoded as UTF-8. */
export type RequestBody = string | Uint8Array | ArrayBuffer | undefined;

export interface SignableRequest {
  /** HTTP method, any case ("POST", "post"). */
  readonly method: string;
  /** Absolute URL or origin-relative path with query, e.g. "/v1/payments/x?a=1". */
  readonly url: string;
  readonly headers: HeaderRecord;
  readonly body?: RequestBody;
}

export type DigestAlgorithm = "SHA-256" | "SHA-512";

/** The `algorithm` parameter values this library signs and verifies. */
export type SignatureAlgorithm = "rsa-sha256" | "rsa-sha512";

/** The Berlin Group tppMessage codes a signature check can end in. */
export type SignatureErrorCode = "SIGNATURE_MISSING" | "SIGNATURE_INVALID" | "CERTIFICATE_MISSING" | "CERTIFICATE_INVALID" | "CERTIFICATE_EXPIRED";

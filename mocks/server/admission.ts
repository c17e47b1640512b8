/**
 * What a request shows before its body is read (decision 0046). On a hosted server a signed route's
 * signature is checked over its headers alone (the signing string covers the Digest header, not the
 * body), so an unsigned or badly signed request is refused before any of its body is read or held;
 * the body is then hashed as it streams and compared with that Digest once it is whole.
 */
import type { IncomingRequest, RequestFacts, WireAnswer } from "../http/incoming";

/** The request as its headers tell it: the method, the URL (behind a proxy, the public one) and every header. */
export interface RequestHead {
  method: string;
  url: URL;
  headers: IncomingRequest["headers"];
}

/** What the body of an admitted request must still pass. */
export interface BodyCheck {
  /** Each chunk of the body as it arrives (into a hash). */
  seen: (chunk: Buffer) => void;
  /** Once the body is whole (`body`, for the signature doctor to read when its Digest is refused): its refusal, or undefined. */
  finish: (body: Uint8Array) => Promise<WireAnswer | undefined>;
}

/** Refused before the body (the answer, sent on a connection then closed), or admitted with what was established and the body's check. */
export type Admission<Context> = { ok: false; answer: WireAnswer } | { ok: true; context: Context; body: BodyCheck };

/** undefined: the route needs nothing before its body. What a check establishes (the verified signer) goes in `facts`, for the request log. */
export type Admit<Context> = (head: RequestHead, facts: RequestFacts) => Promise<Admission<Context> | undefined>;

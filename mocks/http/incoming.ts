/**
 * The request the dispatcher reads and the answer it gives, without the WHATWG classes: a
 * `Request` (msw, Vitest) is one as it is, and the standalone server adapts node:http to it
 * directly, because building a `Request` and reading a `Response` back cost a signed read about as
 * much as the store did (docs/standalone-server.md, "Throughput").
 */
import type { SignatureExamination } from "../../src/signing/index";
import type { Answer } from "../env/answer";
import type { SandboxEnv } from "../env/sandbox-env";
import type { ChangeNotes } from "../store/change-watch";

export interface IncomingRequest {
  readonly method: string;
  /** Absolute. */
  readonly url: string;
  readonly headers: {
    /** Case-insensitive; repeated headers joined by ", " (as the Headers class does). */
    get(name: string): string | null;
    forEach(callback: (value: string, name: string) => void): void;
  };
  /** The body decoded as UTF-8; "" when there is none. */
  text(): Promise<string>;
  /** The standalone server's view of who sent it (the socket's address, or a trusted proxy's X-Forwarded-For); absent elsewhere. */
  readonly client?: string;
}

/** Who signed a request, as far as its verified signature established it (decision 0045): never read from the raw headers. */
export interface VerifiedSigner {
  /** SHA-256 (hex) of the SubjectPublicKeyInfo the signature verified with: all a signature establishes; the replay guard keys ids by it. */
  spkiSha256: string;
  /** SHA-256 (hex) of the DER certificate that carried the key (exactly one DER element: nothing before or after it is accepted). */
  certificateSha256: string;
  /** That certificate's subject (RFC 4514): its organizationIdentifier names a hosted tenant. */
  subject: string;
}

/**
 * What answering a request established about it, filled in as it goes: what the server's request log names
 * (and any later record of requests). Nothing in it comes from the request's raw text.
 */
export interface RequestFacts {
  /** Set once the request's signature verified. */
  signer?: VerifiedSigner;
  /** Set when its signature was refused: the signature doctor's findings, the signing string rebuilt, the body's digest (a traffic record's). */
  signatureRefused?: SignatureExamination;
  /** Set when its signature was accepted with something a bank may refuse (a headers list with capitals): the doctor's note. */
  signatureAdvice?: SignatureExamination;
  /**
   * On a hosted server: the key of the tenant whose sandbox took the request: the verified signer's, once its key was
   * admitted there (a refused or unbound one names none), or an existing tenant whose bank link was opened.
   */
  tenant?: string;
  /** The sandbox that answered it (the server's, or a hosted tenant's): where its traffic record goes (decision 0055). */
  sandbox?: SandboxEnv;
  /** Set when the server's own pages or the portal's files answered it: no request to the sandbox, so not recorded. */
  ownPage?: true;
  /** What it changed, noted as it went, for its traffic record (set by the dispatcher of a sandbox that records). */
  changes?: ChangeNotes;
}

/** An answer ready for the wire: the body serialized once, the headers merged case-insensitively. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

/** `result` with `extra` headers under it (the result's win), its body as JSON text. */
export function toWire(result: Answer, extra: Record<string, string> = {}): WireAnswer {
  const byName = new Map<string, [string, string]>();
  for (const source of [extra, result.headers ?? {}]) for (const [name, value] of Object.entries(source)) byName.set(name.toLowerCase(), [name, value]);
  const text = result.bodyJson ?? (result.body === undefined ? undefined : JSON.stringify(result.body));
  if (text !== undefined) byName.set("content-type", ["Content-Type", "application/json"]);
  const headers = Object.fromEntries(byName.values());
  return text === undefined ? { status: result.status, headers } : { status: result.status, headers, body: text };
}

/** HEAD answers as GET would, without the body; Content-Length still says how long the GET body is (RFC 9110 9.3.2). */
export function withoutBody(wire: WireAnswer): WireAnswer {
  if (wire.body === undefined) return wire;
  return { status: wire.status, headers: { ...wire.headers, "Content-Length": String(new TextEncoder().encode(wire.body).length) } };
}

export const wireResponse = (wire: WireAnswer): Response => new Response(wire.body ?? null, { status: wire.status, headers: wire.headers });

/**
 * Turns what a form holds into the HTTP request: URL from the base address and path, headers,
 * and the body text. Then signs it, twice if asked: as the browser sends it (no Host, Date,
 * Accept-Charset, Accept-Encoding: a browser may not set them) and as a TPP's server sends it
 * (Date included and signed), which is what "Copy as curl" gives.
 */
import type { Operation } from "../contract/operations";
import { pathOf } from "../contract/paths";
import type { SigningDetails, WireRequest } from "./exchange";
import type { StoredCredential } from "./portal-db";
import { baseUrl, getSettings } from "./settings";

/** Headers the Fetch standard forbids a page to set; fetch drops or overrides them. */
export const BROWSER_FORBIDDEN_HEADERS = ["host", "date", "accept-charset", "accept-encoding", "content-length"];
export const isBrowserForbidden = (name: string) => BROWSER_FORBIDDEN_HEADERS.includes(name.toLowerCase());

export interface RequestInput {
  operation: Operation;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  headers: Record<string, string | undefined>;
  /** The body text exactly as it will be sent (what the Digest covers). */
  body?: string | undefined;
}

export interface Draft extends WireRequest {
  /** Path and query: what (request-target) would sign and what the sandbox sees. */
  target: string;
}

export function draftRequest(input: RequestInput, origin = baseUrl(input.operation.base, getSettings())): Draft {
  const target = pathOf(input.operation, input.params, input.query);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) if (value !== undefined && value !== "") headers[name] = value;
  const hasBody = input.body !== undefined && input.operation.body !== undefined;
  if (hasBody) headers["Content-Type"] = "application/json";
  return { method: input.operation.method, url: `${origin}${target}`, target, headers, ...(hasBody ? { body: input.body } : {}) };
}

export interface SignedRequest {
  request: WireRequest;
  /** Headers of the draft left out because the sender may not set them. */
  unsent: Record<string, string>;
  signing: SigningDetails;
}

async function sign(
  draft: Draft,
  headers: Record<string, string>,
  credential: StoredCredential,
): Promise<SignedRequest["signing"] & { headers: Record<string, string> }> {
  const { signRequest, parseCertificate } = await import("../signing/index");
  const result = await signRequest(
    { method: draft.method, url: draft.target, headers, body: draft.body },
    { privateKey: credential.privateKey, certificate: credential.certificatePem },
  );
  const summary = parseCertificate(credential.certificatePem);
  return {
    headers: { ...headers, ...result.headers },
    digest: result.headers.Digest,
    signingString: result.signingString,
    signedHeaders: [...result.signedHeaders],
    signatureHeader: result.headers.Signature,
    keyId: result.keyId,
    algorithm: result.algorithm,
    certificate: {
      serialNumber: summary.serialNumber,
      issuer: summary.issuer,
      subject: summary.subject,
      notBefore: summary.notBefore.toISOString(),
      notAfter: summary.notAfter.toISOString(),
    },
  };
}

/**
 * As a browser page may send it. The headers it may not set are listed as unsent: those the form
 * holds, and always Host and Date, which a TPP's server sends (Date signed) and a page cannot.
 */
export async function signForBrowser(draft: Draft, credential: StoredCredential, now = new Date()): Promise<SignedRequest> {
  const sent: Record<string, string> = {};
  const unsent: Record<string, string> = { Host: new URL(draft.url).host, Date: now.toUTCString() };
  for (const [name, value] of Object.entries(draft.headers)) (isBrowserForbidden(name) ? unsent : sent)[name] = value;
  const { headers, ...signing } = await sign(draft, sent, credential);
  return { request: { method: draft.method, url: draft.url, headers, ...(draft.body === undefined ? {} : { body: draft.body }) }, unsent, signing };
}

/** As a TPP's server sends it to `origin`: Host and Date set, Date signed. */
export async function signForServer(draft: Draft, credential: StoredCredential, origin: string, now = new Date()): Promise<SignedRequest> {
  const headers: Record<string, string> = { ...draft.headers, Host: new URL(origin).host, Date: now.toUTCString() };
  const { headers: signed, ...signing } = await sign(draft, headers, credential);
  return {
    request: { method: draft.method, url: `${origin}${draft.target}`, headers: signed, ...(draft.body === undefined ? {} : { body: draft.body }) },
    unsent: {},
    signing,
  };
}

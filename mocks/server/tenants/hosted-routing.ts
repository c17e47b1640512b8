/**
 * Requests on a hosted (multi-tenant) server: each goes to the sandbox of the TPP whose certificate
 * signed it. The interface is signed anyway; the controls (/__sandbox/…) must be too, with the same
 * headers and replay guard, except the info route a portal asks first. The bank page is opened by the
 * PSU's browser, without the TPP's certificate: its link names the tenant (`?tenant=`), and a tenant
 * that does not exist answers as a payment that does not (decision 0039).
 */
import type { IncomingMessage } from "node:http";
import { BANK_TENANT_PARAMETER, hrefOf } from "../../../src/contract/paths";
import { tppError } from "../../../src/contract/tpp-messages";
import { loadCertificate } from "../../../src/signing/certificate";
import type { Sandbox } from "../../sandbox";
import { toWire, wireResponse, type IncomingRequest, type WireAnswer } from "../../http/incoming";
import { dateWindowProblem, replayProblem, requestIdProblem } from "../../http/request-guard";
import { errorAnswer, failure, type Answer } from "../../http/respond";
import { checkSignature } from "../../http/signature-check";
import { bankPage } from "../bank-page";
import { TenantRefused, type TenantSandboxes } from "./tenant-sandboxes";
import { TENANT_KEY, tenantOf, type TenantIdentity } from "./tenant-identity";
import { keyOf, TenantKeyUnbound, type BoundKey } from "./tenant-keys";

const CONTROL_PREFIX = "/__sandbox/";
const INFO_PATH = hrefOf("sandboxInfo", {});

/** The fix an unsigned control request is told, before what the signature check found. */
export const SIGNED_CONTROLS_HINT =
  "This is a hosted sandbox (multi-tenant): each TPP certificate has a sandbox of its own, so the controls under /__sandbox/ are signed like the interface " +
  "(TPP-Signature-Certificate, Digest, X-Request-ID and Signature; a new X-Request-ID each time), and act on the sandbox of the certificate that signed them.";

/** The same request with its body read once (the signature check reads it, then the dispatcher). */
const withBody = (request: IncomingRequest, body: string): IncomingRequest => ({
  method: request.method,
  url: request.url,
  headers: request.headers,
  text: () => Promise.resolve(body),
});

type Signed = { ok: true; tenant: TenantIdentity; signer: BoundKey; certificate: string; headers: Record<string, string> } | { ok: false; answer: Answer };

export interface HostedRouting {
  /** An interface request (/v1/…), from node:http. */
  answerInterface: (request: IncomingRequest) => Promise<WireAnswer | undefined>;
  /** Controls and the bank page; undefined for any other path (the server's own pages answer those). */
  route: (request: Request, url: URL) => Promise<Response | undefined>;
  /** The tenant a request names (its certificate's, or the bank link's), for the request log; null when none. */
  tenantForLog: (req: IncomingMessage) => Promise<string | null>;
}

export function createHostedRouting(options: { tenants: TenantSandboxes; server: Sandbox; realNow?: () => number }): HostedRouting {
  const { tenants, server } = options;
  const realNow = options.realNow ?? Date.now;

  async function signed(request: IncomingRequest, url: URL, body: string): Promise<Signed> {
    // Real time: a tenant's own clock may be years ahead, and no tenant is chosen yet; its dispatcher checks again on its clock.
    const signature = await checkSignature({ method: request.method, target: url.pathname + url.search, headers: request.headers, body }, new Date(realNow()));
    if (!signature.ok) return signature;
    return {
      ok: true,
      tenant: await tenantOf({ base64Der: signature.certificate, subject: signature.subject }),
      signer: await keyOf(signature.certificate, signature.subject, realNow()),
      certificate: signature.certificate,
      headers: signature.headers,
    };
  }

  async function inTenant(signed: { tenant: TenantIdentity; signer: BoundKey }, work: (sandbox: Sandbox) => Promise<WireAnswer>): Promise<WireAnswer> {
    try {
      return await tenants.use(signed.tenant, signed.signer, work);
    } catch (error) {
      if (error instanceof TenantKeyUnbound) return toWire(failure("CERTIFICATE_INVALID", error.message, "TPP-Signature-Certificate"));
      if (!(error instanceof TenantRefused)) throw error;
      return toWire(failure("ACCESS_EXCEEDED", error.message, undefined, error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {}));
    }
  }

  async function answerInterface(request: IncomingRequest): Promise<WireAnswer | undefined> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/v1/")) return undefined;
    const body = await request.text();
    const signature = await signed(request, url, body);
    if (!signature.ok) return toWire(signature.answer);
    return inTenant(
      signature,
      async (sandbox) => (await sandbox.dispatch.answer(withBody(request, body))) ?? toWire(failure("RESOURCE_UNKNOWN", `No operation at ${url.pathname}.`)),
    );
  }

  async function answerControl(request: Request, url: URL): Promise<Response> {
    const body = await request.text();
    const incoming = withBody(request, body);
    // Unsigned: a portal asks it first, to learn that it must sign the rest.
    if (url.pathname === INFO_PATH) return wireResponse((await server.dispatch.answer(incoming)) ?? toWire(failure("RESOURCE_UNKNOWN", "No sandbox info.")));
    // As the interface: the request's form first (a signed request whose X-Request-ID is no UUID is a 400, and
    // nothing is stored: no tenant, no claim), then the signature, the Date window and the claim. An unsigned one
    // is told to sign (the 401 below), as the interface answers a missing signature alone.
    const requestId = request.headers.get("x-request-id");
    const malformed = requestIdProblem(requestId);
    if (malformed && request.headers.has("signature") && request.headers.has("tpp-signature-certificate")) return wireResponse(toWire(malformed));
    const signature = await signed(incoming, url, body);
    if (!signature.ok) {
      const [first, ...rest] = (signature.answer.body as { tppMessages: ReturnType<typeof tppError>[] }).tppMessages;
      const hinted = first ? [{ ...first, text: `${SIGNED_CONTROLS_HINT} ${first.text}` }, ...rest] : [];
      return wireResponse(toWire(errorAnswer(hinted, signature.answer.headers)));
    }
    const stale = dateWindowProblem(request.headers.get("date") ?? undefined, realNow());
    if (stale) return wireResponse(toWire(stale, signature.headers));
    const wire = await inTenant(signature, async (sandbox) => {
      const replayed = await replayProblem(sandbox.env.store, signature.certificate, requestId ?? "", realNow(), request.headers.get("date") ?? undefined);
      if (replayed) return toWire(replayed, signature.headers);
      return (await sandbox.dispatch.answer(incoming)) ?? toWire(failure("RESOURCE_UNKNOWN", `No control route at ${url.pathname}.`));
    });
    return wireResponse(wire);
  }

  async function answerBank(request: Request, url: URL): Promise<Response | undefined> {
    const key = url.searchParams.get(BANK_TENANT_PARAMETER) ?? "";
    const answered = TENANT_KEY.test(key) ? await tenants.useExisting(key, (sandbox) => bankPage(request, url, sandbox.dispatch)) : undefined;
    // The server's own sandbox holds no payment: an unknown tenant reads as an unknown payment, and says nothing of who exists.
    return answered ?? bankPage(request, url, server.dispatch);
  }

  return {
    answerInterface,
    route: (request, url) => {
      if (url.pathname.startsWith(CONTROL_PREFIX)) return answerControl(request, url);
      if (url.pathname.startsWith("/bank/")) return answerBank(request, url);
      if (url.pathname.startsWith("/v1/")) return answerInterface(request).then((wire) => wire && wireResponse(wire));
      return Promise.resolve(undefined);
    },
    tenantForLog: async (req) => {
      const certificate = req.headers["tpp-signature-certificate"];
      if (typeof certificate === "string" && certificate.length > 0 && certificate.length < 16_384) {
        const loaded = loadCertificate(certificate);
        return loaded.ok ? (await tenantOf(loaded.certificate.summary)).key : null;
      }
      const query = (req.url ?? "").indexOf("?");
      const key = query < 0 ? null : new URLSearchParams((req.url ?? "").slice(query + 1)).get(BANK_TENANT_PARAMETER);
      return key !== null && TENANT_KEY.test(key) ? key : null;
    },
  };
}

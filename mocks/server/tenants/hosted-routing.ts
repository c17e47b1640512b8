/**
 * Requests on a hosted (multi-tenant) server: each goes to the sandbox of the TPP whose certificate
 * signed it. The interface is signed anyway; the controls (/__sandbox/…) must be too, with the same
 * headers and replay guard, except the info route a portal asks first. The bank page is opened by the
 * PSU's browser, without the TPP's certificate: its link names the tenant (`?tenant=`), and a tenant
 * that does not exist answers as a payment that does not (decision 0039).
 */
import { BANK_TENANT_PARAMETER, hrefOf } from "../../../src/contract/paths";
import { tppError } from "../../../src/contract/tpp-messages";
import type { Sandbox } from "../../sandbox";
import { toWire, wireResponse, type IncomingRequest, type RequestFacts, type WireAnswer } from "../../http/incoming";
import { replayProblem } from "../../http/request-guard";
import { errorAnswer, failure, type Answer } from "../../http/respond";
import { checkSignature } from "../../http/signature-check";
import { bankPage, bankUnavailable } from "../bank-page";
import { unavailableAnswer } from "../../http/store-unavailable";
import { TenantRefused, type TenantSandboxes } from "./tenant-sandboxes";
import { TENANT_KEY, tenantOf, type TenantIdentity } from "./tenant-identity";
import { TenantKeyUnbound, type BoundKey } from "./tenant-keys";

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

type Signed = { ok: true; tenant: TenantIdentity; signer: BoundKey; headers: Record<string, string> } | { ok: false; answer: Answer };

/** Each takes the request's facts and records in them what it established: the verified signer, the tenant that answered. */
export interface HostedRouting {
  /** An interface request (/v1/…), from node:http. */
  answerInterface: (request: IncomingRequest, facts?: RequestFacts) => Promise<WireAnswer | undefined>;
  /** Controls and the bank page; undefined for any other path (the server's own pages answer those). */
  route: (request: Request, url: URL, facts?: RequestFacts) => Promise<Response | undefined>;
}

export function createHostedRouting(options: { tenants: TenantSandboxes; server: Sandbox; realNow?: () => number }): HostedRouting {
  const { tenants, server } = options;
  const realNow = options.realNow ?? Date.now;

  async function signed(request: IncomingRequest, url: URL, body: string, facts: RequestFacts): Promise<Signed> {
    // Real time: a tenant's own clock may be years ahead, and no tenant is chosen yet; its dispatcher checks again on its clock.
    const signature = await checkSignature({ method: request.method, target: url.pathname + url.search, headers: request.headers, body }, new Date(realNow()));
    if (!signature.ok) return signature;
    const { signer } = signature;
    facts.signer = signer;
    const tenant = await tenantOf(signer);
    return { ok: true, tenant, signer: { spkiSha256: signer.spkiSha256, subject: signer.subject, boundAt: realNow() }, headers: signature.headers };
  }

  /** Runs `work` in the signer's tenant; the facts name the tenant once its sandbox takes the request (the signer's key admitted there). */
  async function inTenant(
    signed: { tenant: TenantIdentity; signer: BoundKey },
    facts: RequestFacts,
    work: (sandbox: Sandbox) => Promise<WireAnswer>,
  ): Promise<WireAnswer> {
    try {
      return await tenants.use(signed.tenant, signed.signer, (sandbox) => {
        facts.tenant = signed.tenant.key;
        return work(sandbox);
      });
    } catch (error) {
      const unavailable = unavailableAnswer(error);
      if (unavailable) return toWire(unavailable);
      if (error instanceof TenantKeyUnbound) return toWire(failure("CERTIFICATE_INVALID", error.message, "TPP-Signature-Certificate"));
      if (!(error instanceof TenantRefused)) throw error;
      return toWire(failure("ACCESS_EXCEEDED", error.message, undefined, error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {}));
    }
  }

  async function answerInterface(request: IncomingRequest, facts: RequestFacts = {}): Promise<WireAnswer | undefined> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/v1/")) return undefined;
    const body = await request.text();
    const signature = await signed(request, url, body, facts);
    if (!signature.ok) return toWire(signature.answer);
    return inTenant(
      signature,
      facts,
      async (sandbox) =>
        (await sandbox.dispatch.answer(withBody(request, body), facts)) ?? toWire(failure("RESOURCE_UNKNOWN", `No operation at ${url.pathname}.`)),
    );
  }

  async function answerControl(request: Request, url: URL, facts: RequestFacts): Promise<Response> {
    const body = await request.text();
    const incoming = withBody(request, body);
    // Unsigned: a portal asks it first, to learn that it must sign the rest.
    if (url.pathname === INFO_PATH) return wireResponse((await server.dispatch.answer(incoming)) ?? toWire(failure("RESOURCE_UNKNOWN", "No sandbox info.")));
    const signature = await signed(incoming, url, body, facts);
    if (!signature.ok) {
      const [first, ...rest] = (signature.answer.body as { tppMessages: ReturnType<typeof tppError>[] }).tppMessages;
      const hinted = first ? [{ ...first, text: `${SIGNED_CONTROLS_HINT} ${first.text}` }, ...rest] : [];
      return wireResponse(toWire(errorAnswer(hinted, signature.answer.headers)));
    }
    const requestId = request.headers.get("x-request-id") ?? "";
    const wire = await inTenant(signature, facts, async (sandbox) => {
      // In the store every tenant shares, as the interface's are (SandboxEnv.requestIds).
      const replayed = await replayProblem(sandbox.env.requestIds, signature.signer.spkiSha256, requestId, realNow());
      if (replayed) return toWire(replayed, signature.headers);
      return (await sandbox.dispatch.answer(incoming)) ?? toWire(failure("RESOURCE_UNKNOWN", `No control route at ${url.pathname}.`));
    });
    return wireResponse(wire);
  }

  async function answerBank(request: Request, url: URL, facts: RequestFacts): Promise<Response | undefined> {
    const key = url.searchParams.get(BANK_TENANT_PARAMETER) ?? "";
    let answered: Response | undefined;
    try {
      answered = TENANT_KEY.test(key)
        ? await tenants.useExisting(key, (sandbox) => {
            facts.tenant = key;
            return bankPage(request, url, sandbox.dispatch);
          })
        : undefined;
    } catch (error) {
      const unavailable = unavailableAnswer(error);
      if (!unavailable) throw error;
      return bankUnavailable(unavailable);
    }
    // The server's own sandbox holds no payment: an unknown tenant reads as an unknown payment, and says nothing of who exists.
    return answered ?? bankPage(request, url, server.dispatch);
  }

  return {
    answerInterface,
    route: (request, url, facts = {}) => {
      if (url.pathname.startsWith(CONTROL_PREFIX)) return answerControl(request, url, facts);
      if (url.pathname.startsWith("/bank/")) return answerBank(request, url, facts);
      if (url.pathname.startsWith("/v1/")) return answerInterface(request, facts).then((wire) => wire && wireResponse(wire));
      return Promise.resolve(undefined);
    },
  };
}

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
import { dateWindowProblem, replayProblem, requestIdProblem, usedProblem } from "../../http/request-guard";
import { errorAnswer, failure, type Answer } from "../../env/answer";
import { checkSignature, checkStreamedDigest } from "../../http/signature-check";
import { unavailableAnswer } from "../../http/unavailable-answer";
import type { Admission, RequestHead } from "../admission";
import { bankPage, bankUnavailable } from "../bank-page";
import { streamingHash } from "../node-body-hasher";
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
  ...(request.client === undefined ? {} : { client: request.client }),
});

/** What a verified signature established: the TPP's tenant and key, and the signing string's header. */
export interface SignedBy {
  tenant: TenantIdentity;
  signer: BoundKey;
  headers: Record<string, string>;
}
type Signed = ({ ok: true } & SignedBy) | { ok: false; answer: Answer };

/** A request that carries a signature and its certificate: one whose form is checked before its signature. */
const looksSigned = (headers: IncomingRequest["headers"]) => headers.get("signature") !== null && headers.get("tpp-signature-certificate") !== null;

/** A request refused before a tenant is made for it (its X-Request-ID used already by its key): the answer it gets. */
class RefusedBeforeTenant extends Error {
  override readonly name = "RefusedBeforeTenant";
  constructor(readonly answer: Answer) {
    super("refused before a tenant was made");
  }
}

/** An unsigned control is told that the controls are signed here, before what the signature check found. */
function hinted(answer: Answer): Answer {
  const [first, ...rest] = (answer.body as { tppMessages: ReturnType<typeof tppError>[] }).tppMessages;
  return errorAnswer(first ? [{ ...first, text: `${SIGNED_CONTROLS_HINT} ${first.text}` }, ...rest] : [], answer.headers);
}

/** Each takes the request's facts and records in them what it established: the verified signer, the tenant that answered. */
export interface HostedRouting {
  /**
   * Before the body is read: a signed route's signature over the headers (decision 0046). Refused, the
   * request is answered without its body being read; admitted, its body is hashed as it streams and
   * compared with its Digest, and `signedBy` goes with it to answerInterface, answerControl or route.
   */
  admit: (head: RequestHead, facts: RequestFacts) => Promise<Admission<SignedBy> | undefined>;
  /** An interface request (/v1/…), from node:http; signed by `signedBy` when admitted, else its signature is checked here with its body. */
  answerInterface: (request: IncomingRequest, facts?: RequestFacts, signedBy?: SignedBy) => Promise<WireAnswer | undefined>;
  /** A control request (/__sandbox/…), the same way. */
  answerControl: (request: IncomingRequest, facts?: RequestFacts, signedBy?: SignedBy) => Promise<WireAnswer>;
  /** Controls and the bank page; undefined for any other path (the server's own pages answer those). */
  route: (request: Request, url: URL, facts: RequestFacts, client: string, signedBy?: SignedBy) => Promise<Response | undefined>;
}

export function createHostedRouting(options: { tenants: TenantSandboxes; server: Sandbox; realNow?: () => number }): HostedRouting {
  const { tenants, server } = options;
  const realNow = options.realNow ?? Date.now;

  async function signed(
    request: Pick<IncomingRequest, "method" | "headers">,
    url: URL,
    body: string,
    facts: RequestFacts,
    checks: { deferBodyDigest?: boolean } = {},
  ): Promise<Signed> {
    // Real time: a tenant's own clock may be years ahead, and no tenant is chosen yet; its dispatcher checks again on its clock.
    const signature = await checkSignature(
      server.env.verifyRequest,
      { method: request.method, target: url.pathname + url.search, headers: request.headers, body },
      new Date(realNow()),
      checks,
    );
    if (!signature.ok) {
      facts.signatureRefused = signature.examination;
      return signature;
    }
    const { signer } = signature;
    facts.signer = signer;
    if (signature.advice) facts.signatureAdvice = signature.advice;
    const tenant = await tenantOf(signer);
    return { ok: true, tenant, signer: { spkiSha256: signer.spkiSha256, subject: signer.subject, boundAt: realNow() }, headers: signature.headers };
  }

  /** Runs `work` in the signer's tenant; the facts name the tenant once its sandbox takes the request (the signer's key admitted there). */
  async function inTenant(
    signed: { tenant: TenantIdentity; signer: BoundKey },
    request: IncomingRequest,
    facts: RequestFacts,
    work: (sandbox: Sandbox) => Promise<WireAnswer>,
  ): Promise<WireAnswer> {
    try {
      return await tenants.use(
        signed.tenant,
        signed.signer,
        (sandbox) => {
          facts.tenant = signed.tenant.key;
          facts.sandbox = sandbox.env;
          return work(sandbox);
        },
        {
          ...(request.client === undefined ? {} : { address: request.client }),
          // Only when its tenant is new: a used id is refused without making one (the claim itself comes later, in the tenant's
          // dispatcher or below, after the request's own checks: a request they refuse does not use its id up).
          vet: async () => {
            const used = await usedProblem(server.env.requestIds, signed.signer.spkiSha256, request.headers.get("x-request-id") ?? "", realNow());
            if (used) throw new RefusedBeforeTenant(used);
          },
        },
      );
    } catch (error) {
      if (error instanceof RefusedBeforeTenant) return toWire(error.answer);
      const unavailable = unavailableAnswer(error);
      if (unavailable) return toWire(unavailable);
      if (error instanceof TenantKeyUnbound) return toWire(failure("CERTIFICATE_INVALID", error.message, "TPP-Signature-Certificate"));
      if (!(error instanceof TenantRefused)) throw error;
      return toWire(failure("ACCESS_EXCEEDED", error.message, undefined, error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {}));
    }
  }

  /** The controls are signed, but for the info a portal asks first, to learn that it must sign the rest. */
  const signedRoute = (pathname: string): "interface" | "control" | undefined =>
    pathname.startsWith("/v1/") ? "interface" : pathname.startsWith(CONTROL_PREFIX) && pathname !== INFO_PATH ? "control" : undefined;

  async function admit(head: RequestHead, facts: RequestFacts): Promise<Admission<SignedBy> | undefined> {
    const kind = signedRoute(head.url.pathname);
    if (kind === undefined) return undefined;
    const refusal = (answer: Answer) => toWire(kind === "control" ? hinted(answer) : answer);
    // Its form first, as the interface checks a request before its signature: a signed request whose X-Request-ID is
    // missing or no UUID is a 400 at X-Request-ID (an unsigned one is told to sign, below), and nothing is kept.
    const malformed = looksSigned(head.headers) ? requestIdProblem(head.headers.get("x-request-id")) : undefined;
    if (malformed) return { ok: false, answer: toWire(malformed) };
    const signature = await signed(head, head.url, "", facts, { deferBodyDigest: true });
    if (!signature.ok) return { ok: false, answer: refusal(signature.answer) };
    const hash = streamingHash(head.headers.get("digest"));
    const finish = async (bytes: Uint8Array) => {
      const received = { method: head.method, target: head.url.pathname + head.url.search, body: bytes, now: new Date(realNow()) };
      const refused = await checkStreamedDigest(head.headers, hash.finish(), received);
      if (refused) facts.signatureRefused = refused.examination;
      return refused && refusal(refused.answer);
    };
    return { ok: true, context: signature, body: { seen: hash.update, finish } };
  }

  async function answerInterface(request: IncomingRequest, facts: RequestFacts = {}, signedBy?: SignedBy): Promise<WireAnswer | undefined> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/v1/")) return undefined;
    const body = await request.text();
    const signature = signedBy ? ({ ok: true, ...signedBy } as const) : await signed(request, url, body, facts);
    if (!signature.ok) return toWire(signature.answer);
    return inTenant(
      signature,
      request,
      facts,
      async (sandbox) =>
        (await sandbox.dispatch.answer(withBody(request, body), facts)) ?? toWire(failure("RESOURCE_UNKNOWN", `No operation at ${url.pathname}.`)),
    );
  }

  async function answerControl(request: IncomingRequest, facts: RequestFacts = {}, signedBy?: SignedBy): Promise<WireAnswer> {
    const url = new URL(request.url);
    const body = await request.text();
    const incoming = withBody(request, body);
    if (signedRoute(url.pathname) === undefined) return (await server.dispatch.answer(incoming)) ?? toWire(failure("RESOURCE_UNKNOWN", "No sandbox info."));
    // As the interface: the request's form (a signed request whose X-Request-ID is no UUID is a 400, and nothing is
    // stored: no tenant, no claim), the signature (checked before the body when admitted), the Date window and the
    // claim. An unsigned one is told to sign (the 401 below), as the interface answers a missing signature alone.
    const requestId = request.headers.get("x-request-id");
    const malformed = requestIdProblem(requestId);
    if (malformed && looksSigned(request.headers)) return toWire(malformed);
    const signature = signedBy ? ({ ok: true, ...signedBy } as const) : await signed(incoming, url, body, facts);
    if (!signature.ok) return toWire(hinted(signature.answer));
    if (malformed) return toWire(malformed, signature.headers);
    const stale = dateWindowProblem(request.headers.get("date") ?? undefined, realNow(), facts);
    if (stale) return toWire(stale, signature.headers);
    return inTenant(signature, incoming, facts, async (sandbox) => {
      // In the store every tenant shares, as the interface's are (SandboxEnv.requestIds).
      const replayed = await replayProblem(
        sandbox.env.requestIds,
        signature.signer.spkiSha256,
        requestId ?? "",
        realNow(),
        request.headers.get("date") ?? undefined,
      );
      if (replayed) return toWire(replayed, signature.headers);
      return (await sandbox.dispatch.answer(incoming, facts)) ?? toWire(failure("RESOURCE_UNKNOWN", `No control route at ${url.pathname}.`));
    });
  }

  async function answerBank(request: Request, url: URL, facts: RequestFacts): Promise<Response | undefined> {
    const key = url.searchParams.get(BANK_TENANT_PARAMETER) ?? "";
    let answered: Response | undefined;
    try {
      answered = TENANT_KEY.test(key)
        ? await tenants.useExisting(key, (sandbox) => {
            facts.tenant = key;
            facts.sandbox = sandbox.env;
            return bankPage(request, url, sandbox.dispatch, facts);
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

  /** A WHATWG request (tests, a server without the straight paths) as the dispatcher reads one. */
  const incomingOf = (request: Request, client: string): IncomingRequest => ({
    method: request.method,
    url: request.url,
    headers: request.headers,
    text: () => request.text(),
    client,
  });

  return {
    admit,
    answerInterface,
    answerControl,
    route: (request, url, facts, client, signedBy) => {
      if (url.pathname.startsWith(CONTROL_PREFIX)) return answerControl(incomingOf(request, client), facts, signedBy).then(wireResponse);
      if (url.pathname.startsWith("/bank/")) return answerBank(request, url, facts);
      if (url.pathname.startsWith("/v1/")) return answerInterface(incomingOf(request, client), facts, signedBy).then((wire) => wire && wireResponse(wire));
      return Promise.resolve(undefined);
    },
  };
}

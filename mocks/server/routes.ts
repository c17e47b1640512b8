/**
 * What the server answers, as WHATWG Request → Response: its own pages (index, OpenAPI, the bank
 * page), then the dispatcher, then a 404 in the interface's error format. The server's listener hands
 * the interface (/v1/…) and the controls (/__sandbox/…) to the dispatcher straight (handle-request.ts).
 */
import { CONTROL_PREFIX, type Dispatch } from "../router";
import type { RequestFacts } from "../http/incoming";
import { bankPage } from "./bank-page";
import { indexResponse, openApiResponse } from "./index-page";
import { jsonError } from "./json-errors";
import { HEALTH_PATHS, Liveness, Readiness } from "../../src/contract/server-health";
import type { Portal } from "./portal-files";

export interface ServerHealth {
  /** Whether this process should be sent requests now, and why not. */
  ready: () => Promise<Readiness>;
}

const healthJson = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });

async function healthAnswer(pathname: string, health: ServerHealth | undefined): Promise<Response | undefined> {
  if (pathname === HEALTH_PATHS.live) return healthJson(200, Liveness.parse({ status: "ok" }));
  if (pathname !== HEALTH_PATHS.ready || !health) return undefined;
  const readiness = Readiness.parse(await health.ready());
  return healthJson(readiness.status === "ready" ? 200 : 503, readiness);
}

const STATE_CHANGING = new Set(["POST", "PUT", "DELETE", "PATCH"]);

/**
 * The controls change the sandbox unsigned, so they take JSON only: a browser sends a cross-origin
 * form or text/plain body without asking first, but never application/json. A request without a
 * body may leave Content-Type out (curl -X POST …/batch/run). The bank page's form is its own route.
 * Told by the headers alone, so the server refuses before it reads the body.
 */
export function notJson(method: string, pathname: string, type: string | undefined, hasBody: boolean): Response | undefined {
  if (!pathname.startsWith(CONTROL_PREFIX) || !STATE_CHANGING.has(method)) return undefined;
  if (type === undefined ? !hasBody : /^application\/json\s*(;|$)/i.test(type.trim())) return undefined;
  return jsonError(
    415,
    "FORMAT_ERROR",
    `${method} ${pathname} takes a JSON body only; the request ${type === undefined ? "has a body but no Content-Type" : `has Content-Type ${type.slice(0, 100)}`}. ` +
      "Send the body as JSON with Content-Type: application/json.",
    { Accept: "application/json" },
  );
}

const ownPages = (hosted: boolean): Record<string, (request: Request, url: URL) => Response> => ({
  "/": (request, url) => indexResponse(request, url.origin, hosted),
  "/openapi.json": (_request, url) => openApiResponse(url.origin),
});

/**
 * A hosted server's own answer to the controls, the bank page and the interface (tenants/hosted-routing.ts),
 * with what the request's signature established before its body was read.
 */
export type HostedRoute<Context> = (request: Request, url: URL, facts: RequestFacts, client: string, admitted?: Context) => Promise<Response | undefined>;

/** `portal`: the built portal this server serves at its origin (psd2-sandbox), beside the sandbox. */
export function createRoutes<Context = never>(dispatch: Dispatch, health?: ServerHealth, hosted?: HostedRoute<Context>, portal?: Portal) {
  const pages = ownPages(hosted !== undefined);
  /** `facts` is told what answering established (the verified signer, the tenant), for the request log; `client` is the client's address. */
  return async function route(request: Request, facts: RequestFacts = {}, client = "unknown", admitted?: Context): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "GET" || request.method === "HEAD") {
      const healthy = await healthAnswer(url.pathname, health);
      if (healthy) return healthy;
    }
    // The portal's page for a browser at /; its files and client routes beside the server's own paths.
    const portalAnswer = url.pathname === "/openapi.json" ? undefined : await portal?.answer(request, url);
    if (portalAnswer) {
      facts.ownPage = true;
      return portalAnswer;
    }
    const own = pages[url.pathname];
    if (own) {
      facts.ownPage = true;
      if (request.method === "GET" || request.method === "HEAD") return own(request, url);
      return jsonError(405, "SERVICE_INVALID", `${url.pathname} takes GET and HEAD.`, { Allow: "GET, HEAD" });
    }
    const tenants = await hosted?.(request, url, facts, client, admitted);
    if (tenants) return tenants;
    const bank = await bankPage(request, url, dispatch, facts);
    if (bank) return bank;
    const answered = await dispatch(request, facts);
    if (answered) return answered;
    return jsonError(
      404,
      "RESOURCE_UNKNOWN",
      `Nothing at ${url.pathname}. The interface is under /v1/ (see /openapi.json), the sandbox controls under /__sandbox/, the bank page under /bank/authorize/; GET / (as JSON) lists them.`,
    );
  };
}

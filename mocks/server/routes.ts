/**
 * What the server answers, as WHATWG Request → Response: its own pages (index, OpenAPI, the bank
 * page), then the dispatcher (/v1/…, /__sandbox/…), then a 404 in the interface's error format.
 */
import { CONTROL_PREFIX, type Dispatch } from "../router";
import type { RequestFacts } from "../http/incoming";
import { bankPage } from "./bank-page";
import { indexResponse, openApiResponse } from "./index-page";
import { jsonError } from "./json-errors";
import { HEALTH_PATHS, Liveness, Readiness } from "../../src/contract/server-health";

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
 */
function notJson(request: Request, url: URL): Response | undefined {
  if (!url.pathname.startsWith(CONTROL_PREFIX) || !STATE_CHANGING.has(request.method)) return undefined;
  const type = request.headers.get("content-type");
  if (type === null ? request.body === null : /^application\/json\s*(;|$)/i.test(type.trim())) return undefined;
  return jsonError(
    415,
    "FORMAT_ERROR",
    `${request.method} ${url.pathname} takes a JSON body only; the request ${type === null ? "has a body but no Content-Type" : `has Content-Type ${type.slice(0, 100)}`}. ` +
      "Send the body as JSON with Content-Type: application/json.",
    { Accept: "application/json" },
  );
}

const ownPages = (hosted: boolean): Record<string, (request: Request, url: URL) => Response> => ({
  "/": (request, url) => indexResponse(request, url.origin, hosted),
  "/openapi.json": (_request, url) => openApiResponse(url.origin),
});

/** A hosted server's own answer to the controls, the bank page and the interface (tenants/hosted-routing.ts). */
export type HostedRoute = (request: Request, url: URL, facts?: RequestFacts) => Promise<Response | undefined>;

export function createRoutes(dispatch: Dispatch, health?: ServerHealth, hosted?: HostedRoute) {
  const pages = ownPages(hosted !== undefined);
  /** `facts` is told what answering established (the verified signer, the tenant), for the request log. */
  return async function route(request: Request, facts: RequestFacts = {}): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "GET" || request.method === "HEAD") {
      const healthy = await healthAnswer(url.pathname, health);
      if (healthy) return healthy;
    }
    const own = pages[url.pathname];
    if (own) {
      if (request.method === "GET" || request.method === "HEAD") return own(request, url);
      return jsonError(405, "SERVICE_INVALID", `${url.pathname} takes GET and HEAD.`, { Allow: "GET, HEAD" });
    }
    const refused = notJson(request, url);
    if (refused) return refused;
    const tenants = await hosted?.(request, url, facts);
    if (tenants) return tenants;
    const bank = await bankPage(request, url, dispatch);
    if (bank) return bank;
    const answered = await dispatch(request, facts);
    if (answered) return answered;
    return jsonError(
      404,
      "RESOURCE_UNKNOWN",
      `Nothing at ${url.pathname}. The interface is under /v1/ (see /openapi.json), the sandbox controls under /__sandbox/, the bank page under /bank/authorize/; GET / lists them.`,
    );
  };
}

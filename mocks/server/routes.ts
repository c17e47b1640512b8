/**
 * What the server answers, as WHATWG Request → Response: its own pages (index, OpenAPI, the bank
 * page), then the dispatcher (/v1/…, /__sandbox/…), then a 404 in the interface's error format.
 */
import type { Dispatch } from "../router";
import { bankPage } from "./bank-page";
import { indexResponse, openApiResponse } from "./index-page";
import { jsonError } from "./json-errors";

const pages: Record<string, (request: Request, url: URL) => Response> = {
  "/": (request, url) => indexResponse(request, url.origin),
  "/openapi.json": () => openApiResponse(),
};

export function createRoutes(dispatch: Dispatch) {
  return async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const own = pages[url.pathname];
    if (own) {
      if (request.method === "GET" || request.method === "HEAD") return own(request, url);
      return jsonError(405, "SERVICE_INVALID", `${url.pathname} takes GET and HEAD.`, { Allow: "GET, HEAD" });
    }
    const bank = await bankPage(request, url, dispatch);
    if (bank) return bank;
    const answered = await dispatch(request);
    if (answered) return answered;
    return jsonError(
      404,
      "RESOURCE_UNKNOWN",
      `Nothing at ${url.pathname}. The interface is under /v1/ (see /openapi.json), the sandbox controls under /__sandbox/, the bank page under /bank/authorize/; GET / lists them.`,
    );
  };
}

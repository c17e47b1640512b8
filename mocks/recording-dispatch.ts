/**
 * The dispatcher with a traffic record (decision 0055), for the sandbox in the browser (msw's service worker) and
 * the tests that stand for it: each request the sandbox answers is kept, with its answer, once the answer is made. The
 * standalone server records at its own edge instead (server/handle-request.ts), where it also sees what never reaches
 * the dispatcher.
 */
import { isRecorded, recordExchange } from "./http/traffic-record";
import { wireResponse, type RequestFacts } from "./http/incoming";
import type { Sandbox } from "./sandbox";

export type RequestAnswerer = (request: Request) => Promise<Response | undefined>;

/** How much traffic the sandbox in a browser keeps: the newest 2,000 requests within 16 MiB. */
export const BROWSER_TRAFFIC_LIMITS = { maxRecords: 2000, maxBytes: 16 * 1024 * 1024 } as const;

export function recordingDispatch({ dispatch, env }: Pick<Sandbox, "dispatch" | "env">): RequestAnswerer {
  return async (request) => {
    const arrived = Date.now();
    const started = performance.now();
    const url = new URL(request.url);
    if (env.traffic === undefined || !isRecorded(request.method, url.pathname)) return dispatch(request);
    // The dispatcher reads the body once; the record reads a copy.
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : request.clone().text();
    const facts: RequestFacts = {};
    const wire = await dispatch.answer(request, facts);
    if (wire === undefined) return undefined;
    recordExchange(facts.sandbox ?? env, {
      at: arrived,
      ms: performance.now() - started,
      method: request.method.toUpperCase(),
      url,
      requestHeaders: [...request.headers],
      requestBody: await body?.catch(() => undefined),
      status: wire.status,
      responseHeaders: Object.entries(wire.headers),
      responseBody: wire.body,
      facts,
    });
    return wireResponse(wire);
  };
}

/**
 * CORS, so the portal on another origin (the Vite dev server, or a portal build on any local port)
 * can call the standalone server. Only an allowed origin (mocks/server/origins.ts) is granted, by
 * name: every answer to it carries its origin in Access-Control-Allow-Origin and exposes the headers
 * the portal reads; other origins get no Access-Control-* header at all. No credentials are involved.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export const ALLOWED_METHODS = "GET, POST, PUT, DELETE, OPTIONS";
export const EXPOSED_HEADERS =
  "Location, Link, X-Request-ID, X-Total-Count, X-Sandbox-Signing-String, X-Sandbox-Signature-Diagnosis, ASPSP-SCA-Approach, X-Sandbox-Scenario-Applied, Retry-After";

/** The CORS headers of an answer: a grant for `allowedOrigin` when there is one; always Vary: Origin (the answer depends on it). */
export function setCorsHeaders(res: ServerResponse, allowedOrigin: string | undefined): void {
  const vary = res.getHeader("Vary");
  if (vary === undefined) res.setHeader("Vary", "Origin");
  else if (!/\borigin\b/i.test(String(vary))) res.setHeader("Vary", `${String(vary)}, Origin`);
  if (allowedOrigin === undefined) return;
  res.setHeader("Access-Control-Allow-Origin", allowedOrigin);
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
}

/** A preflight of an allowed origin: 204, the methods, and whatever headers the browser asks to send. */
export function preflight(req: IncomingMessage): Response {
  const headers = new Headers({
    "Access-Control-Allow-Methods": ALLOWED_METHODS,
    "Access-Control-Max-Age": "600",
    Vary: "Origin, Access-Control-Request-Headers",
  });
  const requested = req.headers["access-control-request-headers"];
  if (requested) headers.set("Access-Control-Allow-Headers", requested);
  // Chrome's Private Network Access: an allowed page on a public origin calling this server on localhost.
  if (req.headers["access-control-request-private-network"] === "true") headers.set("Access-Control-Allow-Private-Network", "true");
  return new Response(null, { status: 204, headers });
}

/**
 * CORS, so a portal on another origin (the Vite dev server) can call the standalone server: every
 * OPTIONS is answered as a preflight, and every answer allows any origin and exposes the headers
 * the portal reads. No credentials are involved, so "*" is enough.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export const ALLOWED_METHODS = "GET, POST, PUT, DELETE, OPTIONS";
export const EXPOSED_HEADERS = "Location, Link, X-Request-ID, X-Total-Count, X-Sandbox-Signing-String, ASPSP-SCA-Approach";

/** The headers every answer carries. */
export function setCorsHeaders(res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
}

/** A preflight: 204, the methods, and whatever headers the browser asks to send. */
export function preflight(req: IncomingMessage): Response {
  const headers = new Headers({
    "Access-Control-Allow-Methods": ALLOWED_METHODS,
    "Access-Control-Max-Age": "600",
    Vary: "Access-Control-Request-Headers",
  });
  const requested = req.headers["access-control-request-headers"];
  if (requested) headers.set("Access-Control-Allow-Headers", requested);
  // Chrome's Private Network Access: a page on a public origin calling this server on localhost.
  if (req.headers["access-control-request-private-network"] === "true") headers.set("Access-Control-Allow-Private-Network", "true");
  return new Response(null, { status: 204, headers });
}

/**
 * From node:http to WHATWG: the absolute URL of a request, its body (at most 1 MiB), and the
 * `Request` the dispatcher takes. Every way this can fail is a value, never a throw.
 */
import type { IncomingMessage } from "node:http";
import { isControlRoute, matchOperation } from "../../src/contract/paths";
import type { IncomingRequest } from "../http/incoming";

export const MAX_BODY_BYTES = 1024 * 1024;
/** A whole sandbox (POST /__sandbox/import): an export of the portal's sandbox with many transactions is larger than 1 MiB. */
export const MAX_IMPORT_BYTES = 64 * MAX_BODY_BYTES;
/** Past its limit a body is read and thrown away up to this much more (so the client sees the 413), then the connection is cut. */
export const MAX_DISCARDED_EXTRA_BYTES = 16 * MAX_BODY_BYTES;

/** The largest body a request to this path may carry: a whole sandbox (the control table says which route takes one) or 1 MiB. */
export function bodyLimitFor(method: string | undefined, target: string | undefined): number {
  const match = matchOperation(method ?? "GET", (target ?? "").split("?")[0] ?? "", { only: "control" });
  return match.kind === "found" && isControlRoute(match.route) && match.route.wholeSandbox ? MAX_IMPORT_BYTES : MAX_BODY_BYTES;
}

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export type UrlOutcome = { ok: true; url: URL } | { ok: false; problem: string };

/**
 * `http://<Host header><path>`, or `http://<fallbackHost><path>` when the request has no Host
 * (HTTP/1.0). The path is appended as text, so `//x` stays a path and never becomes a host.
 */
export function requestUrl(req: Pick<IncomingMessage, "url" | "headers">, fallbackHost: string | (() => string)): UrlOutcome {
  const target = req.url ?? "/";
  const host = req.headers.host ?? (typeof fallbackHost === "string" ? fallbackHost : fallbackHost());
  if (!HOST.test(host))
    return { ok: false, problem: `The Host header ${JSON.stringify(host.slice(0, 100))} is not a host name or address with an optional port.` };
  let text: string;
  if (target.startsWith("/")) text = `http://${host}${target}`;
  else if (/^https?:\/\//i.test(target))
    text = target; // absolute-form: its authority wins over Host (RFC 9112 3.2.2)
  else return { ok: false, problem: `The request target ${JSON.stringify(target.slice(0, 100))} is not a path starting with "/".` };
  try {
    return { ok: true, url: new URL(text) };
  } catch {
    return { ok: false, problem: `The request target ${JSON.stringify(target.slice(0, 100))} does not make a valid URL.` };
  }
}

export type BodyOutcome =
  | { kind: "ok"; bytes: Buffer }
  /** Over the path's limit; `drained` says whether the rest was read (the connection can then stay open). */
  | { kind: "too-large"; bytes: number; drained: boolean }
  | { kind: "aborted" };

const declaredLength = (req: IncomingMessage): number | undefined => {
  const value = req.headers["content-length"];
  return value === undefined || !/^\d+$/.test(value) ? undefined : Number(value);
};

/** Whether the declared Content-Length alone is over the limit (used to refuse an Expect: 100-continue). */
export const declaresTooLarge = (req: IncomingMessage): boolean => (declaredLength(req) ?? 0) > bodyLimitFor(req.method, req.url);

const NO_BYTES = Buffer.alloc(0);

/** Reads the body up to the path's limit; past it, reads on without keeping anything, up to MAX_DISCARDED_EXTRA_BYTES more. */
export async function readNodeBody(req: IncomingMessage, limit = bodyLimitFor(req.method, req.url)): Promise<BodyOutcome> {
  const discardUpTo = limit + MAX_DISCARDED_EXTRA_BYTES;
  const declared = declaredLength(req);
  if (declared !== undefined && declared > discardUpTo) return { kind: "too-large", bytes: declared, drained: false };
  // Neither Content-Length nor Transfer-Encoding: the request has no body (RFC 9112 6.3), as node's
  // parser also reads it; no stream to iterate (node drains an unread request when the answer ends).
  if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined) return { kind: "ok", bytes: NO_BYTES };
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > discardUpTo) return { kind: "too-large", bytes: size, drained: false };
      if (size <= limit) chunks.push(chunk);
    }
  } catch {
    return { kind: "aborted" };
  }
  if (!req.complete) return { kind: "aborted" };
  if (size > limit) return { kind: "too-large", bytes: size, drained: true };
  return { kind: "ok", bytes: Buffer.concat(chunks, size) };
}

/** Every header as received, repeated ones included (joined by the Headers class as ", "). */
export function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (name.startsWith(":")) continue; // HTTP/2 pseudo-headers, should a proxy pass them on
    for (const value of values ?? []) headers.append(name, value);
  }
  return headers;
}

export type RequestOutcome = { ok: true; request: Request } | { ok: false; status: 400 | 405; problem: string };

const FETCH_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);

/** Why the server does not take this method (405), if it does not. */
export const methodProblem = (method: string): string | undefined =>
  FETCH_METHODS.has(method) ? undefined : `This server does not take ${method}; it takes GET, POST, PUT, DELETE and OPTIONS.`;

export function toWhatwgRequest(req: IncomingMessage, url: URL, body: Buffer): RequestOutcome {
  const method = (req.method ?? "GET").toUpperCase();
  const refused = methodProblem(method);
  if (refused) return { ok: false, status: 405, problem: refused };
  try {
    const headers = requestHeaders(req);
    const withBody = method !== "GET" && method !== "HEAD" && body.length > 0;
    return { ok: true, request: new Request(url, { method, headers, ...(withBody ? { body: new Uint8Array(body) } : {}) }) };
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).replace(/\.$/, "");
    return { ok: false, status: 400, problem: `The request could not be read: ${detail}.` };
  }
}

/**
 * The dispatcher's view of a request straight from node:http (no WHATWG Request): the same headers
 * (every value, repeated ones joined by ", ") and the same body text (UTF-8, a BOM dropped, none
 * for GET and HEAD) as `toWhatwgRequest` gives, at a fraction of the cost.
 */
export function toIncomingRequest(req: IncomingMessage, url: URL, body: Buffer, client?: string): IncomingRequest {
  const method = (req.method ?? "GET").toUpperCase();
  const headers = new Map<string, string>();
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (!name.startsWith(":") && values !== undefined) headers.set(name, values.join(", "));
  }
  const text = method === "GET" || method === "HEAD" ? "" : new TextDecoder().decode(body);
  return {
    method,
    url: url.href,
    headers: {
      get: (name) => headers.get(name.toLowerCase()) ?? null,
      forEach: (callback) => {
        headers.forEach(callback);
      },
    },
    text: () => Promise.resolve(text),
    ...(client === undefined ? {} : { client }),
  };
}

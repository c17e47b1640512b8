/**
 * From node:http to WHATWG: the absolute URL of a request, its body (within its route's limit), and
 * the `Request` the dispatcher takes. Every way this can fail is a value, never a throw.
 */
import type { IncomingMessage } from "node:http";
import { isControlRoute, matchOperation } from "../../src/contract/paths";
import type { IncomingRequest } from "../http/incoming";

export const MAX_BODY_BYTES = 1024 * 1024;
/** A whole sandbox (POST /__sandbox/import): an export of the portal's sandbox with many transactions is larger than 1 MiB. */
export const MAX_IMPORT_BYTES = 64 * MAX_BODY_BYTES;
/**
 * A route without a body of its own (reads, DELETE, POST …/batch/run, the bank page's form, a path
 * that leads nowhere) still takes a little, such as `{}`; no more than its headers may hold.
 */
export const SMALL_BODY_BYTES = 64 * 1024;

/** The largest body a request to this path may carry: a whole sandbox, a route's body (1 MiB), or a little for a route that takes none. */
export function bodyLimitFor(method: string | undefined, target: string | undefined): number {
  const match = matchOperation(method ?? "GET", (target ?? "").split("?")[0] ?? "");
  if (match.kind !== "found") return SMALL_BODY_BYTES;
  if (isControlRoute(match.route) && match.route.wholeSandbox) return MAX_IMPORT_BYTES;
  return match.route.body === undefined ? SMALL_BODY_BYTES : MAX_BODY_BYTES;
}

/** A size as a reader takes it in: 64 MiB, 1 MiB, 64 KiB. */
export const sizeText = (bytes: number): string =>
  bytes >= MAX_BODY_BYTES && bytes % MAX_BODY_BYTES === 0 ? `${String(bytes / MAX_BODY_BYTES)} MiB` : `${String(Math.ceil(bytes / 1024))} KiB`;

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
  /** Over the path's limit: `bytes` as declared, or as counted when the reading stopped (the rest is never read). */
  | { kind: "too-large"; bytes: number; declared: boolean }
  | { kind: "aborted" };

/** The Content-Length, when the request declares one that is a number. */
export const declaredLength = (req: IncomingMessage): number | undefined => {
  const value = req.headers["content-length"];
  return value === undefined || !/^\d+$/.test(value) ? undefined : Number(value);
};

/**
 * Neither Content-Length nor Transfer-Encoding: the request has no body (RFC 9112 6.3), as node's
 * parser also reads it; no stream to iterate (node drains an unread request when the answer ends).
 */
export const announcesBody = (req: IncomingMessage): boolean => {
  const declared = declaredLength(req);
  return declared === undefined ? req.headers["transfer-encoding"] !== undefined : declared > 0;
};

const NO_BYTES = Buffer.alloc(0);

/**
 * Reads the body up to the path's limit, handing each chunk to `seen` as it comes (a hash). A body
 * declared over the limit is not read at all; one that grows past it while streaming (chunked) stops
 * being read there: the caller answers 413 and closes the connection, so nothing past the limit is
 * ever held or read. A declared body is copied into one buffer of its size as it comes, so no chunk
 * is kept and no second copy is made at the end.
 */
export async function readNodeBody(req: IncomingMessage, limit = bodyLimitFor(req.method, req.url), seen?: (chunk: Buffer) => void): Promise<BodyOutcome> {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limit) return { kind: "too-large", bytes: declared, declared: true };
  if (!announcesBody(req)) return { kind: "ok", bytes: NO_BYTES };
  const whole = declared === undefined ? undefined : Buffer.allocUnsafe(declared);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // Stopping early leaves the request as it is (not destroyed): the caller still answers on its connection.
    for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      if (size + chunk.length > limit) return { kind: "too-large", bytes: size + chunk.length, declared: false };
      seen?.(chunk);
      if (whole) chunk.copy(whole, size);
      else chunks.push(chunk);
      size += chunk.length;
    }
  } catch {
    return { kind: "aborted" };
  }
  if (!req.complete || (whole && size !== whole.length)) return { kind: "aborted" };
  return { kind: "ok", bytes: whole ?? Buffer.concat(chunks, size) };
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
    // A view of the same bytes, not a copy: the Request copies them once itself (an import is up to 64 MiB).
    const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
    return { ok: true, request: new Request(url, { method, headers, ...(withBody ? { body: bytes } : {}) }) };
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
  const text = method === "GET" || method === "HEAD" ? "" : new TextDecoder().decode(body);
  return { method, url: url.href, headers: incomingHeaders(req), text: () => Promise.resolve(text), ...(client === undefined ? {} : { client }) };
}

/** Every header as the dispatcher reads them: lower-case names, repeated values joined by ", ". */
export function incomingHeaders(req: IncomingMessage): IncomingRequest["headers"] {
  const headers = new Map<string, string>();
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    if (!name.startsWith(":") && values !== undefined) headers.set(name, values.join(", "));
  }
  return {
    get: (name) => headers.get(name.toLowerCase()) ?? null,
    forEach: (callback) => {
      headers.forEach(callback);
    },
  };
}

/**
 * The node:http request listener: builds the WHATWG Request (URL from Host, every header, the body
 * up to 1 MiB, 64 MiB for an import), answers preflights, routes, and writes the Response back.
 * Nothing a client sends (an oversized body, a bad Host, a dropped connection) nor a failure while
 * answering takes the process down: each becomes a 4xx/5xx tppMessages answer, or silence when the client has gone.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorStatus } from "../../src/contract/errors";
import { toWire, wireResponse, type IncomingRequest, type WireAnswer } from "../http/incoming";
import { failure } from "../http/respond";
import { unavailableAnswer } from "../http/unavailable-answer";
import { failureLog, type ReportFailure } from "./failure-log";
import { pathTrickProblem } from "../http/path-tricks";
import type { ChangeStreams } from "./change-streams";
import { preflight } from "./cors";
import { jsonError } from "./json-errors";
import { bodyLimitFor, methodProblem, readNodeBody, requestUrl, toIncomingRequest, toWhatwgRequest } from "./node-request";
import { sendResponse, sendWire } from "./node-response";
import { foreignHostProblem, foreignOriginProblem, originPolicy } from "./origins";
import type { LogFormat } from "./cli-args";
import { requestLogLine, type TenantOfRequest } from "./request-log";

export interface RequestHandlerOptions {
  route: (request: Request) => Promise<Response>;
  /** The interface (/v1/…) straight from node:http: the dispatcher's answer without WHATWG objects in between. */
  answerInterface?: (request: IncomingRequest) => Promise<WireAnswer | undefined>;
  /** Origins besides loopback ones that may call the server from a web page (--allow-origin). */
  allowOrigins?: readonly string[];
  /** The server listens on a loopback address: requests must name a loopback host (against DNS rebinding). */
  loopbackOnly?: boolean;
  /** host:port to use when a request has no Host header (HTTP/1.0). */
  fallbackHost: () => string;
  /** The origin clients reach the server at through a proxy (--public-url): links and same-origin checks use it, not Host. */
  publicOrigin?: string;
  log?: (line: string) => void;
  /** How each request is logged (default text). */
  logFormat?: LogFormat;
  /** GET /__sandbox/changes as server-sent events, for a client that accepts them. */
  changeStreams?: ChangeStreams;
  /** On a hosted server: the tenant each log line names. */
  tenantOf?: TenantOfRequest;
  /** Where a failure answered 5xx goes, internals and all (default: a failure log over `log`). */
  reportFailure?: ReportFailure;
}

const tooLarge = (bytes: number, limit: number) =>
  jsonError(
    errorStatus.CONTENT_TOO_LARGE,
    "CONTENT_TOO_LARGE",
    `The body is ${String(bytes)} bytes; this sandbox takes at most ${String(limit)} bytes (${String(limit / 1024 / 1024)} MiB) here.`,
  );

export function createRequestHandler(options: RequestHandlerOptions) {
  const log = options.log;
  const allows = originPolicy(options.allowOrigins);
  const report = options.reportFailure ?? failureLog(log);

  /** A failure while answering: 503 with Retry-After when the storage cannot serve (unavailable-answer.ts), else a 500 that is a sandbox bug. */
  function failed(error: unknown, req: IncomingMessage): WireAnswer {
    report(error, `${req.method ?? "?"} ${(req.url ?? "?").split("?")[0] ?? ""}`);
    const unavailable = unavailableAnswer(error);
    if (unavailable) return toWire(unavailable);
    const detail = error instanceof Error ? error.message : String(error);
    return toWire(failure("SYSTEM_ERROR", `The sandbox server failed while answering: ${detail}. This is a sandbox bug.`));
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<number | "aborted"> {
    // A request without Origin is no web page's (curl, a TPP's back end): nothing to grant or refuse.
    const origin = req.headers.origin;
    const allowedOrigin = origin !== undefined && allows(origin) ? origin : undefined;
    const send = (response: Response, close?: boolean) =>
      sendResponse(res, response, { ...(close ? { close } : {}), ...(allowedOrigin ? { allowedOrigin } : {}) });
    const url = requestUrl(req, options.fallbackHost);
    if (!url.ok) {
      await send(jsonError(400, "BAD_REQUEST", url.problem), true);
      return 400;
    }
    const foreignHost = options.loopbackOnly === true ? foreignHostProblem(url.url.hostname) : undefined;
    if (foreignHost) {
      await send(jsonError(403, "FORBIDDEN", foreignHost), true);
      return 403;
    }
    // The raw target: new URL() has already resolved "..", "%2e%2e" and backslashes into another path.
    const trick = pathTrickProblem(req.url ?? "/");
    if (trick) {
      await send(jsonError(400, "BAD_REQUEST", trick), true);
      return 400;
    }
    // Behind a proxy the client's origin is the public one: the Host it passed was checked above.
    const here = options.publicOrigin === undefined ? url.url : new URL(options.publicOrigin + url.url.pathname + url.url.search);
    const method = (req.method ?? "GET").toUpperCase();
    // The server's own pages (the bank page's form) are same-origin: the Host they were loaded from
    // passed the host check above, so their Origin names this server, not a page elsewhere.
    const sameOrigin = origin === here.origin;
    if (origin !== undefined && allowedOrigin === undefined && !sameOrigin) {
      const refused = method === "OPTIONS" ? foreignOriginProblem(origin, "POST", here.pathname) : foreignOriginProblem(origin, method, here.pathname);
      if (refused) {
        await send(jsonError(403, "FORBIDDEN", refused), method !== "OPTIONS");
        return 403;
      }
    }
    if (method === "OPTIONS") {
      await send(preflight(req));
      return 204;
    }
    if (options.changeStreams?.wants(req, here.pathname)) return options.changeStreams.open(req, res, allowedOrigin);
    const limit = bodyLimitFor(req.method, here.pathname);
    const body = await readNodeBody(req, limit);
    if (body.kind === "aborted") {
      res.destroy();
      return "aborted";
    }
    if (body.kind === "too-large") {
      await send(tooLarge(body.bytes, limit), !body.drained);
      return 413;
    }
    if (options.answerInterface && here.pathname.startsWith("/v1/") && methodProblem(method) === undefined) {
      // The dispatcher never throws (a failure inside it is already a 503 or 500 answer); a hosted server's tenants may, before it.
      let wire: WireAnswer | undefined;
      try {
        wire = await options.answerInterface(toIncomingRequest(req, here, body.bytes));
      } catch (error) {
        wire = failed(error, req);
      }
      if (wire) {
        await sendWire(res, wire, allowedOrigin ? { allowedOrigin } : {});
        return wire.status;
      }
    }
    const request = toWhatwgRequest(req, here, body.bytes);
    if (!request.ok) {
      const refused =
        request.status === 405
          ? jsonError(405, "SERVICE_INVALID", request.problem, { Allow: "GET, POST, PUT, DELETE, OPTIONS" })
          : jsonError(400, "BAD_REQUEST", request.problem);
      await send(refused);
      return request.status;
    }
    let response: Response;
    try {
      response = await options.route(request.request);
    } catch (error) {
      response = wireResponse(failed(error, req));
    }
    await send(response);
    return response.status;
  }

  return function onRequest(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    res.on("error", () => undefined); // a client that leaves mid-answer is not our failure
    req.on("error", () => undefined);
    answer(req, res)
      .then(async (status) => {
        if (log) log(await requestLogLine(options.logFormat ?? "text", req, status, performance.now() - started, new Date(), options.tenantOf));
      })
      .catch((error: unknown) => {
        // Only a bug in this file gets here; the connection is dropped, the server goes on.
        log?.(`error ${req.method ?? "?"} ${req.url ?? "?"}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        res.destroy();
      });
  };
}

/** Expect: 100-continue with a Content-Length over the limit: refuse before the client sends the body. */
export function createContinueHandler(onRequest: (req: IncomingMessage, res: ServerResponse) => void, declaresTooLarge: (req: IncomingMessage) => boolean) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (declaresTooLarge(req)) {
      void sendResponse(res, tooLarge(Number(req.headers["content-length"]), bodyLimitFor(req.method, req.url)), { close: true });
      return;
    }
    res.writeContinue();
    onRequest(req, res);
  };
}

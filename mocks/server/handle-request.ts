/**
 * The node:http request listener: builds the WHATWG Request (URL from Host, every header, the body
 * within its route's limit), answers preflights, checks what a hosted server's signed routes show
 * before their body (admission.ts), takes the body (body-intake.ts), routes, and writes the Response back.
 * Nothing a client sends (an oversized body, a bad Host, a dropped connection) nor a failure while
 * answering takes the process down: each becomes a 4xx/5xx tppMessages answer, or silence when the client has gone.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { CONTROL_PREFIX } from "../router";
import { toWire, wireResponse, type IncomingRequest, type RequestFacts, type WireAnswer } from "../http/incoming";
import { errorAnswer, failure } from "../env/answer";
import { unavailableAnswer } from "../http/unavailable-answer";
import { failureLog, type ReportFailure } from "./failure-log";
import { pathTrickProblem, targetPath } from "../http/path-tricks";
import type { ChangeStreams } from "./change-streams";
import { preflight } from "./cors";
import { jsonError } from "./json-errors";
import type { Admit } from "./admission";
import type { BodyBudgets } from "./body-budget";
import { takeBody } from "./body-intake";
import { notJson } from "./routes";
import { announcesBody, bodyLimitFor, declaredLength, incomingHeaders, methodProblem, requestUrl, toIncomingRequest, toWhatwgRequest } from "./node-request";
import { sendResponse, sendWire } from "./node-response";
import { foreignHostProblem, foreignOriginProblem, originPolicy } from "./origins";
import type { LogFormat } from "./cli-args";
import { repeatedHeaderMessages } from "./repeated-headers";
import { requestLogLine } from "./request-log";
import { clientAddress, type TrustedProxies } from "./client-address";
import { inRequestScope } from "../store/postgres/request-scope";
import type { Exchange } from "../http/traffic-record";
import { tppError } from "../../src/contract/tpp-messages";

/** What a request's answering saw of its body and its answer's, for its traffic record. */
interface Seen {
  url?: URL;
  /** The path as sent, where the URL above no longer spells it (a refused path trick: "/v1/../__sandbox/reset"). */
  path?: string;
  requestBody?: Buffer;
  responseBody?: string | Buffer;
}

function joinedHeaders(headers: Record<string, string[] | undefined>): [string, string][] {
  const joined: [string, string][] = [];
  for (const name in headers) {
    const values = headers[name];
    if (values !== undefined && !name.startsWith(":")) joined.push([name, values.length === 1 ? (values[0] ?? "") : values.join(", ")]);
  }
  return joined;
}

/** What a request whose body stopped short of its Content-Length is told once its time is up (start.ts writes it: 408). */
export const STALLED_BODY_TEXT =
  "The request did not arrive whole in time: its body stopped short of its Content-Length. Send the whole body, with a Content-Length that counts its bytes.";
export const stalledBodyAnswer = (): string => JSON.stringify({ tppMessages: [tppError("BAD_REQUEST", STALLED_BODY_TEXT)] });

/** The connections answered 408 mid-body: their request, cut off before any answer of its own, is recorded as that 408. */
const stalled = new WeakSet<object>();
export const noteStalledBody = (socket: object): void => {
  stalled.add(socket);
};

function sentHeaders(res: ServerResponse): [string, string][] {
  return Object.entries(res.getHeaders()).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : String(value)] as [string, string]],
  );
}

/**
 * `Context`: what a request established before its body was read (admit), handed to answerInterface, answerControl or
 * route. Each records in `facts` what answering established (the verified signer; the tenant on a hosted server): the
 * log names only that.
 */
export interface RequestHandlerOptions<Context = never> {
  /** `client` is the client's address (client-address.ts), which per-client bounds count. */
  route: (request: Request, facts: RequestFacts, client: string, admitted?: Context) => Promise<Response>;
  /** The interface (/v1/…) straight from node:http: the dispatcher's answer without WHATWG objects in between. */
  answerInterface?: (request: IncomingRequest, facts: RequestFacts, admitted?: Context) => Promise<WireAnswer | undefined>;
  /** The controls (/__sandbox/…) the same way: an import's body (up to 64 MiB) is decoded once, not copied into a Request and out again. */
  answerControl?: (request: IncomingRequest, facts: RequestFacts, admitted?: Context) => Promise<WireAnswer | undefined>;
  /** What a request must show before its body is read (a hosted server's signatures), and the check its body must then pass. */
  admit?: Admit<Context>;
  /** How many body bytes may be held at once (body-budget.ts); without, bodies are bounded by their routes' limits only. */
  budgets?: BodyBudgets;
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
  /** Reverse proxies whose X-Forwarded-For names the client (--trusted-proxy); without, the socket's address is the client's. */
  trustedProxies?: TrustedProxies;
  /** Where a failure answered 5xx goes, internals and all (default: a failure log over `log`). */
  reportFailure?: ReportFailure;
  /** Hears every request answered, with its answer, once it was sent (the traffic record, decision 0055). */
  record?: (exchange: Exchange) => void;
}

export function createRequestHandler<Context = never>(options: RequestHandlerOptions<Context>) {
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

  async function answer(req: IncomingMessage, res: ServerResponse, facts: RequestFacts, seen: Seen): Promise<number | "aborted"> {
    // A request without Origin is no web page's (curl, a TPP's back end): nothing to grant or refuse.
    const origin = req.headers.origin;
    const allowedOrigin = origin !== undefined && allows(origin) ? origin : undefined;
    const send = (response: Response, close?: boolean) =>
      sendResponse(res, response, {
        ...(close ? { close } : {}),
        ...(allowedOrigin ? { allowedOrigin } : {}),
        ...(options.record ? { sent: (body: Buffer | undefined) => (seen.responseBody = body) } : {}),
      });
    const url = requestUrl(req, options.fallbackHost);
    if (!url.ok) {
      await send(jsonError(400, "BAD_REQUEST", url.problem), true);
      return 400;
    }
    seen.url = url.url;
    const foreignHost = options.loopbackOnly === true ? foreignHostProblem(url.url.hostname) : undefined;
    if (foreignHost) {
      await send(jsonError(403, "FORBIDDEN", foreignHost), true);
      return 403;
    }
    // The raw target: new URL() has already resolved "..", "%2e%2e" and backslashes into another path.
    const trick = pathTrickProblem(req.url ?? "/");
    if (trick) {
      seen.path = targetPath(req.url ?? "/");
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
    const wire = (answer: WireAnswer, close?: boolean) => {
      seen.responseBody = answer.body;
      return sendWire(res, answer, { ...(close ? { close } : {}), ...(allowedOrigin ? { allowedOrigin } : {}) });
    };
    // Only here are a header's lines still apart: the dispatcher sees them joined (toIncomingRequest, the Headers class).
    const repeated = here.pathname.startsWith("/v1/") || here.pathname.startsWith(CONTROL_PREFIX) ? repeatedHeaderMessages(req.headersDistinct) : [];
    if (repeated.length > 0) {
      const refused = toWire(errorAnswer(repeated));
      // Refused on its headers, as an admission refusal: its body is not read, and the connection is closed.
      await wire(refused, true);
      return refused.status;
    }
    if (options.changeStreams?.wants(req, here.pathname)) return options.changeStreams.open(req, res, allowedOrigin);
    const limit = bodyLimitFor(req.method, here.pathname);
    // Its size first (body-intake.ts refuses a declared one over the limit before anything else), then what it shows before its body.
    const admission =
      options.admit && methodProblem(method) === undefined && (declaredLength(req) ?? 0) <= limit
        ? await options.admit({ method, url: here, headers: incomingHeaders(req) }, facts)
        : undefined;
    if (admission && !admission.ok) {
      // Refused on its headers: none of its body is read, and the connection is closed rather than drained.
      await wire(admission.answer, true);
      return admission.answer.status;
    }
    const wrongType = notJson(method, here.pathname, req.headers["content-type"], announcesBody(req));
    if (wrongType) {
      await send(wrongType, true);
      return wrongType.status;
    }
    const body = await takeBody(req, res, { limit, budgets: options.budgets, check: admission?.body });
    if (body.kind === "aborted") {
      res.destroy();
      return "aborted";
    }
    if (body.kind === "refused") {
      await wire(body.answer, body.close);
      return body.answer.status;
    }
    seen.requestBody = body.bytes;
    const client = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], options.trustedProxies);
    const admitted = admission?.context;
    const straight = here.pathname.startsWith("/v1/") ? options.answerInterface : here.pathname.startsWith(CONTROL_PREFIX) ? options.answerControl : undefined;
    if (straight && methodProblem(method) === undefined) {
      // The dispatcher never throws (a failure inside it is already a 503 or 500 answer); a hosted server's tenants may, before it.
      let answered: WireAnswer | undefined;
      try {
        answered = await straight(toIncomingRequest(req, here, body.bytes, client), facts, admitted);
      } catch (error) {
        answered = failed(error, req);
      }
      if (answered) {
        await wire(answered);
        return answered.status;
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
      response = await options.route(request.request, facts, client, admitted);
    } catch (error) {
      response = wireResponse(failed(error, req));
    }
    await send(response);
    return response.status;
  }

  return function onRequest(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    const arrived = Date.now();
    const facts: RequestFacts = {};
    const seen: Seen = {};
    res.on("error", () => undefined); // a client that leaves mid-answer is not our failure
    req.on("error", () => undefined);
    // One scope per request: once its first unit has a database connection, its later ones are not refused (request-scope.ts).
    inRequestScope(() => answer(req, res, facts, seen), facts)
      .then((status) => {
        const ms = performance.now() - started;
        if (log) log(requestLogLine(options.logFormat ?? "text", req, status, ms, new Date(), facts));
        // An answer sent; or, cut off mid-body, the 408 start.ts wrote for it; a client that left has nothing to record.
        const answered =
          status !== "aborted"
            ? { status, responseHeaders: sentHeaders(res), responseBody: seen.responseBody }
            : stalled.has(req.socket)
              ? { status: 408, responseHeaders: [["content-type", "application/json"]] as [string, string][], responseBody: stalledBodyAnswer() }
              : undefined;
        if (options.record && seen.url && answered)
          options.record({
            at: arrived,
            ms,
            method: (req.method ?? "GET").toUpperCase(),
            url: seen.url,
            ...(seen.path === undefined ? {} : { path: seen.path }),
            requestHeaders: joinedHeaders(req.headersDistinct),
            requestBody: seen.requestBody,
            ...answered,
            facts,
          });
      })
      .catch((error: unknown) => {
        // Only a bug in this file gets here; the connection is dropped, the server goes on.
        log?.(`error ${req.method ?? "?"} ${req.url ?? "?"}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        res.destroy();
      });
  };
}

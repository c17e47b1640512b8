/**
 * The one dispatcher of the sandbox (design, "One contract, four consumers"): it matches a request
 * against the operation table, validates it with the contract, checks its signature, runs the
 * operation's handler and answers. The service worker, Vitest and the standalone server all call it.
 * It answers only /v1/… (the interface) and /__sandbox/… (sandbox controls); anything else is not
 * its business (undefined), so the portal's own pages and files pass through.
 */
import type { OperationId } from "../src/contract/operations";
import { tppError } from "../src/contract/tpp-messages";
import { handleControl } from "./control-router";
import type { PsuHeaders } from "./domain/customers";
import { handlers } from "./handlers/index";
import { actingPsuRefusal } from "./handlers/psu";
import type { SandboxEnv } from "./env/sandbox-env";
import type { HandlerContext } from "./handlers/types";
import { canonicalHeaders, readBody, readQuery } from "./http/read-request";
import { toWire, withoutBody, wireResponse, type IncomingRequest, type RequestFacts, type WireAnswer } from "./http/incoming";
import { errorAnswer, failure, type Answer } from "./env/answer";
import { unavailableAnswer } from "./http/unavailable-answer";
import { matchRoute } from "./http/route-table";
import { pathTrickProblem } from "./http/path-tricks";
import { dateWindowProblem, replayProblem } from "./http/request-guard";
import { checkSignature } from "./http/signature-check";
import { validateRequest } from "./http/validate-request";
import { tppIdOf } from "./http/tpp-identity";
import { parseAcceptFixes } from "../src/contract/headers";
import { SCENARIO_APPLIED_HEADER, SCENARIO_HEADER, appliedMarker, isImmediate } from "../src/contract/scenarios";
import { chooseScenario, factsOf, immediateAnswer } from "./scenarios/forced";
import { ChangeNotes, watchChanges } from "./store/change-watch";
import { viewOf } from "./store/forwarding-view";

/**
 * The sandbox as one request sees it: when it keeps a traffic record, `facts.sandbox` names it as the one that
 * answered (where the record goes), and its store notes what the request changed into `facts.changes`: the server's
 * store does so itself (it finds the request a write belongs to: TrafficLog.notesScoped); in the browser, the request
 * gets a view of the environment whose store notes its writes. Everything else is the sandbox's own environment, read
 * and written through.
 */
function requestEnv(env: SandboxEnv, facts: RequestFacts): SandboxEnv {
  if (env.traffic === undefined) return env;
  facts.sandbox = env;
  if (env.traffic.notesScoped === true) return env;
  const changes = (facts.changes ??= new ChangeNotes());
  return viewOf(env, { store: watchChanges(env.store, () => changes) });
}

export const CONTROL_PREFIX = "/__sandbox/";

async function answerOperation(request: IncomingRequest, url: URL, env: SandboxEnv, facts: RequestFacts): Promise<Answer> {
  const route = matchRoute(request.method, url.pathname);
  if (route.kind === "unknown-path")
    return failure("RESOURCE_UNKNOWN", `No operation at ${url.pathname}. The operations and their paths are listed in /openapi.json.`);
  if (route.kind === "unknown-product")
    return failure(
      "PRODUCT_UNKNOWN",
      `The payment product ${JSON.stringify(route.product)} is not offered under /v1/${route.service}/; this bank offers ${route.known.join(", ")}.`,
    );
  if (route.kind === "method-not-allowed")
    return failure("SERVICE_INVALID", `${url.pathname} does not take ${request.method}; it takes ${route.allowed.join(", ")}.`, undefined, {
      Allow: route.allowed.join(", "),
    });
  const { operation, params } = route;
  const headers = canonicalHeaders(request.headers);
  const { query, messages } = readQuery(url);
  const body = await readBody(request, operation.body !== undefined);
  const validation = validateRequest(
    operation,
    { headers, params, query, body: body.ok ? body.json : undefined },
    { messages: body.ok ? messages : [...messages, ...body.messages], bodyUnreadable: !body.ok },
  );
  if (!validation.ok) return errorAnswer(validation.messages, validation.headers);
  const signature = await checkSignature(
    env.verifyRequest,
    { method: request.method, target: url.pathname + url.search, headers: request.headers, body: body.ok ? body.text : "" },
    new Date(env.realNow() + env.lastClockOffsetMs),
  );
  if (!signature.ok) {
    facts.signatureRefused = signature.examination;
    return signature.answer;
  }
  facts.signer = signature.signer;
  if (signature.advice) facts.signatureAdvice = signature.advice;
  // After the signature (a forged request uses up no id), before the handler (a refused one changes nothing).
  const stale = dateWindowProblem(request.headers.get("date") ?? undefined, env.realNow(), facts);
  if (stale) return { ...stale, headers: { ...signature.headers, ...stale.headers } };
  const replayed = await replayProblem(
    env.requestIds,
    signature.signer.spkiSha256,
    headers["X-Request-ID"] ?? "",
    env.realNow(),
    request.headers.get("date") ?? undefined,
  );
  if (replayed) return { ...replayed, headers: { ...signature.headers, ...replayed.headers } };
  const valid = validation.value;
  const psuRefusal = await actingPsuRefusal(env, operation, valid.headers as PsuHeaders);
  if (psuRefusal) return errorAnswer(psuRefusal, signature.headers);
  // Only now, with the request as the bank would take it: a scenario never lets a bad or replayed request through.
  const choice = await chooseScenario(
    env,
    factsOf(operation.id, valid.headers as Record<string, unknown>, valid.body),
    request.headers.get(SCENARIO_HEADER) ?? undefined,
  );
  if (!choice.ok) return { ...choice.answer, headers: { ...signature.headers, ...choice.answer.headers } };
  const { forced } = choice;
  const marker: Record<string, string> = forced ? { [SCENARIO_APPLIED_HEADER]: appliedMarker(forced.source, forced.outcome) } : {};
  const immediate = forced && isImmediate(forced.outcome) ? await immediateAnswer(forced) : undefined;
  if (immediate) return { ...immediate, headers: { ...signature.headers, ...immediate.headers, ...marker } };
  const result = await runHandler(operation.id, {
    env,
    origin: url.origin,
    tpp: tppIdOf(signature.signer),
    // Validated with this row's schemas just above, so they are this row's types.
    params: (valid.params ?? {}) as HandlerContext<typeof operation.id>["params"],
    headers: valid.headers as HandlerContext<typeof operation.id>["headers"],
    query: valid.query as HandlerContext<typeof operation.id>["query"],
    body: valid.body as HandlerContext<typeof operation.id>["body"],
    warnings: valid.warnings,
    fixes: parseAcceptFixes(headers["x-accept-fix"]),
    ...(forced && !isImmediate(forced.outcome) ? { scenario: { source: forced.source, outcome: forced.outcome } } : {}),
  });
  // A later outcome is forced only on a payment the initiation created; a refused initiation forced nothing.
  const marked = forced && (isImmediate(forced.outcome) || result.status < 300) ? marker : {};
  return { ...result, headers: { ...signature.headers, ...result.headers, ...marked } };
}

/** The table and the handler map share their ids, so an operation's id finds its own handler. */
const runHandler = <Id extends OperationId>(id: Id, context: HandlerContext<Id>) => handlers[id](context);

/**
 * Never throws: storage that cannot serve is a 503 with Retry-After (unavailable-answer.ts), any other failure a 500
 * that says it is a sandbox bug, not a broken promise; either is reported to env.reportFailure (the server's log).
 */
export function createDispatcher(sandboxEnv: SandboxEnv) {
  /**
   * The answer to a /v1/… or /__sandbox/… request, ready for the wire; undefined for any other path. `facts` is
   * told what answering established (the verified signer), for the caller's log.
   */
  async function answer(request: IncomingRequest, facts: RequestFacts = {}): Promise<WireAnswer | undefined> {
    const url = new URL(request.url);
    const env = requestEnv(sandboxEnv, facts);
    const trick = pathTrickProblem(url.pathname);
    if (trick && (url.pathname.startsWith("/v1/") || url.pathname.startsWith(CONTROL_PREFIX))) return toWire(failure("BAD_REQUEST", trick));
    const isControl = url.pathname.startsWith(CONTROL_PREFIX);
    if (!isControl && !url.pathname.startsWith("/v1/")) return undefined;
    const requestId = request.headers.get("x-request-id");
    const echo: Record<string, string> = requestId ? { "X-Request-ID": requestId } : {};
    try {
      const result = isControl ? await handleControl(request, url, env) : await answerOperation(request, url, env, facts);
      const wire = toWire(result, echo);
      return request.method === "HEAD" ? withoutBody(wire) : wire;
    } catch (error) {
      env.reportFailure?.(error, `${request.method} ${url.pathname}`);
      const unavailable = unavailableAnswer(error);
      if (unavailable) return toWire(unavailable, echo);
      const detail = error instanceof Error ? error.message : String(error);
      return toWire(
        errorAnswer([tppError("SYSTEM_ERROR", `The sandbox failed while answering: ${detail}. This is a sandbox bug; the request changed nothing.`)]),
        echo,
      );
    }
  }
  /** The same, as WHATWG Request → Response (msw, the server's own pages, tests). */
  async function dispatch(request: Request, facts?: RequestFacts): Promise<Response | undefined> {
    const wire = await answer(request, facts);
    return wire && wireResponse(wire);
  }
  return Object.assign(dispatch, { answer });
}

export type Dispatch = ReturnType<typeof createDispatcher>;

/**
 * The sandbox-only routes under /__sandbox/ (clock, batch, explorer, SCA, export/import/reset).
 * They are not part of the interface and carry no signature; their paths, bodies and answers are
 * the control table of the contract (src/contract/control.ts), routed by its one path matcher.
 */
import type { ControlRouteId, ControlRow } from "../../src/contract/control";
import { isControlRoute, matchOperation } from "../../src/contract/paths";
import { issuesToTppMessages, tppError } from "../../src/contract/tpp-messages";
import type { z } from "zod";
import type { IncomingRequest } from "../http/incoming";
import type { SandboxEnv } from "../handlers/types";
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, jsonNestingProblem } from "../http/read-request";
import { errorAnswer, failure, type Answer } from "../http/respond";
import { controlHandlers } from "./handlers";

type Read = { ok: true; value: unknown } | { ok: false; answer: Answer };

/** An import holds a whole sandbox (many thousand values); every other control body a handful. */
async function jsonBody(request: IncomingRequest, maxValues: number): Promise<Read> {
  try {
    const text = await request.text();
    const nesting = jsonNestingProblem(text, MAX_JSON_DEPTH, maxValues);
    if (nesting) return { ok: false, answer: errorAnswer([tppError("FORMAT_ERROR", nesting)]) };
    return { ok: true, value: text.trim() === "" ? {} : (JSON.parse(text) as unknown) };
  } catch (error) {
    return {
      ok: false,
      answer: errorAnswer([tppError("FORMAT_ERROR", `The body is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`)]),
    };
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a control route's handler is given: the parameters, query and body its row describes, validated. */
export interface ControlContext<Id extends ControlRouteId> {
  env: SandboxEnv;
  url: URL;
  params: Out<ControlRow<Id> extends { pathParams: infer P } ? P : undefined>;
  query: Out<ControlRow<Id> extends { query: infer Q } ? Q : undefined>;
  /** A whole sandbox is passed on as read: the store checks it, version by version. */
  body: ControlRow<Id> extends { wholeSandbox: true } ? unknown : Out<ControlRow<Id> extends { body: infer B } ? B : undefined>;
}
export type ControlHandler<Id extends ControlRouteId> = (context: ControlContext<Id>) => Promise<Answer>;
export type ControlHandlers = { [Id in ControlRouteId]: ControlHandler<Id> };

/** The table and the handler map share their ids, so a route's id finds its own handler. */
const runControl = <Id extends ControlRouteId>(id: Id, context: ControlContext<Id>) => controlHandlers[id](context);

/** Checks what the row describes; undefined when it is all valid. */
function check(schema: z.ZodType | undefined, value: unknown, where: "body" | "query"): { ok: true; value: unknown } | { ok: false; answer: Answer } {
  if (!schema) return { ok: true, value: undefined };
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, answer: errorAnswer(issuesToTppMessages(parsed.error.issues, where, value)) };
}

/** Where a client finds the control routes: the OpenAPI document the portal and the server both serve. */
const SEE_ROUTES = 'The control routes are listed under the tag "Sandbox control" of /openapi.json.';

export async function handleControl(request: IncomingRequest, url: URL, env: SandboxEnv): Promise<Answer> {
  const match = matchOperation(request.method, url.pathname, { only: "control" });
  if (match.kind === "method-not-allowed")
    return failure("SERVICE_INVALID", `${url.pathname} takes ${match.allowed.join(", ")}.`, undefined, { Allow: match.allowed.join(", ") });
  if (match.kind === "unknown-path" || !isControlRoute(match.route))
    return failure("RESOURCE_UNKNOWN", `No sandbox control at ${url.pathname} (a % escape in it may be malformed). ${SEE_ROUTES}`);
  const route = match.route;
  // A path parameter outside its values (/__sandbox/sca/other/x) names no control either.
  const params = route.pathParams?.safeParse(match.params);
  if (params && !params.success) return failure("RESOURCE_UNKNOWN", `No sandbox control at ${url.pathname}. ${SEE_ROUTES}`);
  const query = check(route.query, Object.fromEntries(url.searchParams), "query");
  if (!query.ok) return query.answer;
  let body: unknown;
  if (route.body) {
    const read = await jsonBody(request, route.wholeSandbox ? Number.POSITIVE_INFINITY : MAX_JSON_VALUES);
    if (!read.ok) return read.answer;
    const valid = route.wholeSandbox ? read : check(route.body, read.value, "body");
    if (!valid.ok) return valid.answer;
    body = valid.value;
  }
  // Validated with this row's schemas just above, so they are this row's types.
  return runControl(route.id, { env, url, params: params?.data, query: query.value, body } as ControlContext<typeof route.id>);
}

/**
 * The dispatcher of the sandbox-only routes under /__sandbox/ (clock, batch, explorer, SCA,
 * export/import/reset), beside router.ts, which hands them here. They are not part of the interface and
 * carry no signature; their paths, bodies and answers are the control table of the contract
 * (src/contract/control.ts), routed by its one path matcher; their handlers are in control/.
 */
import type { ControlRouteId } from "../src/contract/control";
import { isControlRoute, matchOperation } from "../src/contract/paths";
import { issuesToTppMessages, tppError } from "../src/contract/tpp-messages";
import type { z } from "zod";
import type { IncomingRequest } from "./http/incoming";
import type { SandboxEnv } from "./env/sandbox-env";
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, jsonNestingProblem } from "./http/read-request";
import { errorAnswer, failure, type Answer } from "./env/answer";
import type { ControlContext } from "./control/context";
import { controlHandlers } from "./control/handlers";

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

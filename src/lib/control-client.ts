/**
 * Unsigned JSON calls to the sandbox's own controls (/__sandbox/…), for the explorer, the bank
 * page and the data actions: the path from the control table, the answer parsed with the route's
 * response schema, so a sandbox that answers another shape is an error here, not a wrong screen.
 */
import type { ControlBody, ControlResult, ControlRouteId } from "../contract/control";
import { controlRouteById, hrefOf, type PathParams, type QueryValues } from "../contract/paths";
import { sandboxReady } from "./sandbox";
import { tppMessagesOf } from "./tpp-messages";

type ParamsPart<Id extends ControlRouteId> = PathParams<Id> extends Record<string, never> ? { params?: never } : { params: PathParams<Id> };
type BodyPart<Id extends ControlRouteId> = ControlBody<Id> extends undefined ? { body?: never } : { body: ControlBody<Id> };
export type ControlInput<Id extends ControlRouteId> = ParamsPart<Id> & BodyPart<Id> & { query?: QueryValues };

type Args<Id extends ControlRouteId> = PathParams<Id> extends Record<string, never>
  ? ControlBody<Id> extends undefined
    ? [input?: ControlInput<Id>]
    : [input: ControlInput<Id>]
  : [input: ControlInput<Id>];

export async function sandboxControl<Id extends ControlRouteId>(id: Id, ...[input]: Args<Id>): Promise<ControlResult<Id>> {
  await sandboxReady();
  const route = controlRouteById(id);
  const { params, query, body } = (input ?? {}) as { params?: PathParams<Id>; query?: QueryValues; body?: unknown };
  const response = await fetch(hrefOf(id, params ?? ({} as PathParams<Id>), query), {
    method: route.method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(tppMessagesOf(text).map((message) => message.text).join(" ") || `${String(response.status)} ${response.statusText}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`The sandbox's answer to ${route.method} ${route.path} is not JSON.`);
  }
  const parsed = route.response.safeParse(json);
  if (!parsed.success) throw new Error(`The sandbox's answer to ${route.method} ${route.path} is not what this portal reads: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data as ControlResult<Id>;
}

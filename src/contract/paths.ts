/**
 * The one path API over both tables, the interface's operations and the sandbox's control routes:
 * `hrefOf` builds the path of a row from its parameters, `matchOperation` finds the row a request
 * addressed. Nothing else assembles or matches an interface or control path, so a path changed in
 * a table changes everywhere at once.
 */
import { controlRoutes, type ControlRoute, type ControlRouteId } from "./control";
import { operations, type Operation, type OperationId } from "./operations";
import type { z } from "./zod";

export type Route = Operation | ControlRoute;
export type RouteId = OperationId | ControlRouteId;
type Row<Id extends RouteId> = Extract<(typeof operations)[number] | (typeof controlRoutes)[number], { id: Id }>;
/** The path parameters a row takes, as text; none for a row without any. */
export type PathParams<Id extends RouteId> = Row<Id> extends { pathParams: infer P extends z.ZodType } ? z.input<P> : Record<string, never>;
export type QueryValues = Record<string, string | undefined>;

export const routes: readonly Route[] = [...operations, ...controlRoutes];
export const isControlRoute = (route: Route): route is ControlRoute => route.base === "control";

const byId = new Map<string, Route>(routes.map((route) => [route.id, route]));
export function routeById(id: RouteId): Route {
  const route = byId.get(id);
  if (!route) throw new Error(`No operation or control route ${id}`);
  return route;
}

export function controlRouteById(id: ControlRouteId): ControlRoute {
  const route = routeById(id);
  if (!isControlRoute(route)) throw new Error(`${id} is not a control route`);
  return route;
}

/** The query parameter of a hosted (multi-tenant) server's bank page naming the TPP's sandbox (decision 0039). */
export const BANK_TENANT_PARAMETER = "tenant";

/** The simulated bank's SCA page for a payment or a basket: where an `scaRedirect` link leads; on a hosted server with the tenant. */
export const scaPath = (what: "payment" | "basket", id: string, tenant?: string) =>
  `/bank/authorize/${what}/${encodeURIComponent(id)}${tenant === undefined ? "" : `?${BANK_TENANT_PARAMETER}=${encodeURIComponent(tenant)}`}`;

/** A path template filled in (each value percent-encoded), with the query's non-empty values. */
export function pathOf(route: Pick<Route, "path">, params: Record<string, string | undefined>, query?: QueryValues): string {
  let path = "";
  for (const part of partsOf(route.path)) path += part.name === undefined ? part.text : encodeURIComponent(params[part.name] ?? "");
  if (query === undefined) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== "") search.set(name, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A template cut once into its literal text and its parameters: every answer's links are built from it, so no regex per link. */
type Part = { text: string; name?: undefined } | { name: string };
const templates = new Map<string, readonly Part[]>();
function partsOf(template: string): readonly Part[] {
  let parts = templates.get(template);
  if (parts === undefined) {
    parts = template
      .split(/(\{\w+\})/)
      .filter((piece) => piece !== "")
      .map((piece): Part => {
        const name = /^\{(\w+)\}$/.exec(piece)?.[1];
        return name === undefined ? { text: piece } : { name };
      });
    templates.set(template, parts);
  }
  return parts;
}

/** `hrefOf("getPaymentStatus", { paymentId })` → "/v1/payments/norwegian-domestic-credit-transfers/p%201/status". */
export const hrefOf = <Id extends RouteId>(id: Id, params: PathParams<Id>, query?: QueryValues): string =>
  pathOf(routeById(id), params as Record<string, string>, query);

interface Compiled {
  route: Route;
  pattern: RegExp;
  names: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Any prefix is captured: a base address may carry a path of its own (https://bank.example/psd2).
const compiled: Compiled[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return "([^/]+)";
    })
    .join("");
  return { route, pattern: new RegExp(`^(.*?)${source}/?$`), names };
});

const controlOnly = compiled.filter(({ route }) => isControlRoute(route));
const interfaceOnly = compiled.filter(({ route }) => !isControlRoute(route));

export type PathMatch =
  | { kind: "found"; route: Route; params: Record<string, string>; prefix: string }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "unknown-path" };

export interface MatchOptions {
  /** Only the interface's operations, or only the control routes; both when left out. */
  only?: "interface" | "control";
  /** Allow a prefix before the path (a base address with a path); the sandbox's own routing does not. */
  anyPrefix?: boolean;
  /** Keep an undecodable parameter as sent (the history shows it); the sandbox names nothing by it. */
  keepUndecodable?: boolean;
  /** The id a recorded request was sent as: it wins when it fits. */
  preferred?: string | null | undefined;
}

const decode = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

/** HEAD is GET without the body (RFC 9110 9.3.2): it finds the GET row, and every GET row allows HEAD. */
export function matchOperation(method: string, pathname: string, options: MatchOptions = {}): PathMatch {
  const upper = method.toUpperCase();
  const wanted = upper === "HEAD" ? "GET" : upper;
  const allowed: string[] = [];
  const candidates = options.only === undefined ? compiled : options.only === "control" ? controlOnly : interfaceOnly;
  const preferred = candidates.find(({ route }) => route.id === options.preferred);
  for (const candidate of preferred ? [preferred, ...candidates] : candidates) {
    const found = candidate.pattern.exec(pathname);
    const prefix = found?.[1] ?? "";
    if (!found || (prefix !== "" && !options.anyPrefix)) continue;
    if (candidate.route.method !== wanted) {
      allowed.push(...(candidate.route.method === "GET" ? ["GET", "HEAD"] : [candidate.route.method]));
      continue;
    }
    const params: Record<string, string> = {};
    for (const [index, name] of candidate.names.entries()) {
      const raw = found[index + 2] ?? "";
      const value = decode(raw) ?? (options.keepUndecodable ? raw : undefined);
      if (value === undefined) return { kind: "unknown-path" };
      params[name] = value;
    }
    return { kind: "found", route: candidate.route, params, prefix };
  }
  return allowed.length > 0 ? { kind: "method-not-allowed", allowed: [...new Set(allowed)] } : { kind: "unknown-path" };
}

/** Matches a request path against the operation table; compiled once. */
import { operations, type Operation } from "../../src/contract/operations";

interface CompiledRoute {
  operation: Operation;
  pattern: RegExp;
  names: string[];
}

const compile = (operation: Operation): CompiledRoute => {
  const names: string[] = [];
  const source = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { operation, pattern: new RegExp(`^${source}/?$`), names };
};

const routes = operations.map(compile);

export type RouteMatch =
  | { kind: "operation"; operation: Operation; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "unknown-path" };

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function matchRoute(method: string, pathname: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    if (route.operation.method !== method.toUpperCase()) {
      allowed.push(route.operation.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [index, name] of route.names.entries()) {
      const value = decode(match[index + 1] ?? "");
      if (value === undefined) return { kind: "unknown-path" };
      params[name] = value;
    }
    return { kind: "operation", operation: route.operation, params };
  }
  return allowed.length > 0 ? { kind: "method-not-allowed", allowed } : { kind: "unknown-path" };
}

/** Matches a request path against the operation table, through the contract's one path matcher. */
import { operations, type Operation } from "../../src/contract/operations";
import { isControlRoute, matchOperation } from "../../src/contract/paths";

/**
 * The payment services and the products each offers, read from the table's paths
 * (`/v1/payments/norwegian-domestic-credit-transfers…` → payments: that product). A path that names a
 * service with a product it does not offer is Berlin Group's PRODUCT_UNKNOWN, not an unknown resource.
 */
const productsByService = new Map<string, Set<string>>();
for (const operation of operations) {
  const [, service, product] = /^\/v1\/(payments|periodic-payments)\/([^/{]+)/.exec(operation.path) ?? [];
  if (service && product) productsByService.set(service, (productsByService.get(service) ?? new Set()).add(product));
}
const PRODUCT_PATH = /^\/v1\/([^/]+)\/([^/]+)(?:\/|$)/;

export type RouteMatch =
  | { kind: "operation"; operation: Operation; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "unknown-product"; service: string; product: string; known: string[] }
  | { kind: "unknown-path" };

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** HEAD is GET without the body (RFC 9110 9.3.2): it finds the GET operation. */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const match = matchOperation(method, pathname, { only: "interface" });
  if (match.kind === "found" && !isControlRoute(match.route)) return { kind: "operation", operation: match.route, params: match.params };
  if (match.kind === "method-not-allowed") return match;
  return unknownProduct(pathname) ?? { kind: "unknown-path" };
}

function unknownProduct(pathname: string): RouteMatch | undefined {
  const [, service = "", segment = ""] = PRODUCT_PATH.exec(pathname) ?? [];
  const known = productsByService.get(service);
  const product = decode(segment);
  if (!known || product === undefined || known.has(product)) return undefined;
  return { kind: "unknown-product", service, product, known: [...known] };
}

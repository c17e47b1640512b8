/**
 * From a sent URL back to the operation of the table it addressed: which operation, its path
 * parameters and its query. The history needs it to replay a request through `sendRequest` and to
 * open it in the console; it also reads any link the interface returns (`_links`, `Link`).
 * The matching itself is the contract's one path matcher.
 */
import type { Operation } from "../contract/operations";
import { isControlRoute, matchOperation as matchPath } from "../contract/paths";

export interface OperationMatch {
  operation: Operation;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Path and query without any prefix of the base address: what was signed as (request-target). */
  target: string;
}

/**
 * The operation a request addressed. `preferred` (the id the history recorded) wins when it fits;
 * otherwise the first operation of the table whose method and path template match. A base address
 * may carry a path of its own (https://bank.example/psd2), so any prefix is allowed.
 */
export function matchOperation(method: string, address: string, preferred?: string | null): OperationMatch | undefined {
  let url: URL;
  try {
    url = new URL(address, "http://portal.invalid");
  } catch {
    return undefined;
  }
  // HEAD is never recorded: a request sent as HEAD is not the GET operation here.
  if (method.toUpperCase() === "HEAD") return undefined;
  const match = matchPath(method, url.pathname, { only: "interface", anyPrefix: true, keepUndecodable: true, preferred });
  if (match.kind !== "found" || isControlRoute(match.route)) return undefined;
  const query = Object.fromEntries(url.searchParams.entries());
  return { operation: match.route, params: match.params, query, target: `${url.pathname.slice(match.prefix.length)}${url.search}` };
}

/**
 * A stored request, made ready to go again: for "Copy as curl" (a `Draft` for `signForServer`),
 * for replay (a `RequestInput` for `sendRequest`) and for the console (its address, which loads the
 * recorded headers and body). Which headers go again is `reusableHeaders`'s rule.
 */
import { consoleAddress } from "../../lib/console-address";
import type { Exchange } from "../../lib/exchange";
import type { Draft, RequestInput } from "../../lib/request-draft";
import { reusableHeaders } from "../../lib/reusable-headers";
import { matchOperation, type OperationMatch } from "../../lib/match-operation";

type Stored = Pick<Exchange, "operationId" | "request" | "unsentHeaders">;

export const matchOf = (exchange: Stored): OperationMatch | undefined => matchOperation(exchange.request.method, exchange.request.url, exchange.operationId);

/** The draft a TPP's server would sign to send this request to `origin`. */
export function curlDraft(exchange: Stored, origin: string, requestId: string): Draft {
  const url = new URL(exchange.request.url);
  const target = matchOf(exchange)?.target ?? `${url.pathname}${url.search}`;
  const base = origin.trim().replace(/\/+$/, "");
  return {
    method: exchange.request.method,
    url: `${base}${target}`,
    target,
    headers: reusableHeaders(exchange, requestId),
    ...(exchange.request.body === undefined ? {} : { body: exchange.request.body }),
  };
}

export type ReplayPlan = { ok: true; input: RequestInput } | { ok: false; problem: string };

/** What `sendRequest` needs to send the request again, or why it cannot. */
export function replayInput(exchange: Stored, requestId: string): ReplayPlan {
  const match = matchOf(exchange);
  if (!match)
    return {
      ok: false,
      problem: `${exchange.request.method} ${new URL(exchange.request.url).pathname} is no operation of the interface, so it cannot be sent again from here.`,
    };
  // draftRequest sets Content-Type itself whenever there is a body.
  const headers = Object.fromEntries(Object.entries(reusableHeaders(exchange, requestId)).filter(([name]) => name.toLowerCase() !== "content-type"));
  return {
    ok: true,
    input: {
      operation: match.operation,
      params: match.params,
      query: match.query,
      headers,
      ...(exchange.request.body === undefined ? {} : { body: exchange.request.body }),
    },
  };
}

/** The console's address for this request: its operation, path parameters and query, and the recorded headers and body by its id. */
export function consoleHref(match: OperationMatch, exchangeId: string): string {
  return consoleAddress(match.operation.id, { ...match.query, ...match.params }, { kind: "history", id: exchangeId });
}

/**
 * A request of the sandbox's traffic record as the history's `Exchange`, so that what the portal already does with a
 * request it sent (open it in the console, export it as a Playwright test or a Postman collection) works on a request
 * any client sent: curl, a TPP's back end, the portal itself. Only the headers the operation reads go across, in the
 * contract's spelling: what a browser or an HTTP library adds on its own (User-Agent, Connection, Sec-Fetch-*, …)
 * is the transport's, not the request's.
 */
import { SCENARIO_HEADER } from "../contract/scenarios";
import type { TrafficRecord } from "../contract/traffic";
import type { Exchange } from "./exchange";
import { reasonPhrase } from "./http-status";
import { matchOperation } from "./match-operation";
import { isBrowserForbidden } from "./request-draft";

/** Why a recorded request cannot be sent again as it was, or undefined when it can. */
export function notReplayable(record: Pick<TrafficRecord, "method" | "path" | "operation" | "request">): string | undefined {
  const { body } = record.request;
  if (body.keptBytes < body.bytes)
    return `Its body was kept only up to ${String(body.keptBytes)} of ${String(body.bytes)} bytes (the sandbox's bound), so it cannot be sent again as it was.`;
  if (!matchOperation(record.method, record.path, record.operation))
    return `${record.method} ${record.path} is no operation of the interface (a control route, the bank page or an unknown path), so it has no form in the console and no step in a test.`;
  return undefined;
}

/** The headers of the record the operation reads, named as the contract names them. */
function operationHeaders(record: TrafficRecord, known: readonly string[]): Record<string, string> {
  const byLower = new Map([...known, "Content-Type", SCENARIO_HEADER].map((name) => [name.toLowerCase(), name]));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(record.request.headers)) {
    const spelled = byLower.get(name.toLowerCase());
    if (spelled !== undefined && !isBrowserForbidden(spelled)) headers[spelled] = value;
  }
  return headers;
}

/** The record as an exchange sent to `origin` (the sandbox that received it). */
export function exchangeOfRecord(record: TrafficRecord, origin: string): Exchange {
  const url = `${origin.replace(/\/+$/, "")}${record.path}${record.query === "" ? "" : `?${record.query}`}`;
  const match = matchOperation(record.method, url, record.operation);
  const { body } = record.request;
  return {
    id: record.id,
    sentAt: Date.parse(record.at),
    operationId: match?.operation.id ?? null,
    request: {
      method: record.method,
      url,
      headers: match ? operationHeaders(record, Object.keys(match.operation.headers.shape)) : record.request.headers,
      ...(body.bytes === 0 ? {} : { body: body.text }),
    },
    unsentHeaders: {},
    response: {
      status: record.status,
      statusText: reasonPhrase(record.status, ""),
      headers: record.response.headers,
      body: record.response.body.text,
      durationMs: record.ms,
    },
  };
}

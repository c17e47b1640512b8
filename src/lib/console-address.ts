/**
 * The console's address for an operation: its path parameters and query in the search, and, when
 * it opens a request from the history or the sandbox's traffic record, that request's id (the console
 * then loads its headers and body). The history and Traffic views build these addresses; the console reads them.
 */
import type { OperationId } from "../contract/operations";

/** Not a parameter of any operation (none has a hyphen in its name), so it never mixes with the query. */
export const FROM_HISTORY = "from-history";

/** Not a parameter of any operation either: the console opens a request of the sandbox's traffic record (its id). */
export const FROM_TRAFFIC = "from-traffic";

/** Where a request the console opens was recorded: the portal's history, or the sandbox's traffic record. */
export interface RecordedSource {
  kind: "history" | "traffic";
  id: string;
}

/**
 * "Try it" from a reference page: open the operation's example. When the user has a draft of that
 * operation, the console asks before replacing it (decision 0034-reference-examples-try-it-and-search).
 */
export const FROM_REFERENCE = "from-reference";

/** Markers of where the console was opened from: never path parameters or query of the request. */
export const ADDRESS_MARKERS: readonly string[] = [FROM_HISTORY, FROM_TRAFFIC, FROM_REFERENCE];

export const tryItAddress = (id: OperationId) => `/try/${id}?${FROM_REFERENCE}`;

const MARKER_OF = { history: FROM_HISTORY, traffic: FROM_TRAFFIC } as const;

export function consoleAddress(id: OperationId, values: Record<string, string> = {}, recorded?: RecordedSource): string {
  const search = new URLSearchParams({ ...values, ...(recorded === undefined ? {} : { [MARKER_OF[recorded.kind]]: recorded.id }) }).toString();
  return `/try/${id}${search ? `?${search}` : ""}`;
}

/** Which recorded request the console's address opens, if any. */
export function recordedSourceOf(search: URLSearchParams): RecordedSource | undefined {
  const history = search.get(FROM_HISTORY);
  if (history !== null) return { kind: "history", id: history };
  const traffic = search.get(FROM_TRAFFIC);
  return traffic === null ? undefined : { kind: "traffic", id: traffic };
}

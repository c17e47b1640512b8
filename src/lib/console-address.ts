/**
 * The console's address for an operation: its path parameters and query in the search, and, when
 * it opens a request from the history, that request's id (the console then loads its headers and
 * body). The history builds these addresses; the console reads them.
 */
import type { OperationId } from "../contract/operations";

/** Not a parameter of any operation (none has a hyphen in its name), so it never mixes with the query. */
export const FROM_HISTORY = "from-history";

/**
 * "Try it" from a reference page: open the operation's example. When the user has a draft of that
 * operation, the console asks before replacing it (decision 0034-reference-examples-try-it-and-search).
 */
export const FROM_REFERENCE = "from-reference";

/** Markers of where the console was opened from: never path parameters or query of the request. */
export const ADDRESS_MARKERS: readonly string[] = [FROM_HISTORY, FROM_REFERENCE];

export const tryItAddress = (id: OperationId) => `/try/${id}?${FROM_REFERENCE}`;

export function consoleAddress(id: OperationId, values: Record<string, string> = {}, historyId?: string): string {
  const search = new URLSearchParams({ ...values, ...(historyId === undefined ? {} : { [FROM_HISTORY]: historyId }) }).toString();
  return `/try/${id}${search ? `?${search}` : ""}`;
}

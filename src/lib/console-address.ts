/**
 * The console's address for an operation: its path parameters and query in the search, and, when
 * it opens a request from the history, that request's id (the console then loads its headers and
 * body). The history builds these addresses; the console reads them.
 */
import type { OperationId } from "../contract/operations";

/** Not a parameter of any operation (none has a hyphen in its name), so it never mixes with the query. */
export const FROM_HISTORY = "from-history";

export function consoleAddress(id: OperationId, values: Record<string, string> = {}, historyId?: string): string {
  const search = new URLSearchParams({ ...values, ...(historyId === undefined ? {} : { [FROM_HISTORY]: historyId }) }).toString();
  return `/try/${id}${search ? `?${search}` : ""}`;
}

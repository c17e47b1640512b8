/** Error answers of the server itself (not the dispatcher's): the interface's tppMessages body. */
import type { ErrorCode } from "../../src/contract/errors";
import { tppError } from "../../src/contract/tpp-messages";

/**
 * A tppMessages error with an explicit HTTP status: these are transport-level refusals (413 for a
 * body over the limit, 400 for an unreadable request line), outside the contract's code table.
 */
export function jsonError(status: number, code: ErrorCode, text: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ tppMessages: [tppError(code, text)] }), {
    status,
    headers: { ...headers, "Content-Type": "application/json" },
  });
}

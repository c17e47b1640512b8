/**
 * A store that cannot serve now (StoreUnavailable: its connections all taken and the queue for them full, the
 * database unreachable, the disk full) is no sandbox bug: the answer is a 503 with Retry-After and the error's
 * own text, which holds no configuration or internals (those are in its cause, for the server's log).
 */
import { tppError } from "../../src/contract/tpp-messages";
import { StoreUnavailable } from "../store/store-errors";
import { errorAnswer, type Answer } from "./respond";

/** The 503 for a StoreUnavailable; undefined for any other error. */
export function unavailableAnswer(error: unknown): Answer | undefined {
  if (!(error instanceof StoreUnavailable)) return undefined;
  return { ...errorAnswer([tppError("SYSTEM_ERROR", error.message)]), status: 503, headers: { "Retry-After": String(error.retryAfterSeconds) } };
}

/**
 * The one answer to storage that cannot serve now (StoreUnavailable, or a database error that means the
 * same): 503 with Retry-After, and a text that names the storage as unavailable and says how to retry,
 * never an address, URL, file path or driver text (the server logs those). Every place a store failure
 * can surface answers with this (the dispatcher, the server's edge); "This is a sandbox bug" is for bugs.
 */
import { tppError } from "../../src/contract/tpp-messages";
import { storeUnavailableOf } from "../store/unavailable";
import { errorAnswer, type Answer } from "../env/answer";

export function unavailableAnswer(error: unknown): Answer | undefined {
  const unavailable = storeUnavailableOf(error);
  if (unavailable === undefined) return undefined;
  const seconds = String(unavailable.retryAfterSeconds);
  const kept = unavailable.changedNothing
    ? " This request was not carried out."
    : " A change (a payment, a cancellation) may have been kept if the storage failed while confirming it: check before sending it again.";
  const text = `${unavailable.message} Nothing is wrong with your request: try it again in ${seconds} s (Retry-After), signed anew with a new X-Request-ID.${kept}`;
  return errorAnswer([tppError("SERVICE_UNAVAILABLE", text)], { "Retry-After": seconds });
}

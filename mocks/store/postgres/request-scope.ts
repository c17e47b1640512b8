/**
 * What belongs to a request already under way, found by the work it started wherever that runs (AsyncLocalStorage):
 *
 * - Which database work is the request's. A server refuses a request at the door when its connections are all taken
 *   and too many wait (connection-gate.ts), but a request whose first unit was served may have changed something (its
 *   request id claimed, a clock advanced): its later units wait in line before any new request's, and are never
 *   refused for the queue's length or a long wait. Refused half way, a request would leave its change made and be
 *   answered 503, and its retry (with a new X-Request-ID) would make the change twice.
 * - Where its changes are noted (its RequestFacts, http/incoming.ts): a recording sandbox's store notes what each write
 *   changed there (change-watch.ts), with no view of the store made for every request (decision 0064).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ChangeNotes } from "../change-watch";

/** What a request's changes are noted into: its facts, as far as this layer sees them. */
export interface NotedRequest {
  changes?: ChangeNotes;
}

interface Scope {
  /** A unit of this request has had a connection. */
  served: boolean;
  noted: NotedRequest | undefined;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs one request's work in a scope of its own (the server does it for every request), its changes noted into `noted`. */
export const inRequestScope = <T>(work: () => T, noted?: NotedRequest): T => scopes.run({ served: false, noted }, work);

/** Whether the work asking now belongs to a request that has already been served a connection. */
export const continuesRequest = (): boolean => scopes.getStore()?.served === true;

/** Notes that the work asking now (if it belongs to a request) has been served. */
export function markServed(): void {
  const scope = scopes.getStore();
  if (scope) scope.served = true;
}

/** Where the request the work asking now belongs to notes its changes; undefined outside a request (a scheduled batch run). */
export const requestNoted = (): NotedRequest | undefined => scopes.getStore()?.noted;

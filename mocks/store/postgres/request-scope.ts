/**
 * Which database work belongs to a request already under way. A server refuses a request at the door when its
 * connections are all taken and too many wait (connection-gate.ts), but a request whose first unit was served may
 * have changed something (its request id claimed, a clock advanced): its later units wait in line before any new
 * request's, and are never refused for the queue's length or a long wait. Refused half way, a request would leave its
 * change made and be answered 503, and its retry (with a new X-Request-ID) would make the change twice.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface Scope {
  /** A unit of this request has had a connection. */
  served: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs one request's work in a scope of its own (the server does it for every request). */
export const inRequestScope = <T>(work: () => T): T => scopes.run({ served: false }, work);

/** Whether the work asking now belongs to a request that has already been served a connection. */
export const continuesRequest = (): boolean => scopes.getStore()?.served === true;

/** Notes that the work asking now (if it belongs to a request) has been served. */
export function markServed(): void {
  const scope = scopes.getStore();
  if (scope) scope.served = true;
}

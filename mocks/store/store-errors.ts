/**
 * Errors of store calls, made to say what happened. The one that matters most: a call on a
 * transaction IndexedDB has already committed, because the work awaited something that is not a
 * store request (a timer, fetch, crypto.subtle, another transaction): IndexedDB commits as soon as
 * a transaction has no pending request.
 */

export const FOREIGN_AWAIT_HINT =
  "Inside read/write, await only this transaction's own store calls: awaiting anything else (fetch, a timer, " +
  "crypto.subtle, another read/write) is not a store request and lets IndexedDB commit the transaction early; " +
  "whatever was written before that await stays written. Do that work before calling read/write.";

/** Work went on after its transaction had committed: it awaited something that is not a store request. */
export class ForeignAwaitError extends Error {
  override name = "ForeignAwaitError";
}

const isDomException = (error: unknown): error is DOMException => typeof DOMException !== "undefined" && error instanceof DOMException;

/**
 * A store call's error, naming the call. IndexedDB's DOMExceptions get the method in their
 * message and keep their name (ConstraintError, …); other errors (the adapter's own) pass as they are.
 */
export function explainStoreError(method: string, error: unknown): unknown {
  if (!isDomException(error)) return error;
  if (error.name === "TransactionInactiveError" || error.name === "InvalidStateError")
    return new ForeignAwaitError(
      `${method}: the store transaction is no longer active (it committed while work awaited something that is not a store request). ${FOREIGN_AWAIT_HINT}`,
      {
        cause: error,
      },
    );
  const explained = new Error(`${method}: ${error.name}${error.message ? `: ${error.message}` : ""}`, { cause: error });
  explained.name = error.name;
  return explained;
}

/**
 * The same API, each method's failure explained by explainStoreError. IndexedDB's own failures
 * (those that abort the transaction) are also passed to `noted`.
 */
export function explained<Api extends object>(api: Api, noted: (error: unknown) => void = () => undefined): Api {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(api)) {
    if (typeof value !== "function") {
      wrapped[name] = value;
      continue;
    }
    const method = value as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (error) {
        const explanation = explainStoreError(name, error);
        if (isDomException(error)) noted(explanation);
        throw explanation;
      }
    };
  }
  return wrapped as Api;
}

/** Why a store cannot serve a request now; none of them is a sandbox bug. */
export type StoreUnavailableReason = "busy" | "unreachable" | "full";

/**
 * The store cannot serve now: the server's database connections are all taken and the wait queue is
 * full ("busy"), the database cannot be reached or refuses ("unreachable"), or the disk or database is
 * full ("full"). The answer is a 503 with Retry-After that names the storage as unavailable; the
 * message is for the client, so it never holds configuration (a URL, a path) or internals: those go
 * in `cause`, for the server's log.
 */
export class StoreUnavailable extends Error {
  override name = "StoreUnavailable";
  /** Refused before the request's first unit of work (a server's connection budget): it changed nothing. */
  readonly changedNothing: boolean;
  constructor(
    readonly reason: StoreUnavailableReason,
    readonly retryAfterSeconds: number,
    message: string,
    options?: ErrorOptions & { changedNothing?: boolean },
  ) {
    super(message, options);
    this.changedNothing = options?.changedNothing === true;
  }
}

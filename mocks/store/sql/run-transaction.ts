/**
 * One unit of work = one SQL transaction, with the IndexedDB adapter's rules (docs/storage.md):
 * the result comes back once the transaction has committed; if the work throws, or any store call
 * failed (even one the work caught), everything is rolled back and the first error comes back.
 *
 * Every store call is tracked: commit or rollback waits until the calls the work started have
 * settled, so a call it did not await still runs inside the transaction (and is rolled back with
 * it), never after it on the shared connection. A call made after the end is refused.
 */
import type { Db, Hold } from "./db";
import { explainSqlError, isDatabaseFailure } from "./sql-errors";

export const CLOSED_MESSAGE = "The sandbox store is closed (close() was called).";

export async function runTransaction<Api extends object, T>(
  hold: Hold,
  bind: (tx: Db) => Api & { beforeCommit?: () => Promise<void> },
  work: (api: Api) => Promise<T>,
): Promise<T> {
  return hold(async (tx) => {
    const inFlight = new Set<Promise<unknown>>();
    const failures: unknown[] = [];
    let active = true;
    const bound = bind(tx);
    const api = tracked<Api>(bound, {
      isActive: () => active,
      started: (call) => {
        inFlight.add(call);
        void call.then(
          () => inFlight.delete(call),
          () => inFlight.delete(call),
        );
      },
      failed: (error) => failures.push(error),
    });
    const settle = async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      active = false;
    };
    let result: T;
    try {
      result = await work(api);
    } catch (error) {
      await settle();
      throw error;
    }
    await settle();
    if (failures.length > 0) throw failures[0];
    // What the adapter writes once per transaction (the seq counter), inside it, after the work's own calls.
    if (bound.beforeCommit) {
      try {
        await bound.beforeCommit();
      } catch (error) {
        throw isDatabaseFailure(error) ? explainSqlError("write", error) : error;
      }
    }
    return result;
  });
}

interface Tracking {
  isActive: () => boolean;
  started: (call: Promise<unknown>) => void;
  failed: (error: unknown) => void;
}

/** The same API, each call tracked, its failure explained (naming the call) and noted. */
function tracked<Api extends object>(api: Api, tracking: Tracking): Api {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(api)) {
    if (typeof value !== "function") {
      wrapped[name] = value;
      continue;
    }
    const method = value as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = (...args: unknown[]) => {
      if (!tracking.isActive())
        return Promise.reject(new Error(`${name}: the store transaction has already ended; make every store call inside read/write and await it there.`));
      const call = (async () => {
        try {
          return await method(...args);
        } catch (error) {
          if (!isDatabaseFailure(error)) throw error;
          const explained = explainSqlError(name, error);
          tracking.failed(explained);
          throw explained;
        }
      })();
      tracking.started(call);
      return call;
    };
  }
  return wrapped as Api;
}

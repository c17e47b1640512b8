/**
 * One unit of work = one IndexedDB transaction over every store. The result is returned once the
 * transaction has completed; if the work throws, the transaction is aborted (nothing written) and
 * the work's own error is rethrown, not IndexedDB's AbortError.
 */
import type { IDBPDatabase, IDBPTransaction } from "idb";
import { storeNames, type SandboxDB, type StoreName } from "./schema";
import { FOREIGN_AWAIT_HINT, ForeignAwaitError } from "../store-errors";

type Tx<Mode extends IDBTransactionMode> = IDBPTransaction<SandboxDB, StoreName[], Mode>;

function abortQuietly(tx: Tx<IDBTransactionMode>): void {
  try {
    tx.abort();
  } catch {
    // Already finished: aborted by a failed request, or committed.
  }
}

export async function runTransaction<Mode extends "readonly" | "readwrite", Api, T>(
  db: IDBPDatabase<SandboxDB>,
  mode: Mode,
  /** The API over the transaction; it reports each failed store call to `noteFailure`. */
  bind: (tx: Tx<Mode>, noteFailure: (error: unknown) => void) => Api,
  work: (api: Api) => Promise<T>,
): Promise<T> {
  let tx: Tx<Mode>;
  try {
    // Relaxed durability: the browser need not flush to disk before reporting a commit. A sandbox
    // can lose its last write to an OS crash (never to a closed tab), and gains several ms a write.
    tx = db.transaction([...storeNames], mode, { durability: "relaxed" });
  } catch (error) {
    throw new Error("The sandbox store is closed (close() was called, or another tab upgraded the database; reload this one).", { cause: error });
  }
  const state = { committed: false };
  const done = tx.done.then(() => {
    state.committed = true;
  });
  done.catch(() => undefined); // observed below; never an unhandled rejection

  const failures: unknown[] = [];
  let result: T;
  try {
    result = await work(bind(tx, (error) => failures.push(error)));
  } catch (error) {
    if (error instanceof ForeignAwaitError) throw error;
    if (state.committed && mode === "readwrite")
      throw new ForeignAwaitError(`The write failed after its transaction had already committed, so it could not be rolled back. ${FOREIGN_AWAIT_HINT}`, {
        cause: error,
      });
    abortQuietly(tx);
    await done.catch(() => undefined);
    throw error;
  }
  // A failed request aborts the transaction even when the work caught its error: report that
  // request's error rather than IndexedDB's bare AbortError.
  await done.catch((error: unknown) => {
    throw failures[0] ?? error;
  });
  return result;
}

/**
 * The replay guard's store (schema version 2): one entry per (TPP key fingerprint, X-Request-ID),
 * claimed in a transaction of its own over that store alone, so it never waits for (or holds up)
 * the sandbox's data transactions. An entry counts until its expiry; the clean-up walks the first-use
 * index, so one kept for less than REQUEST_ID_RETENTION_MS (a dated request's, which a browser never
 * sends) is removed no sooner than that, and counts as new from its expiry on.
 */
import type { IDBPDatabase } from "idb";
import { REQUEST_ID_RETENTION_MS, type RequestIdClaim } from "../port";
import { REQUEST_IDS_STORE, type SandboxDB } from "./schema";

/** Each claim forgets at most this many expired entries: the cost of a claim stays bounded however many have expired. */
export const MAX_FORGOTTEN_PER_CLAIM = 16;

/** Until when an entry counts: its expiry, or (an entry of schema version 1, without one) 7 days after its first use. */
const keptUntil = (entry: { firstUsedAt: number; expiresAt?: number }) => entry.expiresAt ?? entry.firstUsedAt + REQUEST_ID_RETENTION_MS;

/** The entry of a claimed id still kept at `at`, read without claiming it. */
export async function requestIdUsed(db: IDBPDatabase<SandboxDB>, tppKey: string, requestId: string, at: number): Promise<RequestIdClaim | undefined> {
  const seen = await db.get(REQUEST_IDS_STORE, [tppKey, requestId]);
  return seen && keptUntil(seen) >= at ? { firstUsedAt: seen.firstUsedAt } : undefined;
}

export async function claimRequestId(
  db: IDBPDatabase<SandboxDB>,
  tppKey: string,
  requestId: string,
  at: number,
  keepUntil = at + REQUEST_ID_RETENTION_MS,
): Promise<RequestIdClaim | undefined> {
  if (!Number.isSafeInteger(at) || at < 0) throw new RangeError(`claimRequestId: at must be epoch milliseconds, not ${String(at)}.`);
  if (!Number.isSafeInteger(keepUntil) || keepUntil < at)
    throw new RangeError(`claimRequestId: keepUntil must be epoch milliseconds from at on, not ${String(keepUntil)}.`);
  const tx = db.transaction(REQUEST_IDS_STORE, "readwrite");
  const store = tx.objectStore(REQUEST_IDS_STORE);
  const expiredBefore = at - REQUEST_ID_RETENTION_MS;
  const claim = (async (): Promise<RequestIdClaim | undefined> => {
    const seen = await store.get([tppKey, requestId]);
    // An entry past its expiry counts as forgotten, whether or not it has been removed yet.
    if (seen && keptUntil(seen) >= at) return { firstUsedAt: seen.firstUsedAt };
    await store.put({ tppKey, requestId, firstUsedAt: at, expiresAt: keepUntil });
    let forgotten = 0;
    for (
      let cursor = await store.index("firstUsedAt").openCursor(IDBKeyRange.upperBound(expiredBefore, true));
      cursor && forgotten < MAX_FORGOTTEN_PER_CLAIM;
      cursor = await cursor.continue()
    ) {
      await cursor.delete();
      forgotten++;
    }
    return undefined;
  })().catch((error: unknown) => {
    // Nothing half-claimed: a failure rolls the claim back.
    try {
      tx.abort();
    } catch {
      // Already finished.
    }
    throw error;
  });
  const [result] = await Promise.all([claim, tx.done]);
  return result;
}

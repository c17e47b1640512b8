/**
 * The replay guard's memory (SandboxStore.claimRequestId): which request ids each TPP certificate
 * has used, and when. Each claim commits before it answers. Expired entries are forgotten a bounded
 * number at a time (at most 64, every 16th claim), so no claim pays for a backlog; an expired entry still there counts as
 * new (it is renewed), so what a claim answers never depends on how far the clean-up has got.
 */
import type { Insertable, Kysely } from "kysely";
import { REQUEST_ID_RETENTION_MS, type RequestIdClaim } from "../port";
import type { SandboxTables } from "./tables";

/** Expired entries removed by one clean-up, at most; a clean-up runs every PRUNE_EVERY claims. */
export const EXPIRED_PER_CLAIM = 64;
const PRUNE_EVERY = 16;
/** Claims since the last clean-up, per database. */
const claimsSincePrune = new WeakMap<object, number>();

/** Whether this claim is the one in PRUNE_EVERY that forgets expired entries (counted per `database`: the store's, not a unit's). */
export function claimPrunes(database: object): boolean {
  const claims = (claimsSincePrune.get(database) ?? 0) + 1;
  claimsSincePrune.set(database, claims % PRUNE_EVERY);
  return claims >= PRUNE_EVERY;
}

export function checkClaimTime(at: number): void {
  if (!Number.isSafeInteger(at) || at < 0) throw new RangeError(`claimRequestId: at must be epoch milliseconds, not ${String(at)}.`);
}

/** The insert of a new id, which does nothing on a known one (SQLite's store also runs it prepared: sqlite-store.ts). */
export const insertClaim = (db: Kysely<SandboxTables>, claim: ClaimRow) =>
  db
    .insertInto("request_ids")
    .values(claim)
    .onConflict((conflict) => conflict.columns(["tpp_key", "request_id"]).doNothing());
export type ClaimRow = Insertable<SandboxTables["request_ids"]>;
export const CLAIM_COLUMNS = ["tpp_key", "request_id", "first_used_at"] as const;

async function forgetExpired(db: Kysely<SandboxTables>, expiredBefore: number): Promise<void> {
  const expired = await db
    .selectFrom("request_ids")
    .select(["tpp_key", "request_id"])
    .where("first_used_at", "<", expiredBefore)
    .orderBy("first_used_at")
    .limit(EXPIRED_PER_CLAIM)
    .execute();
  if (expired.length > 0)
    await db
      .deleteFrom("request_ids")
      .where((eb) => eb.or(expired.map((entry) => eb.and([eb("tpp_key", "=", entry.tpp_key), eb("request_id", "=", entry.request_id)]))))
      .where("first_used_at", "<", expiredBefore)
      .execute();
}

/**
 * One statement for a new id (an insert that does nothing on a known one): every signed request
 * claims its id, so the common case must cost one autocommitted insert, not a transaction of four.
 */
export async function claimRequestId(
  db: Kysely<SandboxTables>,
  tppKey: string,
  requestId: string,
  at: number,
  prunes: boolean,
): Promise<RequestIdClaim | undefined> {
  checkClaimTime(at);
  const expiredBefore = at - REQUEST_ID_RETENTION_MS;
  if (prunes) await forgetExpired(db, expiredBefore);

  const inserted = await insertClaim(db, { tpp_key: tppKey, request_id: requestId, first_used_at: at }).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return undefined;

  const seen = await db.selectFrom("request_ids").select("first_used_at").where("tpp_key", "=", tppKey).where("request_id", "=", requestId).executeTakeFirst();
  if (seen === undefined) return claimRequestId(db, tppKey, requestId, at, false); // expired and forgotten between the two statements: claim it anew
  if (seen.first_used_at >= expiredBefore) return { firstUsedAt: seen.first_used_at };
  // Past its retention but not yet forgotten: renewed by exactly one claim (the update that changes it).
  const renewed = await db
    .updateTable("request_ids")
    .set({ first_used_at: at })
    .where("tpp_key", "=", tppKey)
    .where("request_id", "=", requestId)
    .where("first_used_at", "<", expiredBefore)
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) === 1) return undefined;
  const now = await db.selectFrom("request_ids").select("first_used_at").where("tpp_key", "=", tppKey).where("request_id", "=", requestId).executeTakeFirst();
  return now === undefined ? undefined : { firstUsedAt: now.first_used_at };
}

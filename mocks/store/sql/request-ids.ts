/**
 * The replay guard's memory (SandboxStore.claimRequestId): which request ids each TPP (its signing key)
 * has used, when, and until when each is kept (a dated request's until its Date's window has closed,
 * an undated one's for 7 days; request-guard.ts). Each claim commits before it answers. Expired entries are forgotten a bounded
 * number at a time (at most 64, every 16th claim), so no claim pays for a backlog; once a clean-up
 * finds fewer than that, the next waits a second (of the claims' time), so a server with nothing
 * expired does not look for it on every 16th request. An expired entry still there counts as new
 * (it is renewed), so what a claim answers never depends on how far the clean-up has got.
 */
import type { Expression, ExpressionBuilder, Insertable, Kysely, SqlBool } from "kysely";
import { REQUEST_ID_RETENTION_MS, type RequestIdClaim } from "../port";
import type { SandboxTables } from "./tables";

/** Expired entries removed by one clean-up, at most; a clean-up runs every PRUNE_EVERY claims. */
export const EXPIRED_PER_CLAIM = 64;
const PRUNE_EVERY = 16;
/** After a clean-up that left nothing expired: how long (claim time, ms) before the next. */
export const PRUNE_QUIET_MS = 1000;

interface PruneState {
  claims: number;
  quietUntil: number;
}
/** Per database (the store's, not a unit's). */
const pruning = new WeakMap<object, PruneState>();

/** Whether this claim forgets expired entries: every PRUNE_EVERY-th, outside a quiet second. */
export function claimPrunes(database: object, at: number): boolean {
  let state = pruning.get(database);
  if (state === undefined) pruning.set(database, (state = { claims: 0, quietUntil: -Infinity }));
  if (at < state.quietUntil) return false;
  state.claims = (state.claims + 1) % PRUNE_EVERY;
  return state.claims === 0;
}

function pruned(database: object, at: number, forgotten: number): void {
  const state = pruning.get(database);
  if (state !== undefined && forgotten < EXPIRED_PER_CLAIM) state.quietUntil = at + PRUNE_QUIET_MS;
}

export function checkClaimTime(at: number, keepUntil: number): void {
  if (!Number.isSafeInteger(at) || at < 0) throw new RangeError(`claimRequestId: at must be epoch milliseconds, not ${String(at)}.`);
  if (!Number.isSafeInteger(keepUntil) || keepUntil < at)
    throw new RangeError(`claimRequestId: keepUntil must be epoch milliseconds from at on, not ${String(keepUntil)}.`);
}

/** The insert of a new id, which does nothing on a known one (SQLite's store also runs it prepared: sqlite-store.ts). */
export const insertClaim = (db: Kysely<SandboxTables>, claim: ClaimRow) =>
  db
    .insertInto("request_ids")
    .values(claim)
    .onConflict((conflict) => conflict.columns(["tpp_key", "request_id"]).doNothing());
export type ClaimRow = Insertable<SandboxTables["request_ids"]>;
export const CLAIM_COLUMNS = ["tpp_key", "request_id", "first_used_at", "expires_at"] as const;

/** Until when a row is kept: its own expiry, or (a row of version 1, without one) 7 days after first use. */
const keptUntil = (row: { first_used_at: number; expires_at: number | null }) => row.expires_at ?? row.first_used_at + REQUEST_ID_RETENTION_MS;

/** Rows past their expiry at `at`: with one (indexed), or without one and first used 7 days before (indexed too). */
const expiredAt =
  (at: number) =>
  (eb: ExpressionBuilder<SandboxTables, "request_ids">): Expression<SqlBool> =>
    eb.or([eb("expires_at", "<", at), eb.and([eb("expires_at", "is", null), eb("first_used_at", "<", at - REQUEST_ID_RETENTION_MS)])]);

async function forgetExpired(db: Kysely<SandboxTables>, at: number): Promise<number> {
  const dated = await db
    .selectFrom("request_ids")
    .select(["tpp_key", "request_id"])
    .where("expires_at", "<", at)
    .orderBy("expires_at")
    .limit(EXPIRED_PER_CLAIM)
    .execute();
  const undated = await db
    .selectFrom("request_ids")
    .select(["tpp_key", "request_id"])
    .where("expires_at", "is", null)
    .where("first_used_at", "<", at - REQUEST_ID_RETENTION_MS)
    .orderBy("first_used_at")
    .limit(EXPIRED_PER_CLAIM - dated.length)
    .execute();
  const expired = [...dated, ...undated];
  if (expired.length > 0)
    await db
      .deleteFrom("request_ids")
      .where((eb) => eb.or(expired.map((entry) => eb.and([eb("tpp_key", "=", entry.tpp_key), eb("request_id", "=", entry.request_id)]))))
      .where(expiredAt(at))
      .execute();
  return expired.length;
}

/** The row of a claimed id still kept at `at`, read without claiming it. */
export async function requestIdUsed(db: Kysely<SandboxTables>, tppKey: string, requestId: string, at: number): Promise<RequestIdClaim | undefined> {
  const seen = await db
    .selectFrom("request_ids")
    .select(["first_used_at", "expires_at"])
    .where("tpp_key", "=", tppKey)
    .where("request_id", "=", requestId)
    .executeTakeFirst();
  return seen !== undefined && keptUntil(seen) >= at ? { firstUsedAt: seen.first_used_at } : undefined;
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
  keepUntil: number,
  /** The store's database, when this claim is one that cleans up (claimPrunes). */
  prunesFor?: object,
): Promise<RequestIdClaim | undefined> {
  checkClaimTime(at, keepUntil);
  if (prunesFor !== undefined) pruned(prunesFor, at, await forgetExpired(db, at));

  const inserted = await insertClaim(db, { tpp_key: tppKey, request_id: requestId, first_used_at: at, expires_at: keepUntil }).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return undefined;

  const row = () =>
    db.selectFrom("request_ids").select(["first_used_at", "expires_at"]).where("tpp_key", "=", tppKey).where("request_id", "=", requestId).executeTakeFirst();
  const seen = await row();
  if (seen === undefined) return claimRequestId(db, tppKey, requestId, at, keepUntil); // expired and forgotten between the two statements: claim it anew
  if (keptUntil(seen) >= at) return { firstUsedAt: seen.first_used_at };
  // Past its expiry but not yet forgotten: renewed by exactly one claim (the update that changes it).
  const renewed = await db
    .updateTable("request_ids")
    .set({ first_used_at: at, expires_at: keepUntil })
    .where("tpp_key", "=", tppKey)
    .where("request_id", "=", requestId)
    .where(expiredAt(at))
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) === 1) return undefined;
  const now = await row();
  return now === undefined ? undefined : { firstUsedAt: now.first_used_at };
}

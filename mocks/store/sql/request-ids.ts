/**
 * The replay guard's memory (SandboxStore.claimRequestId): which request ids each TPP certificate
 * has used, and when. Each claim is its own committed transaction. Expired entries are forgotten a
 * bounded number per claim, so no claim pays for a backlog; an expired entry still there counts as
 * new (it is renewed), so what a claim answers never depends on how far the clean-up has got.
 */
import type { Kysely } from "kysely";
import { REQUEST_ID_RETENTION_MS, type RequestIdClaim } from "../port";
import type { SandboxTables } from "./tables";

/** Expired entries removed per claim, at most. */
export const EXPIRED_PER_CLAIM = 64;

export async function claimRequestId(db: Kysely<SandboxTables>, tppKey: string, requestId: string, at: number): Promise<RequestIdClaim | undefined> {
  if (!Number.isSafeInteger(at) || at < 0) throw new RangeError(`claimRequestId: at must be epoch milliseconds, not ${String(at)}.`);
  const expiredBefore = at - REQUEST_ID_RETENTION_MS;
  return db.transaction().execute(async (tx) => {
    const expired = await tx
      .selectFrom("request_ids")
      .select(["tpp_key", "request_id"])
      .where("first_used_at", "<", expiredBefore)
      .orderBy("first_used_at")
      .limit(EXPIRED_PER_CLAIM)
      .execute();
    if (expired.length > 0)
      await tx
        .deleteFrom("request_ids")
        .where((eb) => eb.or(expired.map((entry) => eb.and([eb("tpp_key", "=", entry.tpp_key), eb("request_id", "=", entry.request_id)]))))
        .execute();

    const seen = await tx
      .selectFrom("request_ids")
      .select("first_used_at")
      .where("tpp_key", "=", tppKey)
      .where("request_id", "=", requestId)
      .executeTakeFirst();
    if (seen !== undefined && seen.first_used_at >= expiredBefore) return { firstUsedAt: seen.first_used_at };
    await tx
      .insertInto("request_ids")
      .values({ tpp_key: tppKey, request_id: requestId, first_used_at: at })
      .onConflict((conflict) => conflict.columns(["tpp_key", "request_id"]).doUpdateSet({ first_used_at: at }))
      .execute();
    return undefined;
  });
}

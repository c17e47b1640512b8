/**
 * The id buckets as schema version 3 stored them, kept as history for the migration steps: the step
 * to version 3 writes them, the step to version 4 turns them into parts (transaction-blocks.ts).
 * Key [accountId, bucket], value a Map id → [bookingDate, seq], one per bucket. Never change this.
 */
import type { TransactionRecord } from "../records";
import { bucketOf } from "./transaction-blocks";

export type IdBucketKeyV3 = [accountId: string, bucket: number];
export type IdPositionsV3 = Map<string, [string, number]>;

export function idBucketsV3(transactions: readonly TransactionRecord[]): { key: IdBucketKeyV3; positions: IdPositionsV3 }[] {
  const buckets = new Map<string, { key: IdBucketKeyV3; positions: IdPositionsV3 }>();
  for (const item of transactions) {
    const key: IdBucketKeyV3 = [item.accountId, bucketOf(item.id)];
    const id = JSON.stringify(key);
    let bucket = buckets.get(id);
    if (!bucket) buckets.set(id, (bucket = { key, positions: new Map() }));
    bucket.positions.set(item.id, [item.bookingDate, item.seq]);
  }
  return [...buckets.values()];
}

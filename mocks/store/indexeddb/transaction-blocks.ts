/**
 * How the IndexedDB adapter stores transactions (schema version 3, decision 0023): in blocks, not
 * one record each. Chromium's IndexedDB costs about a millisecond per record or index entry written
 * (and more per entry the more a transaction holds), little per byte: 100,000 transactions took
 * 106 s as records, 1.5 s as 400 blocks of 250.
 *
 *  - `transactionBlocks`: an account's list, in key order (bookingDate, then seq), cut into blocks of
 *    consecutive positions. A block's value is its transactions, oldest first; its out-of-line key is
 *    [accountId, bookingDate, seq, count]: the first transaction's position and how many it holds.
 *    So the keys alone (one getAllKeys) tell where every block starts and its size: a page at any
 *    offset reads the keys and then only the blocks it shows.
 *  - `transactionIds`: where each transaction id of an account is, for `transaction(accountId, id)`
 *    and the uniqueness of ids within an account: its position [bookingDate, seq], which never changes
 *    (a block may split, positions do not move). The ids are in ID_BUCKETS buckets by a hash of the id,
 *    and each bucket in parts (version 4): key [accountId, bucket, part], the parts numbered 0, 1, 2, …
 *    Bookings append to a bucket's last part until it holds ID_PART_SIZE ids, then start the next:
 *    a booking rewrites one small part, never the account's other ids. (Version 3 kept one Map per
 *    bucket, rewritten whole: a batch chunk rewrote every id of its accounts, and the batch slowed
 *    as they grew.) A part keeps ids and positions in side-by-side arrays, which read back several
 *    times faster than a Map of pairs, and the batch reads every part of the accounts it books on.
 *
 * The hash and ID_BUCKETS are part of the stored data: changing either needs a migration.
 */
import type { TransactionKey } from "../port";
import type { TransactionRecord } from "../records";

/** The most transactions a block holds. A chunk of the batch (250 payments) adds one or two blocks to an account. */
export const BLOCK_SIZE = 256;

/** Buckets of each account's id map. */
export const ID_BUCKETS = 16;

/** Ids a bucket's last part takes before the next part is started (a part from an import may hold more). */
export const ID_PART_SIZE = 64;

export type BlockKey = [accountId: string, bookingDate: string, seq: number, count: number];
export type IdPartKey = [accountId: string, bucket: number, part: number];
/** Ids and their positions: `ids[i]` is at [bookingDates[i], seqs[i]]. */
export interface IdPart {
  ids: string[];
  bookingDates: string[];
  seqs: number[];
}

export const blockKeyOf = (accountId: string, items: readonly TransactionRecord[]): BlockKey => {
  const [first] = items;
  if (!first) throw new Error("A transaction block is never empty.");
  return [accountId, first.bookingDate, first.seq, items.length];
};

export const startOf = (key: BlockKey): TransactionKey => ({ bookingDate: key[1], seq: key[2] });

/** Every block key of the account, and no other account's: [accountId] sorts below them, [accountId, []] above. */
export const accountBlocks = (accountId: string): IDBKeyRange => IDBKeyRange.bound([accountId], [accountId, []]);

/** The blocks whose first position is at or below `key`: the last of them holds `key`, if any does. */
export const blocksUpTo = (accountId: string, key: TransactionKey): IDBKeyRange =>
  IDBKeyRange.bound([accountId], [accountId, key.bookingDate, key.seq, Infinity]);

/** Every part of one bucket of the account, in part order: [accountId, bucket] sorts below them, [accountId, bucket, []] above. */
export const bucketParts = (accountId: string, bucket: number): IDBKeyRange => IDBKeyRange.bound([accountId, bucket], [accountId, bucket, []]);

/** The position of the id in the parts of its bucket, if it is there. */
export function positionIn(parts: readonly IdPart[], id: string): TransactionKey | undefined {
  for (const part of parts) {
    const index = part.ids.indexOf(id);
    if (index >= 0) return { bookingDate: part.bookingDates[index] ?? "", seq: part.seqs[index] ?? 0 };
  }
  return undefined;
}

/** List order: bookingDate, then seq (seq is unique, so no two transactions share a position). */
export const byPosition = (a: TransactionKey, b: TransactionKey): number =>
  a.bookingDate !== b.bookingDate ? (a.bookingDate < b.bookingDate ? -1 : 1) : a.seq - b.seq;

/** FNV-1a over the id's UTF-16 code units (stored data depends on it: see the buckets below and payment-blocks.ts). */
export function fnv1a(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** FNV-1a of the id, reduced to a bucket. */
export const bucketOf = (id: string): number => fnv1a(id) % ID_BUCKETS;

export interface AccountLayout {
  blocks: { key: BlockKey; items: TransactionRecord[] }[];
  ids: { key: IdPartKey; part: IdPart }[];
}

/**
 * The blocks and id buckets of a set of transactions (an import, a migration): each account's list
 * sorted and cut into full blocks, each bucket's ids in one part (bookings add parts after it).
 * Does not check ids or positions for duplicates (the caller has).
 */
export function layoutOf(transactions: readonly TransactionRecord[], blockSize = BLOCK_SIZE): AccountLayout {
  const byAccount = new Map<string, TransactionRecord[]>();
  for (const item of transactions) {
    const list = byAccount.get(item.accountId);
    if (list) list.push(item);
    else byAccount.set(item.accountId, [item]);
  }
  const layout: AccountLayout = { blocks: [], ids: [] };
  for (const [accountId, list] of byAccount) {
    list.sort(byPosition);
    for (let start = 0; start < list.length; start += blockSize) {
      const items = list.slice(start, start + blockSize);
      layout.blocks.push({ key: blockKeyOf(accountId, items), items });
    }
    const buckets = new Map<number, IdPart>();
    for (const item of list) {
      const bucket = bucketOf(item.id);
      let part = buckets.get(bucket);
      if (!part) buckets.set(bucket, (part = { ids: [], bookingDates: [], seqs: [] }));
      part.ids.push(item.id);
      part.bookingDates.push(item.bookingDate);
      part.seqs.push(item.seq);
    }
    for (const [bucket, part] of buckets) layout.ids.push({ key: [accountId, bucket, 0], part });
  }
  return layout;
}

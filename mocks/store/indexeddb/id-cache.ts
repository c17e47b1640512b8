/**
 * The ids of each bucket's full parts, kept by one adapter (one tab) across write transactions, so
 * that the uniqueness check of a booking reads only the last part of a bucket and what was
 * appended since, not every id of the account again (a batch over 10,000 payments re-read some
 * 400,000 ids; decision 0023, "Version 5").
 *
 * What makes it safe: a part other than a bucket's last is never written again (bookings append
 * to the last part, then start a new one), so ids read from those parts stay true until the whole
 * store is replaced or emptied. Every replacement (import, restore, clear) writes a new layout
 * mark, a random token under a key no account's parts use; a transaction that reads another mark
 * than the cache was filled under drops the cache and reads the buckets whole. Only committed parts
 * are absorbed, as read at the start of a transaction, never the ones it is appending to.
 */
import type { IdPart, IdPartKey } from "./transaction-blocks";

/** Bucket -1 is no bucket (bucketOf gives 0 … ID_BUCKETS − 1), so no account's parts are under this key. */
export const LAYOUT_MARK_KEY: IdPartKey = ["", -1, 0];

/** A fresh mark: its one id is the token. */
export const layoutMark = (): IdPart => ({ ids: [crypto.randomUUID()], bookingDates: [], seqs: [] });

/** What the cache knows of a bucket: its parts before `from`, as ids, true while the layout mark is `token`. */
export interface KnownParts {
  token: string | undefined;
  from: number;
  ids: ReadonlySet<string>;
}

/** Nothing known: the bucket is read whole. */
export const NOTHING_KNOWN: KnownParts = { token: undefined, from: 0, ids: new Set() };

export class IdCache {
  private token: string | undefined;
  private readonly buckets = new Map<string, { from: number; ids: Set<string> }>();

  /**
   * What is known of the bucket, asked before the transaction's mark has been read (so the tail can be
   * read at once): the caller uses it only if the mark it then reads is `token`.
   */
  known(accountId: string, bucket: number): KnownParts {
    const entry = this.buckets.get(`${String(bucket)}:${accountId}`);
    return entry ? { token: this.token, ...entry } : NOTHING_KNOWN;
  }

  /**
   * Takes in the parts a transaction read under `token`, starting at part `from` (what `known` gave):
   * every part but the last, which may still grow.
   */
  absorb(token: string | undefined, accountId: string, bucket: number, from: number, parts: readonly IdPart[]): void {
    if (token === undefined) return;
    if (token !== this.token) {
      this.token = token;
      this.buckets.clear();
    }
    const key = `${String(bucket)}:${accountId}`;
    const entry = this.buckets.get(key) ?? { from: 0, ids: new Set<string>() };
    if (entry.from !== from) return; // another transaction's read got here first, or this one read whole
    for (const part of parts.slice(0, -1)) for (const id of part.ids) entry.ids.add(id);
    entry.from = from + Math.max(0, parts.length - 1);
    this.buckets.set(key, entry);
  }
}

/**
 * The keys of the payment blocks, kept by one adapter (one tab) across transactions. Reading them all
 * (`getAllKeys`, 157 array keys for 10,000 payments) took 2.5 ms in Chromium, more than the rest of a
 * payment's read by id; an initiation needs them to find the newest block.
 *
 * What makes it safe: every write that changes the set of block keys (a new block, a split, a first
 * payment that changes) stores a new layout mark, a random token in `paymentIds` under a key no bucket
 * uses, and so do import, restore and clear. A transaction reads the mark (one small get) and uses the
 * cached keys only when they were taken under that same mark; otherwise it reads the keys and keeps them.
 * A write that aborts leaves the old mark stored while this cache holds the new one: the next
 * transaction reads the keys again.
 */
import type { PaymentBlockKey, PaymentIdPart, PaymentIdPartKey } from "./payment-blocks";

/** Bucket -1 is no bucket (paymentBucketOf gives 0 … PAYMENT_ID_BUCKETS − 1). */
export const PAYMENT_LAYOUT_KEY: PaymentIdPartKey = [-1, 0];

/** A fresh mark: its one id is the token. */
export const paymentLayoutMark = (): PaymentIdPart => ({ ids: [crypto.randomUUID()], createdAts: [] });

export const tokenOf = (mark: PaymentIdPart | undefined): string | undefined => mark?.ids[0];

export class PaymentKeyCache {
  private token: string | undefined;
  private keys: readonly PaymentBlockKey[] = [];

  /** The block keys, if they were taken under this mark. */
  keysFor(token: string | undefined): readonly PaymentBlockKey[] | undefined {
    return token !== undefined && token === this.token ? this.keys : undefined;
  }

  remember(token: string | undefined, keys: readonly PaymentBlockKey[]): void {
    this.token = token;
    this.keys = keys;
  }
}

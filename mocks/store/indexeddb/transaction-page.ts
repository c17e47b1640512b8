/**
 * Keyset pagination over an account's transactions, newest first (bookingDate desc, seq desc), on
 * the blocks of transaction-blocks.ts. A page reads the account's block keys (one request: each key
 * holds its block's first position and size) and then only the blocks it shows, plus at most the
 * ones at the edges of the range: never the whole account, and no count per page.
 *
 *  - no position: the newest `limit`, after skipping `offset` (summed from the block sizes, so an
 *    offset costs the same as the first page, whatever its size);
 *  - `after` K:   the `limit` newest strictly older than K;
 *  - `before` K:  the `limit` oldest strictly newer than K, returned newest first.
 */
import { compareKeys, dateBounds, isEmptyRange, isTop, maxLower, minUpper, type Bound } from "../key-range";
import type { TransactionKey, TransactionPage, TransactionPageQuery } from "../port";
import { checkPageQuery } from "../page-query";
import type { TransactionRecord } from "../records";
import { accountBlocks, startOf, type BlockKey } from "./transaction-blocks";

/** Where blocks come from: the transaction's `transactionBlocks` store. */
export interface BlockSource {
  /** The block keys in the range, ascending. */
  keys(range: IDBKeyRange): Promise<BlockKey[]>;
  block(key: BlockKey): Promise<TransactionRecord[] | undefined>;
}

const satisfiesLower = (key: TransactionKey, lower: Bound) => {
  const order = compareKeys(key, lower.key);
  return order > 0 || (order === 0 && !lower.open);
};
const satisfiesUpper = (key: TransactionKey, upper: Bound) => {
  const order = compareKeys(key, upper.key);
  return order < 0 || (order === 0 && !upper.open);
};

/** One account's list as its blocks, each read at most once. */
class AccountList {
  private readonly loaded = new Map<number, Promise<TransactionRecord[]>>();

  constructor(
    private readonly source: BlockSource,
    private readonly keys: readonly BlockKey[],
  ) {}

  static async of(source: BlockSource, accountId: string): Promise<AccountList> {
    return new AccountList(source, await source.keys(accountBlocks(accountId)));
  }

  private items(index: number): Promise<TransactionRecord[]> {
    let items = this.loaded.get(index);
    if (!items) {
      const key = this.keys[index];
      items = key ? this.source.block(key).then((found) => found ?? []) : Promise.resolve([]);
      this.loaded.set(index, items);
    }
    return items;
  }

  /**
   * The blocks that may hold positions in [lower, upper], oldest first, each with its size when
   * the whole block lies inside (known from the keys alone) or undefined when only part of it may.
   */
  private blocksIn(lower: Bound, upper: Bound): { index: number; whole?: number }[] {
    if (isEmptyRange(lower, upper)) return [];
    const starts = this.keys.map(startOf);
    const last = starts.findLastIndex((start) => satisfiesUpper(start, upper));
    // The block holding `lower` (the last one starting at or below it), else the first.
    const first = Math.max(
      0,
      starts.findLastIndex((start, index) => index <= last && compareKeys(start, lower.key) <= 0),
    );
    const blocks: { index: number; whole?: number }[] = [];
    for (let index = first; index <= last; index++) {
      const [start, next] = [starts[index], starts[index + 1]];
      const size = this.keys[index]?.[3];
      // Every item of a block lies below the next block's start; the last block's end is unknown.
      const belowUpper = next !== undefined ? compareKeys(next, upper.key) <= 0 : isTop(upper);
      const whole = start !== undefined && satisfiesLower(start, lower) && belowUpper;
      blocks.push(whole ? { index, whole: size } : { index });
    }
    return blocks;
  }

  private async itemsIn(index: number, lower: Bound, upper: Bound, whole: boolean): Promise<TransactionRecord[]> {
    const items = await this.items(index);
    return whole ? items : items.filter((item) => satisfiesLower(item, lower) && satisfiesUpper(item, upper));
  }

  /**
   * Up to `count` items of [lower, upper] after skipping `skip`, walking down from the newest
   * (`fromTop`, newest first) or up from the oldest (oldest first). Blocks wholly skipped are
   * counted from their keys, never read.
   */
  async slice(lower: Bound, upper: Bound, fromTop: boolean, skip: number, count: number): Promise<TransactionRecord[]> {
    const blocks = this.blocksIn(lower, upper);
    if (fromTop) blocks.reverse();
    const taken: TransactionRecord[] = [];
    let toSkip = skip;
    for (const block of blocks) {
      if (taken.length >= count) break;
      if (block.whole !== undefined && toSkip >= block.whole) {
        toSkip -= block.whole;
        continue;
      }
      const items = await this.itemsIn(block.index, lower, upper, block.whole !== undefined);
      if (toSkip >= items.length) {
        toSkip -= items.length;
        continue;
      }
      const ordered = fromTop ? [...items].reverse() : items;
      taken.push(...ordered.slice(toSkip, toSkip + count - taken.length));
      toSkip = 0;
    }
    return taken;
  }

  async count(lower: Bound, upper: Bound): Promise<number> {
    const sizes = await Promise.all(
      this.blocksIn(lower, upper).map(async (block) => block.whole ?? (await this.itemsIn(block.index, lower, upper, false)).length),
    );
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  async any(lower: Bound, upper: Bound): Promise<boolean> {
    return (await this.slice(lower, upper, true, 0, 1)).length > 0;
  }
}

const at = (key: TransactionKey, open: boolean): Bound => ({ key, open });

export async function transactionPage(source: BlockSource, query: TransactionPageQuery): Promise<TransactionPage> {
  checkPageQuery(query);
  const { accountId, limit, after, before, offset = 0 } = query;
  const { lower, upper } = dateBounds(query.fromDate, query.toDate);
  const list = await AccountList.of(source, accountId);

  if (after) {
    const [items, hasPrevious] = await Promise.all([
      list.slice(lower, minUpper(upper, at(after, true)), true, 0, limit + 1),
      list.any(maxLower(lower, at(after, false)), upper),
    ]);
    return { items: items.slice(0, limit), hasMore: items.length > limit, hasPrevious };
  }

  if (before) {
    const [items, hasMore] = await Promise.all([
      list.slice(maxLower(lower, at(before, true)), upper, false, 0, limit + 1),
      list.any(lower, minUpper(upper, at(before, false))),
    ]);
    return { items: items.slice(0, limit).reverse(), hasMore, hasPrevious: items.length > limit };
  }

  const [items, rangeHasItems] = await Promise.all([list.slice(lower, upper, true, offset, limit + 1), offset > 0 ? list.any(lower, upper) : false]);
  return { items: items.slice(0, limit), hasMore: items.length > limit, hasPrevious: offset > 0 && rangeHasItems };
}

export async function transactionCount(source: BlockSource, accountId: string, fromDate?: string, toDate?: string): Promise<number> {
  const { lower, upper } = dateBounds(fromDate, toDate);
  if (isEmptyRange(lower, upper)) return 0;
  return (await AccountList.of(source, accountId)).count(lower, upper);
}

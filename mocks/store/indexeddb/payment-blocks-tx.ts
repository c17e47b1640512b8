/**
 * Every payment read and write of one IndexedDB transaction, on the blocks of payment-blocks.ts. The
 * blocks, the id buckets and the block keys a transaction needs are read once and kept here; puts
 * change them in memory (so reads later in the same write see them) and are written in rounds
 * (write-rounds.ts): a batch chunk that settles 250 payments puts each changed block and its due
 * summary once, not 250 records.
 */
import type { IDBPTransaction } from "idb";
import {
  byCreation,
  dueSummaryOf,
  indexedAsDue,
  ID_PART_SIZE,
  PAYMENT_BLOCK_SIZE,
  paymentBucketOf,
  paymentBucketParts,
  positionOf,
  type PaymentBlockKey,
  type PaymentIdPart,
  type PaymentPosition,
} from "./payment-blocks";
import { PAYMENT_LAYOUT_KEY, paymentLayoutMark, tokenOf, type PaymentKeyCache } from "./payment-key-cache";
import type { PaymentRecord } from "../records";
import type { SandboxDB, StoreName } from "./schema";
import { WriteRounds } from "./write-rounds";

type StoreTx = IDBPTransaction<SandboxDB, StoreName[], IDBTransactionMode>;
type WriteStoreTx = IDBPTransaction<SandboxDB, StoreName[], "readwrite">;

interface Block {
  /** The key it is stored under, if it is stored. */
  stored?: PaymentBlockKey;
  /** Its payments, oldest first, once read (a new block has them from the start). */
  items?: PaymentRecord[];
  loading?: Promise<void>;
  dirty: boolean;
  /** Its due summary as stored under `stored` (JSON), known once read: a block and its summary are written together. */
  summary?: string;
}

interface Bucket {
  bucket: number;
  /** Its parts in order: part n is stored under [bucket, n]. */
  parts: PaymentIdPart[];
  where: Map<string, [part: number, index: number]>;
  dirty: Set<number>;
}

const summaryJson = (items: readonly PaymentRecord[]): string | undefined => {
  const summary = dueSummaryOf(items);
  return summary && JSON.stringify(summary);
};

const startOf = (block: Block): PaymentPosition | undefined => {
  const first = block.items?.[0];
  return first ? positionOf(first) : block.stored;
};

const sameKey = (a: PaymentBlockKey, b: PaymentBlockKey) => a[0] === b[0] && a[1] === b[1];

/** The block a position belongs in: the last one starting at or below it, or the first one. */
function targetOf(blocks: readonly Block[], position: PaymentPosition): number {
  const index = blocks.findLastIndex((block) => {
    const start = startOf(block);
    return start !== undefined && byCreation(start, position) <= 0;
  });
  return index >= 0 || blocks.length === 0 ? index : 0;
}

/** Batch order: executionDate, then createdAt, then paymentId. */
function byExecutionDate(a: PaymentRecord, b: PaymentRecord): number {
  const dateA = a.product === "single" ? a.executionDate : "";
  const dateB = b.product === "single" ? b.executionDate : "";
  if (dateA !== dateB) return dateA < dateB ? -1 : 1;
  return byCreation(positionOf(a), positionOf(b));
}

export class PaymentBlocksTx {
  private list: { ready?: Block[]; loading: Promise<Block[]> } | undefined;
  private readonly buckets = new Map<number, { ready?: Bucket; loading: Promise<Bucket> }>();
  /** Blocks emptied by a move, to delete in the next round. */
  private removed: Block[] = [];
  private readonly rounds: WriteRounds | undefined;

  constructor(
    private readonly tx: StoreTx,
    /** Given for a readwrite transaction: payments can be put. */
    private readonly writable?: { tx: WriteStoreTx; blockSize?: number },
    private readonly keyCache?: PaymentKeyCache,
  ) {
    const writeTx = writable?.tx;
    this.rounds =
      writeTx &&
      new WriteRounds(
        () => writeTx.objectStore("meta").getKey("nextSeq"),
        () => this.issueWrites(writeTx),
      );
  }

  /** The payment with this id, wherever it is (its createdAt from the id map, then its block). */
  async byId(paymentId: string): Promise<PaymentRecord | undefined> {
    const [bucket] = await Promise.all([this.bucket(paymentBucketOf(paymentId)), this.blocks()]);
    const createdAt = createdAtIn(bucket, paymentId);
    return createdAt === undefined ? undefined : this.copy(await this.at([createdAt, paymentId]));
  }

  /**
   * In a write, the records handed out and taken in are copies: a caller changing one must not change
   * the block kept here before it is written (a put used to clone its record at once, a get to give a new one).
   */
  private copy<T extends PaymentRecord | undefined>(payment: T): T {
    return this.writable && payment ? structuredClone(payment) : payment;
  }

  /** Newest first (createdAt, then paymentId, descending), at most `limit`. */
  async newest(limit: number): Promise<PaymentRecord[]> {
    for (;;) {
      const blocks = await this.blocks();
      // The newest blocks that hold `limit` payments; the unread ones among them are read side by side.
      const unread: Block[] = [];
      let count = 0;
      for (let index = blocks.length - 1; index >= 0 && count < limit; index--) {
        const block = blocks[index];
        if (!block) continue;
        if (!block.items) unread.push(block);
        count += block.items?.length ?? this.writable?.blockSize ?? PAYMENT_BLOCK_SIZE;
      }
      if (unread.length > 0) {
        await this.loadAll(unread);
        continue;
      }
      const items: PaymentRecord[] = [];
      for (let index = blocks.length - 1; index >= 0 && items.length < limit; index--)
        for (const payment of [...(blocks[index]?.items ?? [])].reverse()) if (items.length < limit) items.push(this.copy(payment));
      return items;
    }
  }

  /** Single payments in one of `statuses` due on or before `date`, in batch order. */
  async due(statuses: readonly string[], date: string): Promise<PaymentRecord[]> {
    const wanted = new Set(statuses);
    const isDue = (payment: PaymentRecord) => payment.product === "single" && wanted.has(payment.transactionStatus) && payment.executionDate <= date;
    let blocks: Block[];
    if (indexedAsDue(statuses)) {
      // The summaries hold exactly the due payments (payment-blocks.ts): read the blocks of those due by `date`.
      await this.settled();
      const store = this.tx.objectStore("paymentsDue");
      const [keys, summaries] = await Promise.all([store.getAllKeys(), store.getAll()]);
      const byKey = new Map((await this.blocks()).flatMap((block) => (block.stored ? [[JSON.stringify(block.stored), block] as const] : [])));
      blocks = keys.flatMap((key, index) => {
        const block = byKey.get(JSON.stringify(key));
        return block && summaries[index]?.executionDates.some((executionDate) => executionDate <= date) ? [block] : [];
      });
    } else blocks = [...(await this.blocks())];
    await this.loadAll(blocks);
    return blocks
      .flatMap((block) => block.items ?? [])
      .filter(isDue)
      .map((payment) => this.copy(payment))
      .sort(byExecutionDate);
  }

  /** These payments as stored now, in the same order: each in the block of its position, else by id. */
  async again(earlier: readonly PaymentRecord[]): Promise<(PaymentRecord | undefined)[]> {
    for (;;) {
      const blocks = await this.blocks();
      const unread = new Set(earlier.flatMap((payment) => blocks[targetOf(blocks, positionOf(payment))] ?? []).filter((block) => !block.items));
      if (unread.size > 0) {
        await this.loadAll([...unread]);
        continue;
      }
      const found = earlier.map((payment) => blocks[targetOf(blocks, positionOf(payment))]?.items?.find((item) => item.paymentId === payment.paymentId));
      // Not where it was: gone, or stored with another createdAt.
      return Promise.all(found.map((payment, index) => (payment ? Promise.resolve(this.copy(payment)) : this.byId(earlier[index]?.paymentId ?? ""))));
    }
  }

  /** Puts the payment (new, or replacing the one with its id); resolves once written. */
  async put(given: PaymentRecord): Promise<void> {
    const rounds = this.rounds;
    if (!rounds) throw new Error("putPayment needs a write transaction.");
    const record = this.copy(given);
    const position = positionOf(record);
    for (;;) {
      const blocks = await this.blocks();
      const index = targetOf(blocks, position);
      const block = blocks[index];
      if (block && !block.items) {
        await this.load(block);
        continue; // other puts may have changed the blocks meanwhile
      }
      // From here to each `continue` or the end, no await: a check and its change are one step.
      const items = block?.items;
      const at = items?.findIndex((payment) => payment.paymentId === record.paymentId) ?? -1;
      if (block && items && at >= 0 && items[at]?.createdAt === record.createdAt) {
        items[at] = record; // settled, approved, cancelled: same position, same block
        block.dirty = true;
        break;
      }
      const bucket = this.buckets.get(paymentBucketOf(record.paymentId))?.ready;
      if (!bucket) {
        await this.bucket(paymentBucketOf(record.paymentId));
        continue;
      }
      const known = createdAtIn(bucket, record.paymentId);
      if (known !== undefined && known !== record.createdAt) {
        // Stored with another createdAt (never done by the sandbox itself): out of its old place first.
        if (!this.removeAt(blocks, [known, record.paymentId])) {
          const old = blocks[targetOf(blocks, [known, record.paymentId])];
          if (old) await this.load(old);
          continue;
        }
        setCreatedAt(bucket, record.paymentId, record.createdAt);
        continue;
      }
      if (known === undefined) appendId(bucket, record.paymentId, record.createdAt);
      this.insert(blocks, index, record);
      break;
    }
    return rounds.flush();
  }

  /** Resolves once every put so far is written: reads of the stored summaries then see them. */
  settled(): Promise<void> {
    const dirty =
      this.removed.length > 0 ||
      (this.list?.ready?.some((block) => block.dirty) ?? false) ||
      [...this.buckets.values()].some((entry) => (entry.ready?.dirty.size ?? 0) > 0);
    return dirty && this.rounds ? this.rounds.flush() : Promise.resolve();
  }

  private async at(position: PaymentPosition): Promise<PaymentRecord | undefined> {
    for (;;) {
      const blocks = await this.blocks();
      const block = blocks[targetOf(blocks, position)];
      if (!block) return undefined;
      if (!block.items) {
        await this.load(block);
        continue;
      }
      return block.items.find((payment) => payment.paymentId === position[1]);
    }
  }

  private blocks(): Promise<Block[]> {
    if (!this.list) {
      const entry: { ready?: Block[]; loading: Promise<Block[]> } = {
        loading: this.blockKeys().then((keys) => (entry.ready = keys.map((key): Block => ({ stored: key, dirty: false })))),
      };
      this.list = entry;
    }
    return this.list.loading;
  }

  /** Every block key: from the adapter's cache when the stored layout mark is the one it was taken under (payment-key-cache.ts). */
  private async blockKeys(): Promise<readonly PaymentBlockKey[]> {
    const token = tokenOf(await this.tx.objectStore("paymentIds").get(PAYMENT_LAYOUT_KEY));
    const cached = this.keyCache?.keysFor(token);
    if (cached) return cached;
    const keys = await this.tx.objectStore("paymentBlocks").getAllKeys();
    this.keyCache?.remember(token, keys);
    return keys;
  }

  private load(block: Block): Promise<void> {
    const { stored } = block;
    if (block.items || !stored) return Promise.resolve();
    block.loading ??= this.tx
      .objectStore("paymentBlocks")
      .get(stored)
      .then((items) => {
        block.items ??= items ?? [];
        block.summary = summaryJson(block.items);
      });
    return block.loading;
  }

  /**
   * Reads these blocks: a few by a get each, more as one stretch of the store (two requests, `getAllKeys`
   * and `getAll` over the range they span; the blocks between them are read too). A request costs far more
   * than its bytes; the batch's first read of 10,000 due payments needs every block.
   */
  private async loadAll(blocks: readonly Block[]): Promise<void> {
    const unread = blocks.flatMap((block) => (block.stored && !block.items && !block.loading ? [block.stored] : []));
    if (unread.length >= 4) {
      const sorted = [...unread].sort(byCreation);
      const [from, to] = [sorted[0], sorted[sorted.length - 1]];
      if (from && to) {
        const range = IDBKeyRange.bound(from, to);
        const store = this.tx.objectStore("paymentBlocks");
        const stretch = Promise.all([store.getAllKeys(range), store.getAll(range)]).then(
          ([keys, values]) => new Map(keys.map((key, index) => [JSON.stringify(key), values[index]])),
        );
        for (const block of this.list?.ready ?? []) {
          const key = block.stored;
          if (!key || block.items || block.loading || byCreation(key, from) < 0 || byCreation(key, to) > 0) continue;
          block.loading = stretch.then((read) => {
            block.items ??= read.get(JSON.stringify(key)) ?? [];
            block.summary = summaryJson(block.items);
          });
        }
      }
    }
    await Promise.all(blocks.map((block) => this.load(block)));
  }

  private bucket(bucket: number): Promise<Bucket> {
    const known = this.buckets.get(bucket);
    if (known) return known.loading;
    const entry: { ready?: Bucket; loading: Promise<Bucket> } = {
      loading: this.tx
        .objectStore("paymentIds")
        .getAll(paymentBucketParts(bucket))
        .then((parts) => {
          const where = new Map<string, [number, number]>();
          parts.forEach((part, partIndex) => {
            part.ids.forEach((id, index) => where.set(id, [partIndex, index]));
          });
          return (entry.ready = { bucket, parts, where, dirty: new Set<number>() });
        }),
    };
    this.buckets.set(bucket, entry);
    return entry.loading;
  }

  /** Takes the payment out of the block of `position`; false when that block is not read yet. */
  private removeAt(blocks: Block[], position: PaymentPosition): boolean {
    const index = targetOf(blocks, position);
    const block = blocks[index];
    if (!block) return true;
    if (!block.items) return false;
    const at = block.items.findIndex((payment) => payment.paymentId === position[1]);
    if (at < 0) return true;
    block.items.splice(at, 1);
    block.dirty = true;
    if (block.items.length === 0) {
      blocks.splice(index, 1);
      this.removed.push(block);
    }
    return true;
  }

  private insert(blocks: Block[], index: number, record: PaymentRecord): void {
    const size = this.writable?.blockSize ?? PAYMENT_BLOCK_SIZE;
    const block = blocks[index];
    const items = block?.items;
    if (!block || !items) {
      blocks.push({ items: [record], dirty: true });
      return;
    }
    const last = items[items.length - 1];
    if (index === blocks.length - 1 && items.length >= size && last && byCreation(positionOf(last), positionOf(record)) < 0) {
      blocks.push({ items: [record], dirty: true }); // payments are created at the newest end: a new block
      return;
    }
    const at = items.findLastIndex((other) => byCreation(positionOf(other), positionOf(record)) < 0) + 1;
    items.splice(at, 0, record);
    block.dirty = true;
    if (items.length > size) blocks.splice(index + 1, 0, { items: items.splice(Math.floor(items.length / 2)), dirty: true });
  }

  /** Puts every changed block with its due summary, and every changed id part: deletes of keys that changed first. */
  private issueWrites(tx: WriteStoreTx): Promise<unknown>[] {
    const blockStore = tx.objectStore("paymentBlocks");
    const dueStore = tx.objectStore("paymentsDue");
    const deletes: Promise<unknown>[] = [];
    const puts: (() => Promise<unknown>)[] = [];
    let keysChanged = false;
    const forget = (block: Block) => {
      if (!block.stored) return;
      keysChanged = true;
      deletes.push(blockStore.delete(block.stored));
      if (block.summary !== undefined) deletes.push(dueStore.delete(block.stored));
      block.summary = undefined;
    };
    for (const block of this.removed.splice(0)) forget(block);
    for (const block of this.list?.ready ?? []) {
      const first = block.items?.[0];
      if (!block.dirty || !block.items || !first) continue;
      const items = block.items;
      const key = positionOf(first);
      if (block.stored && !sameKey(block.stored, key)) forget(block);
      if (!block.stored) keysChanged = true;
      block.stored = key;
      block.dirty = false;
      puts.push(() => blockStore.put(items, key));
      const summary = dueSummaryOf(items);
      const json = summary && JSON.stringify(summary);
      if (json !== block.summary) puts.push(summary ? () => dueStore.put(summary, key) : () => dueStore.delete(key));
      block.summary = json;
    }
    for (const { ready: bucket } of this.buckets.values()) {
      if (!bucket) continue;
      for (const index of bucket.dirty) {
        const part = bucket.parts[index];
        if (part) puts.push(() => tx.objectStore("paymentIds").put(part, [bucket.bucket, index]));
      }
      bucket.dirty.clear();
    }
    if (keysChanged) {
      // Other transactions (other tabs', this adapter's next) must not use keys cached before this write.
      const mark = paymentLayoutMark();
      puts.push(() => tx.objectStore("paymentIds").put(mark, PAYMENT_LAYOUT_KEY));
      this.keyCache?.remember(
        tokenOf(mark),
        (this.list?.ready ?? []).flatMap((block) => (block.stored ? [block.stored] : [])),
      );
    }
    return [...deletes, ...puts.map((put) => put())];
  }
}

function createdAtIn(bucket: Bucket, paymentId: string): number | undefined {
  const where = bucket.where.get(paymentId);
  return where && bucket.parts[where[0]]?.createdAts[where[1]];
}

function appendId(bucket: Bucket, paymentId: string, createdAt: number): void {
  let last = bucket.parts[bucket.parts.length - 1];
  if (!last || last.ids.length >= ID_PART_SIZE) bucket.parts.push((last = { ids: [], createdAts: [] }));
  last.ids.push(paymentId);
  last.createdAts.push(createdAt);
  bucket.where.set(paymentId, [bucket.parts.length - 1, last.ids.length - 1]);
  bucket.dirty.add(bucket.parts.length - 1);
}

function setCreatedAt(bucket: Bucket, paymentId: string, createdAt: number): void {
  const where = bucket.where.get(paymentId);
  const part = where && bucket.parts[where[0]];
  if (!where || !part) return;
  part.createdAts[where[1]] = createdAt;
  bucket.dirty.add(where[0]);
}

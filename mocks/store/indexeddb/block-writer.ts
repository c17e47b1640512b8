/**
 * addTransaction on the blocks of transaction-blocks.ts, within one readwrite transaction. Each
 * touched account's block keys, the blocks a booking lands in and the id buckets it needs are read
 * once and changed in memory; the changed ones are written back together, so a batch chunk that
 * books 250 payments writes a few blocks and the last part of each id bucket per account, not 500 records.
 *
 * Writing: in rounds (write-rounds.ts), so a batch chunk's bookings are written in one round, each
 * changed block put once (starting at once, the first booking got a round of its own and the rest a
 * second, rewriting the same blocks). A booking's promise resolves once the round holding it has been
 * written, so the transaction cannot commit before every booking is in a put, even if the work breaks
 * the rules and awaits something foreign after its last addTransaction.
 */
import type { IDBPTransaction } from "idb";
import type { TransactionKey } from "../port";
import type { TransactionRecord } from "../records";
import { LAYOUT_MARK_KEY, layoutMark, NOTHING_KNOWN, type IdCache } from "./id-cache";
import type { SandboxDB, StoreName } from "./schema";
import { WriteRounds } from "./write-rounds";
import {
  accountBlocks,
  blockKeyOf,
  BLOCK_SIZE,
  bucketOf,
  bucketParts,
  byPosition,
  ID_PART_SIZE,
  startOf,
  type BlockKey,
  type IdPart,
} from "./transaction-blocks";

type WriteStoreTx = IDBPTransaction<SandboxDB, StoreName[], "readwrite">;

interface Block {
  /** The key it is stored under, if it is stored. */
  stored?: BlockKey;
  /** Its transactions, oldest first, once read (a new block has them from the start). */
  items?: TransactionRecord[];
  loading?: Promise<void>;
  dirty: boolean;
}

interface Bucket {
  accountId: string;
  bucket: number;
  /** The number of the first part in `parts`: the ones before it are known from the id cache. */
  base: number;
  /** Its parts from `base` on, in order, as stored and appended to. */
  parts: IdPart[];
  /** The ids of the parts before `base` (id-cache.ts). */
  known: ReadonlySet<string>;
  /** Every id in `parts`; with `known`, the uniqueness check. */
  ids: Set<string>;
  /** The numbers of the parts to put. */
  dirty: Set<number>;
}

const startOfBlock = (block: Block): TransactionKey => {
  const first = block.items?.[0];
  if (first) return first;
  if (block.stored) return startOf(block.stored);
  throw new Error("A transaction block is never empty.");
};

const sameKey = (a: BlockKey, b: BlockKey) => a.every((part, index) => part === b[index]);

/** The block the position belongs in: the last one starting at or below it, or the first one. */
function targetOf(blocks: readonly Block[], item: TransactionKey): number {
  const index = blocks.findLastIndex((block) => byPosition(startOfBlock(block), item) <= 0);
  return index >= 0 || blocks.length === 0 ? index : 0;
}

/** Where the item goes in a sorted list: usually the end (bookings arrive in position order). */
function insertSorted(items: TransactionRecord[], item: TransactionRecord): void {
  const index = items.findLastIndex((other) => byPosition(other, item) < 0) + 1;
  items.splice(index, 0, item);
}

export class BlockWriter {
  /** Per account: its blocks once read (`ready`), and the read. */
  private readonly accounts = new Map<string, { ready?: Block[]; loading: Promise<Block[]> }>();
  private readonly buckets = new Map<string, { ready?: Bucket; loading: Promise<Bucket> }>();
  /** The rounds; each starts when a read of meta's nextSeq (cheap, in every booking's transaction) completes. */
  private readonly rounds = new WriteRounds(
    () => this.tx.objectStore("meta").getKey("nextSeq"),
    () => this.issueWrites(),
  );

  /** The layout mark this transaction read (id-cache.ts), once. */
  private mark: Promise<string | undefined> | undefined;

  constructor(
    private readonly tx: WriteStoreTx,
    private readonly blockSize = BLOCK_SIZE,
    private readonly idCache?: IdCache,
  ) {}

  /** Books the transaction; resolves once it is written. A duplicate id of the account aborts the transaction. */
  async add(item: TransactionRecord): Promise<void> {
    const [blocks, bucket] = await Promise.all([this.blocksOf(item.accountId), this.bucket(item.accountId, bucketOf(item.id))]);
    for (;;) {
      const index = targetOf(blocks, item);
      const block = blocks[index];
      if (block && !block.items) {
        await this.load(block);
        continue; // other bookings may have changed the blocks meanwhile
      }
      // From here to the end, no await: the check and the insertion are one step.
      if (bucket.ids.has(item.id) || bucket.known.has(item.id)) throw this.refuse(item);
      this.insert(blocks, index, item);
      this.record(bucket, item);
      break;
    }
    return this.rounds.flush();
  }

  /** Resolves once everything booked so far is written: reads in the same transaction then see it. */
  settled(): Promise<void> {
    return this.rounds.busy() || this.hasDirty() ? this.rounds.flush() : Promise.resolve();
  }

  private refuse(item: TransactionRecord): DOMException {
    // As IndexedDB does for a failed add: the whole transaction is rolled back.
    try {
      this.tx.abort();
    } catch {
      // Already finished.
    }
    return new DOMException(`Account ${item.accountId} already has a transaction with id ${JSON.stringify(item.id)}.`, "ConstraintError");
  }

  private blocksOf(accountId: string): Promise<Block[]> {
    const known = this.accounts.get(accountId);
    if (known) return known.loading;
    const entry: { ready?: Block[]; loading: Promise<Block[]> } = {
      loading: this.tx
        .objectStore("transactionBlocks")
        .getAllKeys(accountBlocks(accountId))
        .then((keys) => (entry.ready = keys.map((key): Block => ({ stored: key, dirty: false })))),
    };
    this.accounts.set(accountId, entry);
    return entry.loading;
  }

  private bucket(accountId: string, bucket: number): Promise<Bucket> {
    const id = `${String(bucket)}:${accountId}`;
    const known = this.buckets.get(id);
    if (known) return known.loading;
    // The parts the cache does not hold, read at once beside the mark that says whether it may be used.
    const cached = this.idCache?.known(accountId, bucket) ?? NOTHING_KNOWN;
    const store = this.tx.objectStore("transactionIds");
    const tail = store.getAll(IDBKeyRange.bound([accountId, bucket, cached.from], [accountId, bucket, []]));
    const entry: { ready?: Bucket; loading: Promise<Bucket> } = {
      loading: Promise.all([this.layoutMark(), tail]).then(async ([token, read]) => {
        const usable = cached.from === 0 || token === cached.token;
        const parts = usable ? read : await store.getAll(bucketParts(accountId, bucket));
        const base = usable ? cached.from : 0;
        this.idCache?.absorb(token, accountId, bucket, base, parts);
        const ids = new Set(parts.flatMap((part) => part.ids));
        return (entry.ready = { accountId, bucket, base, parts, known: usable ? cached.ids : NOTHING_KNOWN.ids, ids, dirty: new Set<number>() });
      }),
    };
    this.buckets.set(id, entry);
    return entry.loading;
  }

  /** This transaction's layout mark; a store without one (written by an older version) gets one now. */
  private layoutMark(): Promise<string | undefined> {
    const store = this.tx.objectStore("transactionIds");
    this.mark ??= store.get(LAYOUT_MARK_KEY).then(async (part) => {
      const token = part?.ids[0];
      if (token !== undefined) return token;
      const fresh = layoutMark();
      await store.put(fresh, LAYOUT_MARK_KEY);
      return fresh.ids[0];
    });
    return this.mark;
  }

  /** Appends the id to the bucket's last part, or to a new part once the last one is full. */
  private record(bucket: Bucket, item: TransactionRecord): void {
    let last = bucket.parts[bucket.parts.length - 1];
    if (!last || last.ids.length >= ID_PART_SIZE) bucket.parts.push((last = { ids: [], bookingDates: [], seqs: [] }));
    last.ids.push(item.id);
    last.bookingDates.push(item.bookingDate);
    last.seqs.push(item.seq);
    bucket.ids.add(item.id);
    bucket.dirty.add(bucket.base + bucket.parts.length - 1);
  }

  private load(block: Block): Promise<void> {
    const { stored } = block;
    if (!stored) return Promise.resolve(); // new blocks have their items
    block.loading ??= this.tx
      .objectStore("transactionBlocks")
      .get(stored)
      .then((items) => {
        block.items = items ?? [];
      });
    return block.loading;
  }

  private insert(blocks: Block[], index: number, item: TransactionRecord): void {
    const block = blocks[index];
    const items = block?.items;
    if (!block || !items) {
      blocks.push({ items: [item], dirty: true });
      return;
    }
    const last = items[items.length - 1];
    if (index === blocks.length - 1 && items.length >= this.blockSize && last && byPosition(last, item) < 0) {
      blocks.push({ items: [item], dirty: true }); // the list grows at its newest end: a new block
      return;
    }
    insertSorted(items, item);
    block.dirty = true;
    if (items.length > this.blockSize) blocks.splice(index + 1, 0, { items: items.splice(Math.floor(items.length / 2)), dirty: true });
  }

  private hasDirty(): boolean {
    for (const { ready } of this.accounts.values()) if (ready?.some((block) => block.dirty)) return true;
    for (const { ready } of this.buckets.values()) if (ready && ready.dirty.size > 0) return true;
    return false;
  }

  /** Puts every changed block and id part: deletes of keys that changed first, then the puts. */
  private issueWrites(): Promise<unknown>[] {
    const blockStore = this.tx.objectStore("transactionBlocks");
    const deletes: Promise<unknown>[] = [];
    const puts: (() => Promise<unknown>)[] = [];
    for (const [accountId, { ready }] of this.accounts) {
      for (const block of ready ?? []) {
        const items = block.items;
        if (!block.dirty || !items) continue;
        const key = blockKeyOf(accountId, items);
        if (block.stored && !sameKey(block.stored, key)) deletes.push(blockStore.delete(block.stored));
        block.stored = key;
        block.dirty = false;
        puts.push(() => blockStore.put(items, key));
      }
    }
    for (const { ready: bucket } of this.buckets.values()) {
      if (!bucket) continue;
      for (const index of bucket.dirty) {
        const part = bucket.parts[index - bucket.base];
        if (part) puts.push(() => this.tx.objectStore("transactionIds").put(part, [bucket.accountId, bucket.bucket, index]));
      }
      bucket.dirty.clear();
    }
    return [...deletes, ...puts.map((put) => put())];
  }
}

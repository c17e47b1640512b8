/** The WriteTx of the port, bound to one readwrite IndexedDB transaction over every store. */
import type { IDBPTransaction } from "idb";
import { BlockWriter } from "./block-writer";
import type { IdCache } from "./id-cache";
import { PaymentBlocksTx } from "./payment-blocks-tx";
import type { PaymentKeyCache } from "./payment-key-cache";
import type { WriteTx } from "../port";
import { readTxOf } from "./read-tx";
import type { TransactionRecord } from "../records";
import type { SandboxDB, StoreName } from "./schema";

export interface BlockSizes {
  /** The most transactions a block holds (default BLOCK_SIZE). */
  transactions?: number;
  /** The most payments a block holds (default PAYMENT_BLOCK_SIZE). */
  payments?: number;
}

export function writeTxOf(
  tx: IDBPTransaction<SandboxDB, StoreName[], "readwrite">,
  sizes: BlockSizes = {},
  caches: { ids?: IdCache; paymentKeys?: PaymentKeyCache } = {},
): WriteTx {
  const put = async <Name extends "customers" | "accounts" | "agreements" | "baskets">(name: Name, record: SandboxDB[Name]["value"]): Promise<void> => {
    await tx.objectStore(name).put(record);
  };

  /**
   * The next seq to hand out in this transaction. Read from meta once, then counted here, so that
   * two addTransaction calls running side by side (Promise.all) still get different numbers.
   */
  let nextSeq: Promise<number> | undefined;
  const takeSeq = (): Promise<number> => {
    const mine =
      nextSeq ??
      tx
        .objectStore("meta")
        .get("nextSeq")
        .then((entry) => (typeof entry?.value === "number" ? entry.value : 0));
    nextSeq = mine.then((seq) => seq + 1);
    return mine;
  };

  /**
   * The counter goes to meta by at most one put at a time, not one per addTransaction: a request
   * costs about a millisecond in Chromium, and a batch chunk books hundreds of transactions. When a
   * put completes and more seqs were handed out meanwhile, the next put is issued from its success
   * callback, while the transaction is still active. So the transaction cannot commit before meta
   * holds the last seq + 1, even if the work awaits something foreign after its last addTransaction.
   */
  const counter = { toWrite: undefined as number | undefined, written: undefined as number | undefined, writing: false, resets: 0 };
  const persistSeq = (): void => {
    const value = counter.toWrite;
    if (counter.writing || value === undefined || value === counter.written) return;
    counter.writing = true;
    const resets = counter.resets;
    tx.objectStore("meta")
      .put({ key: "nextSeq", value })
      .then(
        () => {
          counter.writing = false;
          // A putMeta("nextSeq") since then overwrote this value.
          if (resets === counter.resets) counter.written = value;
          persistSeq();
        },
        () => undefined, // the transaction aborts, and the write rejects with the reason
      );
  };

  const blocks = new BlockWriter(tx, sizes.transactions, caches.ids);
  // Shared with the reads: a payment put in this write is read back as put, before it is written.
  const payments = new PaymentBlocksTx(tx, { tx, blockSize: sizes.payments }, caches.paymentKeys);
  const reads = readTxOf(tx, payments);

  return {
    ...reads,
    // Bookings not yet written would be missed by reads of the blocks: those wait for them.
    transaction: async (accountId, id) => {
      await blocks.settled();
      return reads.transaction(accountId, id);
    },
    transactionPage: async (query) => {
      await blocks.settled();
      return reads.transactionPage(query);
    },
    transactionCount: async (accountId, fromDate, toDate) => {
      await blocks.settled();
      return reads.transactionCount(accountId, fromDate, toDate);
    },
    putCustomer: (record) => put("customers", record),
    putAccount: (record) => put("accounts", record),
    putAgreement: (record) => put("agreements", record),
    putPayment: (record) => payments.put(record),
    putBasket: (record) => put("baskets", record),

    async addTransaction(record) {
      const seq = await takeSeq();
      const stored: TransactionRecord = { ...record, seq };
      const adding = blocks.add(stored);
      counter.toWrite = seq + 1;
      persistSeq();
      await adding;
      return stored;
    },

    async putMeta(key, value) {
      if (key === "nextSeq") {
        // The caller's value wins: a put of the counter already issued lands before this one.
        nextSeq = undefined;
        counter.toWrite = undefined;
        counter.written = undefined;
        counter.resets++;
      }
      await tx.objectStore("meta").put({ key, value });
    },
  };
}

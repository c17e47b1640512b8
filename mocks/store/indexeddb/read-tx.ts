/** The ReadTx of the port, bound to one IndexedDB transaction over every store. */
import type { IDBPTransaction } from "idb";
import { PaymentBlocksTx } from "./payment-blocks-tx";
import type { ReadTx } from "../port";
import type { MetaKey, MetaValue } from "../records";
import type { SandboxDB, StoreName } from "./schema";
import { blocksUpTo, bucketOf, bucketParts, positionIn } from "./transaction-blocks";
import { transactionCount, transactionPage, type BlockSource } from "./transaction-page";

export type StoreTx = IDBPTransaction<SandboxDB, StoreName[], IDBTransactionMode>;

/** `payments`: the transaction's payment blocks, shared with its WriteTx so that reads see its puts. */
export function readTxOf(tx: StoreTx, payments: PaymentBlocksTx): ReadTx {
  const store = <Name extends StoreName>(name: Name) => tx.objectStore(name);
  const blocks: BlockSource = {
    keys: (range) => store("transactionBlocks").getAllKeys(range),
    block: (key) => store("transactionBlocks").get(key),
  };

  return {
    customer: (customerNumber) => store("customers").get(customerNumber),
    customerByPsuId: (psuId) => store("customers").index("psuId").get(psuId),
    customers: () => store("customers").getAll(),
    account: (resourceId) => store("accounts").get(resourceId),
    accountByBban: (bban) => store("accounts").index("bban").get(bban),
    accountsOf: (customerNumber) => store("accounts").index("customerNumber").getAll(customerNumber),
    accounts: () => store("accounts").getAll(),
    agreement: (customerNumber) => store("agreements").get(customerNumber),
    agreements: () => store("agreements").getAll(),
    payment: (paymentId) => payments.byId(paymentId),
    async payments(limit) {
      if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`payments: limit must be a non-negative integer, not ${String(limit)}.`);
      return limit === 0 ? [] : payments.newest(limit);
    },
    duePayments: (statuses, date) => payments.due(statuses, date),
    paymentsAgain: (earlier) => payments.again(earlier),
    basket: (basketId) => store("baskets").get(basketId),
    async transaction(accountId, id) {
      // Its position from the id buckets, then the last block starting at or below that position.
      const position = positionIn(await store("transactionIds").getAll(bucketParts(accountId, bucketOf(id))), id);
      if (!position) return undefined;
      const cursor = await store("transactionBlocks").openCursor(blocksUpTo(accountId, position), "prev");
      return cursor?.value.find((item) => item.id === id);
    },
    transactionPage: (query) => transactionPage(blocks, query),
    transactionCount: (accountId, fromDate, toDate) => transactionCount(blocks, accountId, fromDate, toDate),

    async meta<K extends MetaKey>(key: K) {
      const entry = await store("meta").get(key);
      return entry?.value as MetaValue<K> | undefined;
    },
  };
}

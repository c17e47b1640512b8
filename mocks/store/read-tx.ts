/** The ReadTx of the port, bound to one IndexedDB transaction over every store. */
import type { IDBPTransaction } from "idb";
import { indexedAsDue, withoutDueKey, type DueKey } from "./due-key";
import type { ReadTx } from "./port";
import type { MetaKey, MetaValue, PaymentRecord } from "./records";
import type { SandboxDB, StoreName } from "./schema";
import { blocksUpTo, bucketOf, bucketParts, positionIn } from "./transaction-blocks";
import { transactionCount, transactionPage, type BlockSource } from "./transaction-page";

export type StoreTx = IDBPTransaction<SandboxDB, StoreName[], IDBTransactionMode>;

function byExecutionDate(a: PaymentRecord, b: PaymentRecord): number {
  const dateA = a.product === "single" ? a.executionDate : "";
  const dateB = b.product === "single" ? b.executionDate : "";
  if (dateA !== dateB) return dateA < dateB ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0;
}

/** [executionDate, createdAt] keys, in IndexedDB's order. */
const dueOrder = (a: DueKey, b: DueKey): number => (a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] - b[1]);

export function readTxOf(tx: StoreTx): ReadTx {
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
    payment: async (paymentId) => withoutDueKey(await store("payments").get(paymentId)),

    async payments(limit) {
      if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`payments: limit must be a non-negative integer, not ${String(limit)}.`);
      const items: PaymentRecord[] = [];
      if (limit === 0) return items;
      let cursor = await store("payments").index("createdAt").openCursor(null, "prev");
      while (cursor) {
        items.push(withoutDueKey(cursor.value));
        if (items.length === limit) break;
        cursor = await cursor.continue();
      }
      return items;
    },

    async duePayments(statuses, date) {
      const wanted = new Set(statuses);
      // The due index holds exactly the single payments in DUE_STATUSES (due-key.ts); other statuses
      // are not indexed, and are found by reading every payment.
      const candidates = indexedAsDue(statuses)
        ? await store("payments")
            .index("due")
            .getAll(IDBKeyRange.upperBound([date, Infinity]))
        : await store("payments").getAll();
      return candidates
        .filter((payment) => payment.product === "single" && wanted.has(payment.transactionStatus) && payment.executionDate <= date)
        .map((payment) => withoutDueKey(payment))
        .sort(byExecutionDate);
    },

    async paymentsAgain(earlier) {
      // A list in due order is one stretch of the due index: one getAll, not a get per payment.
      // Whatever is not found there (no longer due, a periodic payment) is read by id.
      const found = new Map<string, PaymentRecord>();
      let stretch: { from: DueKey; to: DueKey } | undefined;
      for (const payment of earlier) {
        if (payment.product !== "single") continue;
        const key: DueKey = [payment.executionDate, payment.createdAt];
        if (!stretch) stretch = { from: key, to: key };
        else if (dueOrder(key, stretch.from) < 0) stretch.from = key;
        else if (dueOrder(key, stretch.to) > 0) stretch.to = key;
      }
      const wanted = new Set(earlier.map((payment) => payment.paymentId));
      const listed = stretch ? await store("payments").index("due").getAll(IDBKeyRange.bound(stretch.from, stretch.to)) : [];
      for (const payment of listed) if (wanted.has(payment.paymentId)) found.set(payment.paymentId, withoutDueKey(payment));
      const missing = [...wanted].filter((paymentId) => !found.has(paymentId));
      const again = await Promise.all(missing.map((paymentId) => store("payments").get(paymentId)));
      again.forEach((payment, index) => {
        const paymentId = missing[index];
        if (payment && paymentId !== undefined) found.set(paymentId, withoutDueKey(payment));
      });
      return earlier.map((payment) => found.get(payment.paymentId));
    },

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

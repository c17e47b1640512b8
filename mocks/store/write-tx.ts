/** The WriteTx of the port, bound to one readwrite IndexedDB transaction over every store. */
import type { IDBPTransaction } from "idb";
import type { WriteTx } from "./port";
import { readTxOf } from "./read-tx";
import type { TransactionRecord } from "./records";
import type { SandboxDB, StoreName } from "./schema";

export function writeTxOf(tx: IDBPTransaction<SandboxDB, StoreName[], "readwrite">): WriteTx {
  const put = async <Name extends "customers" | "accounts" | "agreements" | "payments" | "baskets">(
    name: Name, record: SandboxDB[Name]["value"],
  ): Promise<void> => {
    await tx.objectStore(name).put(record);
  };

  /**
   * The next seq to hand out in this transaction. Read from meta once, then counted here, so that
   * two addTransaction calls running side by side (Promise.all) still get different numbers.
   */
  let nextSeq: Promise<number> | undefined;
  const takeSeq = (): Promise<number> => {
    const mine = nextSeq ?? tx.objectStore("meta").get("nextSeq").then((entry) => (typeof entry?.value === "number" ? entry.value : 0));
    nextSeq = mine.then((seq) => seq + 1);
    return mine;
  };

  return {
    ...readTxOf(tx),
    putCustomer: (record) => put("customers", record),
    putAccount: (record) => put("accounts", record),
    putAgreement: (record) => put("agreements", record),
    putPayment: (record) => put("payments", record),
    putBasket: (record) => put("baskets", record),

    async addTransaction(record) {
      const seq = await takeSeq();
      const stored: TransactionRecord = { ...record, seq };
      await Promise.all([tx.objectStore("transactions").add(stored), tx.objectStore("meta").put({ key: "nextSeq", value: seq + 1 })]);
      return stored;
    },

    async putMeta(key, value) {
      if (key === "nextSeq") nextSeq = undefined;
      await tx.objectStore("meta").put({ key, value });
    },
  };
}

/**
 * The IndexedDB adapter of the storage port (idb). In the browser it uses `indexedDB`; in Node
 * (tests, standalone server) import "fake-indexeddb/auto" first, or pass its IDBFactory.
 * docs/storage.md describes the stores, the transaction rules, paging, migrations and exports.
 */
import type { IDBPDatabase } from "idb";
import { clearAll, exportAll, importAll, replaceAll } from "./export-import";
import { openDatabase } from "./open-database";
import type { SandboxStore } from "../port";
import { readTxOf } from "./read-tx";
import { claimRequestId, requestIdUsed } from "./request-ids";
import { runTransaction } from "./run-transaction";
import type { SandboxDB } from "./schema";
import { explained } from "../store-errors";
import { writeTxOf, type BlockSizes } from "./write-tx";
import { commitListeners } from "../commit-listeners";
import { IdCache } from "./id-cache";
import { PaymentBlocksTx } from "./payment-blocks-tx";
import { PaymentKeyCache } from "./payment-key-cache";
import { recordTraffic, trafficPage, trafficRecord, trafficRecords } from "./traffic";
import { wholeRow } from "../traffic-rows";

export const DEFAULT_DATABASE_NAME = "psd2-sandbox";

export interface OpenSandboxStoreOptions {
  /** Database name; default "psd2-sandbox". */
  name?: string;
  /** Default: the global `indexedDB`. */
  indexedDB?: IDBFactory;
  /** The most transactions a stored block holds (default BLOCK_SIZE); tests make it small to have many blocks. */
  transactionBlockSize?: number;
  /** The most payments a stored block holds (default PAYMENT_BLOCK_SIZE); tests make it small to have many blocks. */
  paymentBlockSize?: number;
}

export async function openSandboxStore(options: OpenSandboxStoreOptions = {}): Promise<SandboxStore> {
  const db = await openDatabase<SandboxDB>({ name: options.name ?? DEFAULT_DATABASE_NAME, indexedDB: options.indexedDB });
  return sandboxStoreOn(db, { transactions: options.transactionBlockSize, payments: options.paymentBlockSize });
}

/** The port over an open database whose schema is current (openSandboxStore, or a test's own steps). */
export function sandboxStoreOn(db: IDBPDatabase<SandboxDB>, sizes: BlockSizes = {}): SandboxStore {
  const { notify, onCommit } = commitListeners();
  const idCache = new IdCache();
  const paymentKeys = new PaymentKeyCache();

  return {
    read: (work) =>
      runTransaction(db, "readonly", (tx, noteFailure) => explained(readTxOf(tx, new PaymentBlocksTx(tx, undefined, paymentKeys)), noteFailure), work),
    write: async (work) => {
      const result = await runTransaction(
        db,
        "readwrite",
        (tx, noteFailure) => explained(writeTxOf(tx, sizes, { ids: idCache, paymentKeys }), noteFailure),
        work,
      );
      notify();
      return result;
    },
    exportAll: () => exportAll(db),
    importAll: async (data) => {
      await importAll(db, data, sizes);
      notify();
    },
    restore: async (stores) => {
      await replaceAll(db, stores, sizes);
      notify();
    },
    clear: async () => {
      await clearAll(db);
      notify();
    },
    claimRequestId: (tppKey, requestId, at, keepUntil) => claimRequestId(db, tppKey, requestId, at, keepUntil),
    requestIdUsed: (tppKey, requestId, at) => requestIdUsed(db, tppKey, requestId, at),
    // Not the sandbox's data: a transaction of its own, which the listeners do not hear of.
    recordTraffic: (entry, limits) => recordTraffic(db, wholeRow(entry), limits),
    trafficPage: (query) => trafficPage(db, query),
    trafficRecords: (query) => trafficRecords(db, query),
    trafficRecord: (id) => trafficRecord(db, id),
    onCommit,
    close: () => {
      db.close();
    },
  };
}

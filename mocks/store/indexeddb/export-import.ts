/** The whole sandbox as one JSON value, and back: exportAll, importAll, clear. */
import { unwrap, type IDBPDatabase, type IDBPTransaction } from "idb";
import { LAYOUT_MARK_KEY, layoutMark } from "./id-cache";
import { validateExport, EXPORT_FORMAT } from "../import-validation";
import { CURRENT_SCHEMA_VERSION } from "../export-format";
import type { SandboxExport } from "../port";
import { storeNames, type SandboxDB, type StoreName } from "./schema";
import { paymentLayoutOf } from "./payment-blocks";
import { PAYMENT_LAYOUT_KEY, paymentLayoutMark } from "./payment-key-cache";
import { layoutOf } from "./transaction-blocks";
import type { BlockSizes } from "./write-tx";

function abortQuietly(tx: IDBPTransaction<SandboxDB, StoreName[], "readwrite">): void {
  try {
    tx.abort();
  } catch {
    // Already finished.
  }
}

export async function exportAll(db: IDBPDatabase<SandboxDB>, now: () => Date = () => new Date()): Promise<SandboxExport> {
  const tx = db.transaction([...storeNames], "readonly");
  const [customers, accounts, agreements, paymentBlocks, baskets, blocks, meta] = await Promise.all([
    tx.objectStore("customers").getAll(),
    tx.objectStore("accounts").getAll(),
    tx.objectStore("agreements").getAll(),
    tx.objectStore("paymentBlocks").getAll(),
    tx.objectStore("baskets").getAll(),
    tx.objectStore("transactionBlocks").getAll(),
    tx.objectStore("meta").getAll(),
    tx.done,
  ]);
  // In the order the file has always listed them: by [accountId, id], IndexedDB's order of the former key.
  const transactions = blocks
    .flat()
    .sort((a, b) => (a.accountId !== b.accountId ? (a.accountId < b.accountId ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    format: EXPORT_FORMAT,
    schemaVersion: CURRENT_SCHEMA_VERSION,
    exportedAt: now().toISOString(),
    stores: {
      customers,
      accounts,
      agreements,
      // By paymentId, as the file has always listed them (the former store's key).
      payments: paymentBlocks.flat().sort((a, b) => (a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0)),
      baskets,
      transactions,
      meta: meta.map(({ key, value }) => ({ key, value })),
    },
  };
}

/**
 * Validates everything first (throwing, with nothing touched, on the first problem), then
 * replaces every store in one readwrite transaction: it commits whole or not at all.
 */
export async function importAll(db: IDBPDatabase<SandboxDB>, data: unknown, sizes?: BlockSizes): Promise<void> {
  await replaceAll(db, validateExport(data).stores, sizes);
}

/**
 * Replaces every store with these records in one transaction, unchecked: for data the sandbox made itself.
 * Transactions and payments go in full blocks (a 100,000-transaction file is some 400 puts, not 100,000), written
 * with relaxed durability, and the requests of the raw IDBObjectStore issued without a promise each
 * (idb wraps every request in one). A failed request aborts the transaction, so waiting for `tx.done`
 * alone sees every failure.
 */
export async function replaceAll(db: IDBPDatabase<SandboxDB>, stores: SandboxExport["stores"], sizes: BlockSizes = {}): Promise<void> {
  const tx = db.transaction([...storeNames], "readwrite", { durability: "relaxed" });
  const add = <Name extends "customers" | "accounts" | "agreements" | "baskets" | "meta">(name: Name, records: readonly SandboxDB[Name]["value"][]) => {
    const store = unwrap(tx.objectStore(name));
    store.clear();
    for (const record of records) store.add(record);
  };
  try {
    add("customers", stores.customers);
    add("accounts", stores.accounts);
    add("agreements", stores.agreements);
    const payments = paymentLayoutOf(stores.payments, sizes.payments);
    const paymentBlocks = unwrap(tx.objectStore("paymentBlocks"));
    const paymentsDue = unwrap(tx.objectStore("paymentsDue"));
    const paymentIds = unwrap(tx.objectStore("paymentIds"));
    for (const store of [paymentBlocks, paymentsDue, paymentIds]) store.clear();
    for (const block of payments.blocks) {
      paymentBlocks.add(block.items, block.key);
      if (block.due) paymentsDue.add(block.due, block.key);
    }
    for (const { key, part } of payments.ids) paymentIds.add(part, key);
    paymentIds.add(paymentLayoutMark(), PAYMENT_LAYOUT_KEY); // every tab's cached block keys are out of date now
    add("baskets", stores.baskets);
    const transactions = layoutOf(stores.transactions, sizes.transactions);
    const blocks = unwrap(tx.objectStore("transactionBlocks"));
    const ids = unwrap(tx.objectStore("transactionIds"));
    blocks.clear();
    ids.clear();
    ids.add(layoutMark(), LAYOUT_MARK_KEY); // every tab's id cache is out of date now
    for (const block of transactions.blocks) blocks.add(block.items, block.key);
    for (const { key, part } of transactions.ids) ids.add(part, key);
    add("meta", stores.meta);
    await tx.done;
  } catch (error) {
    abortQuietly(tx); // a record IndexedDB refused at once (DataError, DataCloneError): undo what was issued
    await tx.done.catch(() => undefined);
    throw new Error(`Import: writing failed and was rolled back, nothing changed: ${String(error)}`, { cause: error });
  }
}

export async function clearAll(db: IDBPDatabase<SandboxDB>): Promise<void> {
  const tx = db.transaction([...storeNames], "readwrite", { durability: "relaxed" });
  const cleared = storeNames.map((name) => tx.objectStore(name).clear());
  // After the clear (requests run in order): every tab's id cache is out of date now.
  await Promise.all([
    ...cleared,
    tx.objectStore("transactionIds").put(layoutMark(), LAYOUT_MARK_KEY),
    tx.objectStore("paymentIds").put(paymentLayoutMark(), PAYMENT_LAYOUT_KEY),
    tx.done,
  ]);
}

/**
 * The versioned schema of the sandbox database. Each step takes a database from `version - 1`
 * to `version`: structural changes (stores, indexes) and, where a record shape changes, a data
 * step that rewrites the records in the same upgrade transaction. Steps are history: never edit
 * a released step, add the next one (docs/storage.md, "Migrations").
 */
import type { IDBPDatabase, IDBPTransaction, StoreNames } from "idb";
import { idBucketsV3, type IdBucketKeyV3, type IdPositionsV3 } from "./id-buckets-v3";
import { paymentLayoutOf } from "./payment-blocks";
import { PAYMENT_LAYOUT_KEY, paymentLayoutMark } from "./payment-key-cache";
import type { PaymentRecord, TransactionRecord } from "../records";
import { layoutOf } from "./transaction-blocks";

/** The database and the versionchange transaction as a step sees them (untyped: older layouts differ). */
export type UpgradeDb = IDBPDatabase;
export type UpgradeTx = IDBPTransaction<unknown, StoreNames<unknown>[], "versionchange">;

export interface MigrationStep {
  version: number;
  /**
   * Runs inside the versionchange transaction. A data step returns the promise of its last store
   * request and awaits nothing else (the transaction commits as soon as it has no pending request).
   */
  upgrade(db: UpgradeDb, tx: UpgradeTx): void | Promise<void>;
}

export const migrations: readonly MigrationStep[] = [
  {
    version: 1,
    upgrade(db) {
      const customers = db.createObjectStore("customers", { keyPath: "customerNumber" });
      customers.createIndex("psuId", "psuId", { unique: true });

      const accounts = db.createObjectStore("accounts", { keyPath: "resourceId" });
      accounts.createIndex("bban", "bban", { unique: true });
      accounts.createIndex("customerNumber", "customerNumber");

      db.createObjectStore("agreements", { keyPath: "customerNumber" });

      const payments = db.createObjectStore("payments", { keyPath: "paymentId" });
      payments.createIndex("createdAt", "createdAt");
      payments.createIndex("statusDate", ["transactionStatus", "executionDate"]);

      db.createObjectStore("baskets", { keyPath: "basketId" });

      const transactions = db.createObjectStore("transactions", { keyPath: ["accountId", "id"] });
      transactions.createIndex("accountList", ["accountId", "bookingDate", "seq"], { unique: true });

      db.createObjectStore("meta", { keyPath: "key" });
    },
  },
  {
    // The replay guard: which TPP (certificate fingerprint) used which X-Request-ID, and when.
    version: 2,
    upgrade(db) {
      const requestIds = db.createObjectStore("requestIds", { keyPath: ["tppKey", "requestId"] });
      requestIds.createIndex("firstUsedAt", "firstUsedAt");
    },
  },
  {
    // Transactions in blocks (decision 0023): a record and an index entry per transaction cost
    // Chromium a request each; an account's list cut into blocks of consecutive positions, with its
    // ids in hash buckets, costs a request per block. The records move as they are.
    version: 3,
    async upgrade(db, tx) {
      // The batch re-reads a chunk of due payments as one stretch of this index per status.
      const payments = tx.objectStore("payments");
      payments.deleteIndex("statusDate");
      payments.createIndex("dueOrder", ["transactionStatus", "executionDate", "createdAt"]);
      db.createObjectStore("transactionBlocks");
      db.createObjectStore("transactionIds");
      const transactions = (await tx.objectStore("transactions").getAll()) as TransactionRecord[];
      db.deleteObjectStore("transactions");
      // 256 per block: the size this version was released with (any size up to the current one is valid).
      const { blocks } = layoutOf(transactions, 256);
      await Promise.all([
        ...blocks.map((block) => tx.objectStore("transactionBlocks").add(block.items, block.key)),
        ...idBucketsV3(transactions).map((bucket) => tx.objectStore("transactionIds").add(bucket.positions, bucket.key)),
      ]);
    },
  },
  {
    // Decision 0023, "Version 4". Each id bucket in parts: a booking appends to a small last part
    // instead of rewriting the whole bucket; a version-3 bucket becomes part 0, its ids as they are.
    // And the payments' due index becomes sparse: `dueKey` [executionDate, createdAt] only on single
    // payments in ACTC or PDNG (the due statuses this version was released with).
    version: 4,
    async upgrade(_db, tx) {
      const payments = tx.objectStore("payments");
      payments.deleteIndex("dueOrder");
      payments.createIndex("due", "dueKey");
      const ids = tx.objectStore("transactionIds");
      const [all, keys, values] = (await Promise.all([payments.getAll(), ids.getAllKeys(), ids.getAll()])) as [
        { product: string; transactionStatus: string; executionDate?: string; createdAt: number }[],
        IdBucketKeyV3[],
        IdPositionsV3[],
      ];
      const due = all.filter((payment) => payment.product === "single" && (payment.transactionStatus === "ACTC" || payment.transactionStatus === "PDNG"));
      const parts = keys.map((key, index) => {
        const entries = [...(values[index] ?? new Map<string, [string, number]>())];
        return {
          key: [...key, 0],
          part: { ids: entries.map(([id]) => id), bookingDates: entries.map(([, [date]]) => date), seqs: entries.map(([, [, seq]]) => seq) },
        };
      });
      await Promise.all([
        ...due.map((payment) => payments.put({ ...payment, dueKey: [payment.executionDate, payment.createdAt] })),
        ids.clear(),
        ...parts.map(({ key, part }) => ids.add(part, key)),
      ]);
    },
  },
  {
    // Decision 0023, "Version 5". Payments in blocks, as transactions: a batch chunk rewrites a few
    // blocks instead of a record (and its index entries) per payment. The records move as they are,
    // without version 4's adapter-only `dueKey`; `paymentsDue` holds the due ones per block.
    version: 5,
    async upgrade(db, tx) {
      db.createObjectStore("paymentBlocks");
      db.createObjectStore("paymentIds");
      db.createObjectStore("paymentsDue");
      const stored = (await tx.objectStore("payments").getAll()) as (PaymentRecord & { dueKey?: unknown })[];
      db.deleteObjectStore("payments");
      // 32 per block: the size this version was released with (any size up to the current one is valid).
      const { blocks, ids } = paymentLayoutOf(
        stored.map(({ dueKey: _dueKey, ...payment }) => payment),
        32,
      );
      await Promise.all([
        ...blocks.flatMap((block) => [
          tx.objectStore("paymentBlocks").add(block.items, block.key),
          ...(block.due ? [tx.objectStore("paymentsDue").add(block.due, block.key)] : []),
        ]),
        ...ids.map(({ key, part }) => tx.objectStore("paymentIds").add(part, key)),
        // A layout mark from the start, so tabs can keep the block keys before any new block is made.
        tx.objectStore("paymentIds").add(paymentLayoutMark(), PAYMENT_LAYOUT_KEY),
      ]);
    },
  },
  {
    // The traffic record (decision 0055): what the sandbox was sent, apart from its data; the totals start at none.
    version: 6,
    upgrade(db) {
      db.createObjectStore("traffic", { keyPath: "id" });
      db.createObjectStore("trafficTotals");
    },
  },
];

export function versionOf(steps: readonly MigrationStep[]): number {
  return steps.at(-1)?.version ?? 0;
}

/** Steps must be numbered 1, 2, 3, … without gaps, so that every old version has a path up. */
export function checkSteps(steps: readonly { version: number }[]): void {
  steps.forEach((step, index) => {
    if (step.version !== index + 1)
      throw new Error(
        `Migration step ${String(index)} has version ${String(step.version)}; expected ${String(index + 1)} (steps are numbered 1, 2, 3, … in order).`,
      );
  });
}

/**
 * Applies the steps after `oldVersion` up to `newVersion`, in order. Structural steps run
 * synchronously in the upgradeneeded event; a step that returns a promise (a data step) delays
 * the ones after it until its requests are done, all inside the one versionchange transaction.
 */
export function applyMigrations(steps: readonly MigrationStep[], db: UpgradeDb, oldVersion: number, newVersion: number, tx: UpgradeTx): Promise<void> {
  let pending: Promise<void> | undefined;
  for (const step of steps) {
    if (step.version <= oldVersion || step.version > newVersion) continue;
    if (pending) pending = pending.then(() => step.upgrade(db, tx));
    else pending = step.upgrade(db, tx) ?? undefined;
  }
  return pending ?? Promise.resolve();
}

/**
 * The current layout of the sandbox database: object stores, their keys and indexes, as the
 * migrations leave it at the newest version (CURRENT_SCHEMA_VERSION, export-format.ts). The adapter reads through these names; the
 * migration tests compare a migrated database with `layout`. (The migration steps spell their
 * names out themselves: a step is history and must not change when this file does.)
 */
import type { DBSchema } from "idb";
import type { MetaEntry } from "../port";
import type { AccountRecord, AgreementRecord, BasketRecord, CustomerRecord, PaymentRecord, TransactionRecord } from "../records";
import type { DueSummary, PaymentBlockKey, PaymentIdPart, PaymentIdPartKey } from "./payment-blocks";
import type { BlockKey, IdPart, IdPartKey } from "./transaction-blocks";
import type { TrafficRow, TrafficTotals } from "../traffic-rows";

/**
 * The object stores of the sandbox's data (what imports replace and clear empties). Transactions are
 * not a store of their own since version 3: they live in `transactionBlocks`, found by id through
 * `transactionIds` (transaction-blocks.ts); nor payments since version 5: `paymentBlocks`, found by id
 * through `paymentIds`, the due ones through `paymentsDue` (payment-blocks.ts).
 */
export const storeNames = [
  "customers",
  "accounts",
  "agreements",
  "paymentBlocks",
  "paymentIds",
  "paymentsDue",
  "baskets",
  "transactionBlocks",
  "transactionIds",
  "meta",
] as const;
export type StoreName = (typeof storeNames)[number];

/** The replay guard's store (version 2): kept apart from the data, so export, import and clear leave it alone. */
export const REQUEST_IDS_STORE = "requestIds";

/** A request id a TPP has used: keyPath [tppKey, requestId]. */
export interface RequestIdEntry {
  /** SHA-256 of the SubjectPublicKeyInfo that verified the TPP's signature (hex; decision 0045). */
  tppKey: string;
  requestId: string;
  /** Real time (epoch ms) of the first use. */
  firstUsedAt: number;
  /** Until when it is kept (port.ts, claimRequestId); absent: REQUEST_ID_RETENTION_MS after the first use. */
  expiresAt?: number;
}

export interface SandboxDB extends DBSchema {
  customers: { key: string; value: CustomerRecord; indexes: { psuId: string } };
  accounts: { key: string; value: AccountRecord; indexes: { bban: string; customerNumber: string } };
  agreements: { key: string; value: AgreementRecord };
  /** Version 5: every payment in blocks of consecutive [createdAt, paymentId] positions, oldest first; the key is the first one's. */
  paymentBlocks: { key: PaymentBlockKey; value: PaymentRecord[] };
  /** paymentId → createdAt, in PAYMENT_ID_BUCKETS buckets by a hash of the id, each in parts (version 5). */
  paymentIds: { key: PaymentIdPartKey; value: PaymentIdPart };
  /** The due payments of each block that has any, under the block's key (version 5). */
  paymentsDue: { key: PaymentBlockKey; value: DueSummary };
  baskets: { key: string; value: BasketRecord };
  /**
   * Version 3: an account's transactions in blocks of consecutive list positions, oldest first; the
   * out-of-line key [accountId, bookingDate, seq, count] is the first item's position and the size.
   */
  transactionBlocks: { key: BlockKey; value: TransactionRecord[] };
  /**
   * Where each transaction id of an account is (its position), in ID_BUCKETS buckets by a hash of the
   * id (version 3), each bucket in parts that bookings append to (version 4).
   */
  transactionIds: { key: IdPartKey; value: IdPart };
  meta: { key: string; value: MetaEntry };
  requestIds: { key: [string, string]; value: RequestIdEntry; indexes: { firstUsedAt: number } };
  /** The traffic record (version 6, decision 0055): a row per request under its time-ordered id; not the sandbox's data. */
  traffic: { key: string; value: TrafficRow };
  /** How many records and bytes `traffic` holds, under key 1 (version 6). */
  trafficTotals: { key: number; value: TrafficTotals };
}

export interface IndexLayout {
  name: string;
  keyPath: string | string[];
  unique: boolean;
}
export interface StoreLayout {
  name: string;
  /** null: out-of-line keys (the key is given with each put). */
  keyPath: string | string[] | null;
  indexes: IndexLayout[];
}

export const layout: readonly StoreLayout[] = [
  { name: "customers", keyPath: "customerNumber", indexes: [{ name: "psuId", keyPath: "psuId", unique: true }] },
  {
    name: "accounts",
    keyPath: "resourceId",
    indexes: [
      { name: "bban", keyPath: "bban", unique: true },
      { name: "customerNumber", keyPath: "customerNumber", unique: false },
    ],
  },
  { name: "agreements", keyPath: "customerNumber", indexes: [] },
  // Version 5: payments in blocks, as transactions (payment-blocks.ts); no index either.
  { name: "paymentBlocks", keyPath: null, indexes: [] },
  { name: "paymentIds", keyPath: null, indexes: [] },
  { name: "paymentsDue", keyPath: null, indexes: [] },
  { name: "baskets", keyPath: "basketId", indexes: [] },
  // No index on either: an index entry per transaction costs as much as a record per transaction.
  { name: "transactionBlocks", keyPath: null, indexes: [] },
  { name: "transactionIds", keyPath: null, indexes: [] },
  { name: "meta", keyPath: "key", indexes: [] },
  // Oldest first by the index, so a claim can forget expired ids without scanning the rest.
  { name: "requestIds", keyPath: ["tppKey", "requestId"], indexes: [{ name: "firstUsedAt", keyPath: "firstUsedAt", unique: false }] },
  // Version 6: the traffic record, apart from the data (export, import and clear leave it alone).
  { name: "traffic", keyPath: "id", indexes: [] },
  { name: "trafficTotals", keyPath: null, indexes: [] },
];

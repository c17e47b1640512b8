/**
 * The current layout of the sandbox database: object stores, their keys and indexes, as the
 * migrations leave it at CURRENT_SCHEMA_VERSION. The adapter reads through these names; the
 * migration tests compare a migrated database with `layout`. (The migration steps spell their
 * names out themselves: a step is history and must not change when this file does.)
 */
import type { DBSchema } from "idb";
import type {
  AccountRecord, AgreementRecord, BasketRecord, CustomerRecord, MetaKey, PaymentRecord, TransactionRecord,
} from "./records";

/** The sandbox's data: what exports hold, imports replace and clear empties. */
export const storeNames = ["customers", "accounts", "agreements", "payments", "baskets", "transactions", "meta"] as const;
export type StoreName = (typeof storeNames)[number];

/** The replay guard's store (version 2): kept apart from the data, so export, import and clear leave it alone. */
export const REQUEST_IDS_STORE = "requestIds";

/** A request id a TPP has used: keyPath [tppKey, requestId]. */
export interface RequestIdEntry {
  /** SHA-256 fingerprint of the TPP's certificate (hex). */
  tppKey: string;
  requestId: string;
  /** Real time (epoch ms) of the first use. */
  firstUsedAt: number;
}

/** A meta record as stored: keyPath "key". */
export interface MetaEntry {
  key: MetaKey;
  value: unknown;
}

export interface SandboxDB extends DBSchema {
  customers: { key: string; value: CustomerRecord; indexes: { psuId: string } };
  accounts: { key: string; value: AccountRecord; indexes: { bban: string; customerNumber: string } };
  agreements: { key: string; value: AgreementRecord };
  payments: { key: string; value: PaymentRecord; indexes: { createdAt: number; statusDate: [string, string] } };
  baskets: { key: string; value: BasketRecord };
  /** Key [accountId, id]: a transaction id is unique within its account. */
  transactions: { key: [string, string]; value: TransactionRecord; indexes: { accountList: [string, string, number] } };
  meta: { key: string; value: MetaEntry };
  requestIds: { key: [string, string]; value: RequestIdEntry; indexes: { firstUsedAt: number } };
}

export interface IndexLayout {
  name: string;
  keyPath: string | string[];
  unique: boolean;
}
export interface StoreLayout {
  name: string;
  keyPath: string | string[];
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
  {
    name: "payments",
    keyPath: "paymentId",
    indexes: [
      { name: "createdAt", keyPath: "createdAt", unique: false },
      // Periodic payments have no executionDate, so they are not in this index at all.
      { name: "statusDate", keyPath: ["transactionStatus", "executionDate"], unique: false },
    ],
  },
  { name: "baskets", keyPath: "basketId", indexes: [] },
  {
    name: "transactions",
    keyPath: ["accountId", "id"],
    // seq is global and unique, so every entry has its own keyset position.
    indexes: [{ name: "accountList", keyPath: ["accountId", "bookingDate", "seq"], unique: true }],
  },
  { name: "meta", keyPath: "key", indexes: [] },
  // Oldest first by the index, so a claim can forget expired ids without scanning the rest.
  { name: "requestIds", keyPath: ["tppKey", "requestId"], indexes: [{ name: "firstUsedAt", keyPath: "firstUsedAt", unique: false }] },
];

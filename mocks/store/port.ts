/**
 * The storage port of the sandbox. Domain code reads and writes through it; the IndexedDB adapter
 * (idb) implements it in the browser (and over fake-indexeddb in tests), the SQL adapter (sql/,
 * SQLite through Kysely) in the standalone server.
 *
 * A write is one storage transaction: everything `write` does commits together or not at all.
 * The callback must not await anything but the store (IndexedDB commits a transaction as soon as
 * it has no pending request), so verify signatures and validate input before calling `write`.
 */
import type { TrafficPage, TrafficRecord } from "../../src/contract/traffic";
import type { TrafficEntry } from "./traffic-rows";
import type { AccountRecord, AgreementRecord, BasketRecord, CustomerRecord, MetaKey, MetaValue, PaymentRecord, TransactionRecord } from "./records";

/** The keyset position of a transaction in its account's list. */
export interface TransactionKey {
  bookingDate: string;
  seq: number;
}

export interface TransactionPageQuery {
  accountId: string;
  fromDate?: string;
  toDate?: string;
  limit: number;
  /** Newest first. Start after this key (next pages), or end before it (previous pages)… */
  after?: TransactionKey;
  before?: TransactionKey;
  /** …or skip this many from the newest (a client-built URL). */
  offset?: number;
}

export interface TransactionPage {
  items: TransactionRecord[];
  /** Whether more items follow the last one, and precede the first one, within the date range. */
  hasMore: boolean;
  hasPrevious: boolean;
}

export interface ReadTx {
  customer(customerNumber: string): Promise<CustomerRecord | undefined>;
  customerByPsuId(psuId: string): Promise<CustomerRecord | undefined>;
  customers(): Promise<CustomerRecord[]>;
  account(resourceId: string): Promise<AccountRecord | undefined>;
  accountByBban(bban: string): Promise<AccountRecord | undefined>;
  accountsOf(customerNumber: string): Promise<AccountRecord[]>;
  accounts(): Promise<AccountRecord[]>;
  agreement(customerNumber: string): Promise<AgreementRecord | undefined>;
  agreements(): Promise<AgreementRecord[]>;
  payment(paymentId: string): Promise<PaymentRecord | undefined>;
  /** Newest first, at most `limit`. */
  payments(limit: number): Promise<PaymentRecord[]>;
  /**
   * These payments as stored now, in the same order (undefined for one that is gone): a list read
   * earlier, read again inside a transaction (the batch re-checks each chunk). The records given let
   * an adapter find them together rather than one request each.
   */
  paymentsAgain(earlier: readonly PaymentRecord[]): Promise<(PaymentRecord | undefined)[]>;
  /** Single payments in one of `statuses` whose executionDate is on or before `date`, oldest first. */
  duePayments(statuses: readonly string[], date: string): Promise<PaymentRecord[]>;
  basket(basketId: string): Promise<BasketRecord | undefined>;
  transaction(accountId: string, id: string): Promise<TransactionRecord | undefined>;
  transactionPage(query: TransactionPageQuery): Promise<TransactionPage>;
  /** How many transactions of the account fall in the date range (native index count). */
  transactionCount(accountId: string, fromDate?: string, toDate?: string): Promise<number>;
  meta<K extends MetaKey>(key: K): Promise<MetaValue<K> | undefined>;
}

export interface WriteTx extends ReadTx {
  putCustomer(record: CustomerRecord): Promise<void>;
  putAccount(record: AccountRecord): Promise<void>;
  putAgreement(record: AgreementRecord): Promise<void>;
  putPayment(record: PaymentRecord): Promise<void>;
  putBasket(record: BasketRecord): Promise<void>;
  /** Adds a transaction; its `seq` comes from the `nextSeq` meta counter, advanced in the same transaction. */
  addTransaction(record: Omit<TransactionRecord, "seq">): Promise<TransactionRecord>;
  putMeta<K extends MetaKey>(key: K, value: MetaValue<K>): Promise<void>;
}

/** A meta record as stored and exported: its key and value. */
export interface MetaEntry {
  key: MetaKey;
  value: unknown;
}

export interface SandboxExport {
  format: "psd2-sandbox-export";
  schemaVersion: number;
  exportedAt: string;
  stores: {
    customers: CustomerRecord[];
    accounts: AccountRecord[];
    agreements: AgreementRecord[];
    payments: PaymentRecord[];
    baskets: BasketRecord[];
    transactions: TransactionRecord[];
    meta: MetaEntry[];
  };
}

/** When a request id was first used (the replay guard). */
export interface RequestIdClaim {
  /** Real time (epoch ms) of the first use. */
  firstUsedAt: number;
}

/**
 * How long the replay guard remembers a request id by default, in real time: that of a request without a signed
 * Date, which nothing else stops from being sent again (decision 0013). A dated request's id is kept only until its
 * Date's window has closed (claimRequestId's keepUntil; mocks/http/request-guard.ts).
 */
export const REQUEST_ID_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** How a write may run beside others (decision 0041-initiations-in-parallel). */
export interface WriteOptions {
  /**
   * The work only inserts new payments with fresh ids (an initiation) and reads only what such writes never change
   * (the clock, customers, accounts): no two such writes conflict, so an adapter may run them beside each other,
   * never beside any other write. PostgreSQL does so, and refuses any other change in such a write; SQLite and
   * IndexedDB run it as any write.
   */
  insertsOnly?: boolean;
}

/** How a read may run (decision 0042-fewer-round-trips). */
export interface ReadOptions {
  /**
   * The work runs one statement (one store call that is one query, such as `meta` or `customerByPsuId`): it needs no
   * snapshot of its own, the statement is one. PostgreSQL then runs it without a transaction (two round trips fewer)
   * and refuses a second statement; SQLite and IndexedDB run it as any read.
   */
  oneStatement?: boolean;
}

export interface SandboxStore {
  read<T>(work: (tx: ReadTx) => Promise<T>, options?: ReadOptions): Promise<T>;
  write<T>(work: (tx: WriteTx) => Promise<T>, options?: WriteOptions): Promise<T>;
  /** Everything, as one JSON-serialisable value. */
  exportAll(): Promise<SandboxExport>;
  /** Replaces everything in one transaction, after validating every record; rejects (and changes nothing) on bad input. */
  importAll(data: unknown): Promise<void>;
  /** Replaces everything with records the sandbox made itself (the fixed data set), in one transaction, unchecked. */
  restore(stores: SandboxExport["stores"]): Promise<void>;
  /** Empties every store. */
  clear(): Promise<void>;
  /**
   * The replay guard: records, in its own committed transaction, that the TPP whose signing key has the fingerprint `tppKey` (SHA-256 of
   * its SubjectPublicKeyInfo, decision 0045) used
   * `requestId` at real time `at`. Resolves undefined when the pair is new; when it was seen before, records nothing and resolves with
   * its first use. Kept apart from the sandbox's data: export, import, restore and clear leave it alone. The pair is kept until
   * `keepUntil` (default `at + REQUEST_ID_RETENTION_MS`): a claim after that finds it new again, and an entry past it may be
   * forgotten (each claim removes at most a bounded number of them).
   */
  claimRequestId(tppKey: string, requestId: string, at: number, keepUntil?: number): Promise<RequestIdClaim | undefined>;
  /** Whether `requestId` is claimed for `tppKey` and still kept at `at` (its first use), claiming nothing: a read. */
  requestIdUsed(tppKey: string, requestId: string, at: number): Promise<RequestIdClaim | undefined>;
  /**
   * The traffic record (decision 0055): keeps a record, handed over serialized (`entry`, decision 0064), beside the
   * sandbox's data, in its own unit (export, import, restore and clear leave the traffic alone, and onCommit listeners
   * do not hear of it), then drops the oldest records until at most `limits` remain. Resolves once it is committed.
   */
  recordTraffic(entry: TrafficEntry, limits: TrafficLimits): Promise<void>;
  /** A page of the recorded traffic, newest first. */
  trafficPage(query: TrafficPageQuery): Promise<TrafficPage>;
  /** A page of the recorded traffic, newest first, each record whole (the client report reads it page by page). */
  trafficRecords(query: TrafficPageQuery): Promise<TrafficRecords>;
  /** One recorded request whole, or undefined. */
  trafficRecord(id: string): Promise<TrafficRecord | undefined>;
  /** Called after every committed write, import, restore and clear (not after a replay-guard claim, nor a traffic record). */
  onCommit(listener: () => void): () => void;
  close(): void;
}

/** How much traffic a sandbox keeps at most: records, and bytes of their stored JSON. The oldest go first. */
export interface TrafficLimits {
  maxRecords: number;
  maxBytes: number;
}

/** A page of whole records, newest first, and the `before` of the next (older) page, null at the end. */
export interface TrafficRecords {
  records: TrafficRecord[];
  next: string | null;
}

/** What a traffic page asks for: every bound is optional but the limit; ids are time-ordered (TRAFFIC_ID). */
export interface TrafficPageQuery {
  limit: number;
  /** Records with ids below this one (the previous page's `next`). */
  before?: string;
  /** Records with ids at or above this one (the lowest id of a time). */
  from?: string;
  /** Records with ids below this one. */
  to?: string;
  /** Answers with a status in [statusFrom, statusTo]. */
  statusFrom?: number;
  statusTo?: number;
  operation?: string;
  /** Records of none of these operations (a record of no operation stays). */
  withoutOperations?: readonly string[];
  /** The certificate's SHA-256. */
  tpp?: string;
}

/** Where the replay guard claims request ids: a sandbox's own store, or (hosted mode) the server's, shared by every tenant. */
export type RequestIdClaims = Pick<SandboxStore, "claimRequestId" | "requestIdUsed">;

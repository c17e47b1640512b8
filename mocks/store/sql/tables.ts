/**
 * The tables of the SQL adapter as Kysely sees them. Each sandbox store is one table: the columns
 * the port looks records up or orders them by, and the whole record as JSON text in `data` (the
 * record shapes belong to records.ts; the table only indexes them). The replay guard's
 * `request_ids` is kept apart from the sandbox's data.
 */
import type { TrafficRow } from "../traffic-rows";
import type { AccountRecord, AgreementRecord, BasketRecord, CustomerRecord, PaymentRecord, TransactionRecord } from "../records";

/** JSON text of a T (the brand lets the row helpers know which record a column holds). */
export type Json<T> = string & { readonly __json?: T };

export interface CustomersTable {
  customer_number: string;
  psu_id: string;
  data: Json<CustomerRecord>;
}

export interface AccountsTable {
  resource_id: string;
  bban: string;
  customer_number: string;
  data: Json<AccountRecord>;
}

export interface AgreementsTable {
  customer_number: string;
  data: Json<AgreementRecord>;
}

export interface PaymentsTable {
  payment_id: string;
  created_at: number;
  transaction_status: string;
  /** Single payments only; periodic payments have none, so duePayments never sees them. */
  execution_date: string | null;
  data: Json<PaymentRecord>;
}

export interface BasketsTable {
  basket_id: string;
  data: Json<BasketRecord>;
}

export interface TransactionsTable {
  account_id: string;
  id: string;
  booking_date: string;
  seq: number;
  data: Json<TransactionRecord>;
}

export interface MetaTable {
  key: string;
  /** The value as JSON text. */
  value: string;
}

export interface RequestIdsTable {
  tpp_key: string;
  request_id: string;
  first_used_at: number;
  /** Until when the id is kept (version 2); null: 7 days after first use (rows of version 1). */
  expires_at: number | null;
}

/**
 * The traffic record (version 3, decision 0055): every request the sandbox answered, kept apart from its data, a row as
 * traffic-rows.ts makes it; `id` is time-ordered, so pages walk it newest first and a time range is a range of it.
 */
export interface TrafficTable extends TrafficRow {
  /** The SHA-256 (hex) of the certificate header the request carried, kept in traffic_certificates (version 4); null: none, or a row of version 3 holding it. */
  certificate: string | null;
}

/** The certificate headers the records carried, once each (version 4), by the SHA-256 of the header's text. */
export interface TrafficCertificatesTable {
  id: string;
  text: string;
}

/** One row (id 1): how many records and bytes `traffic` holds, so the retention bound needs no count. */
export interface TrafficTotalsTable {
  id: number;
  records: number;
  bytes: number;
}

export interface SandboxTables {
  customers: CustomersTable;
  accounts: AccountsTable;
  agreements: AgreementsTable;
  payments: PaymentsTable;
  baskets: BasketsTable;
  transactions: TransactionsTable;
  meta: MetaTable;
  request_ids: RequestIdsTable;
  traffic: TrafficTable;
  traffic_totals: TrafficTotalsTable;
  traffic_certificates: TrafficCertificatesTable;
}

/** The tables that hold the sandbox's data: export, import, restore and clear cover these, not request_ids nor the traffic. */
export const dataTables = ["customers", "accounts", "agreements", "payments", "baskets", "transactions", "meta"] as const;
export type DataTable = (typeof dataTables)[number];

/**
 * Records to rows and back. A row holds the record whole as JSON (`data`) and copies of the fields
 * the tables index; the record, not the copies, is what the port returns.
 */
import type { Insertable } from "kysely";
import type { MetaKey } from "../records";
import type { AccountRecord, AgreementRecord, BasketRecord, CustomerRecord, PaymentRecord, TransactionRecord } from "../records";
import type { MetaEntry } from "../port";
import type { Json, SandboxTables } from "./tables";

const json = <T>(value: T): Json<T> => JSON.stringify(value);

export type Row<Name extends keyof SandboxTables> = Insertable<SandboxTables[Name]>;

export const customerRow = (record: CustomerRecord): Row<"customers"> => ({
  customer_number: record.customerNumber,
  psu_id: record.psuId,
  data: json(record),
});

export const accountRow = (record: AccountRecord): Row<"accounts"> => ({
  resource_id: record.resourceId,
  bban: record.bban,
  customer_number: record.customerNumber,
  data: json(record),
});

export const agreementRow = (record: AgreementRecord): Row<"agreements"> => ({ customer_number: record.customerNumber, data: json(record) });

export const paymentRow = (record: PaymentRecord): Row<"payments"> => ({
  payment_id: record.paymentId,
  created_at: record.createdAt,
  transaction_status: record.transactionStatus,
  execution_date: record.product === "single" ? record.executionDate : null,
  data: json(record),
});

export const basketRow = (record: BasketRecord): Row<"baskets"> => ({ basket_id: record.basketId, data: json(record) });

export const transactionRow = (record: TransactionRecord): Row<"transactions"> => ({
  account_id: record.accountId,
  id: record.id,
  booking_date: record.bookingDate,
  seq: record.seq,
  data: json(record),
});

export const metaRow = (entry: { key: MetaKey; value: unknown }): Row<"meta"> => ({ key: entry.key, value: JSON.stringify(entry.value) });

/** The record a row holds. The types are the tables': what was written was a valid record. */
export const recordOf = <T>(row: { data: Json<T> }): T => JSON.parse(row.data) as T;
export const recordsOf = <T>(rows: readonly { data: Json<T> }[]): T[] => rows.map((row) => recordOf(row));
export const metaEntryOf = (row: { key: string; value: string }): MetaEntry => ({ key: row.key as MetaKey, value: JSON.parse(row.value) as unknown });

/**
 * The whole sandbox as one JSON value, and back, over SQL: the same export format and the same
 * validation as the IndexedDB adapter (../import-validation.ts). Each store is listed in its key
 * order, as IndexedDB lists it. The replay guard's request ids are not sandbox data: never touched.
 */
import { EXPORT_FORMAT, validateExport } from "../import-validation";
import { CURRENT_SCHEMA_VERSION } from "../export-format";
import type { SandboxExport } from "../port";
import { accountRow, agreementRow, basketRow, customerRow, metaEntryOf, metaRow, paymentRow, recordsOf, transactionRow } from "./rows";
import type { Holds } from "./db";
import { dataTables } from "./tables";

type Stores = SandboxExport["stores"];

export async function exportAll(holds: Holds, now: () => Date = () => new Date()): Promise<SandboxExport> {
  const stores = await holds.read(async (tx): Promise<Stores> => ({
    customers: recordsOf(await tx.selectFrom("customers").select("data").orderBy("customer_number").execute()),
    accounts: recordsOf(await tx.selectFrom("accounts").select("data").orderBy("resource_id").execute()),
    agreements: recordsOf(await tx.selectFrom("agreements").select("data").orderBy("customer_number").execute()),
    payments: recordsOf(await tx.selectFrom("payments").select("data").orderBy("payment_id").execute()),
    baskets: recordsOf(await tx.selectFrom("baskets").select("data").orderBy("basket_id").execute()),
    transactions: recordsOf(await tx.selectFrom("transactions").select("data").orderBy("account_id").orderBy("id").execute()),
    meta: (await tx.selectFrom("meta").select(["key", "value"]).orderBy("key").execute()).map(metaEntryOf),
  }));
  return { format: EXPORT_FORMAT, schemaVersion: CURRENT_SCHEMA_VERSION, exportedAt: now().toISOString(), stores };
}

/** Rows per INSERT: well below every database's limit on bound parameters (SQLite's is 32,766). */
const CHUNK = 500;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += CHUNK) yield rows.slice(start, start + CHUNK);
}

/** Replaces every data table with these records in one transaction, unchecked: for data the sandbox made itself. */
export async function replaceAll(holds: Holds, stores: Stores): Promise<void> {
  try {
    await holds.write(async (tx) => {
      for (const table of dataTables) await tx.deleteFrom(table).execute();
      for (const rows of chunks(stores.customers.map(customerRow))) await tx.insertInto("customers").values(rows).execute();
      for (const rows of chunks(stores.accounts.map(accountRow))) await tx.insertInto("accounts").values(rows).execute();
      for (const rows of chunks(stores.agreements.map(agreementRow))) await tx.insertInto("agreements").values(rows).execute();
      for (const rows of chunks(stores.payments.map(paymentRow))) await tx.insertInto("payments").values(rows).execute();
      for (const rows of chunks(stores.baskets.map(basketRow))) await tx.insertInto("baskets").values(rows).execute();
      for (const rows of chunks(stores.transactions.map(transactionRow))) await tx.insertInto("transactions").values(rows).execute();
      for (const rows of chunks(stores.meta.map(metaRow))) await tx.insertInto("meta").values(rows).execute();
    });
  } catch (error) {
    throw new Error(`Import: writing failed and was rolled back, nothing changed: ${String(error)}`, { cause: error });
  }
}

/** Validates everything first (throwing, with nothing touched, on the first problem), then replaces every table at once. */
export async function importAll(holds: Holds, data: unknown): Promise<void> {
  await replaceAll(holds, validateExport(data).stores);
}

export async function clearAll(holds: Holds): Promise<void> {
  await holds.write(async (tx) => {
    for (const table of dataTables) await tx.deleteFrom(table).execute();
  });
}

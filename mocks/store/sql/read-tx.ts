/** The ReadTx of the port over SQL: the same answers, in the same order, as the IndexedDB adapter's. */
import type { ReadTx } from "../port";
import type { MetaKey, MetaValue } from "../records";
import type { Db } from "./db";
import type { CachedKind, RowCacheView } from "./row-cache";
import { recordOf, recordsOf } from "./rows";
import type { Json } from "./tables";
import { transactionCount, transactionPage } from "./transaction-page";

const one = <T>(row: { data: Json<T> } | undefined): T | undefined => (row === undefined ? undefined : recordOf(row));

/** Without a cache (PostgreSQL), every lookup is a statement. */
const uncached: Pick<RowCacheView, "read"> = { read: (_kind, _key, load) => load() };

/** A JSON row through the cache, parsed afresh for each caller (so no caller can change another's record). */
async function cachedRecord<T>(cache: Pick<RowCacheView, "read">, kind: CachedKind, key: string, load: () => Promise<{ data: Json<T> } | undefined>) {
  const text = await cache.read(kind, key, async () => (await load())?.data);
  return text === undefined ? undefined : recordOf<T>({ data: text });
}

export function readTxOf(db: Db, cache: Pick<RowCacheView, "read"> = uncached): ReadTx {
  return {
    customer(customerNumber) {
      return cachedRecord(cache, "customers", `n ${customerNumber}`, () =>
        db.selectFrom("customers").select("data").where("customer_number", "=", customerNumber).executeTakeFirst(),
      );
    },
    customerByPsuId(psuId) {
      return cachedRecord(cache, "customers", `p ${psuId}`, () => db.selectFrom("customers").select("data").where("psu_id", "=", psuId).executeTakeFirst());
    },
    async customers() {
      return recordsOf(await db.selectFrom("customers").select("data").orderBy("customer_number").execute());
    },
    account(resourceId) {
      return cachedRecord(cache, "accounts", `r ${resourceId}`, () =>
        db.selectFrom("accounts").select("data").where("resource_id", "=", resourceId).executeTakeFirst(),
      );
    },
    accountByBban(bban) {
      return cachedRecord(cache, "accounts", `b ${bban}`, () => db.selectFrom("accounts").select("data").where("bban", "=", bban).executeTakeFirst());
    },
    async accountsOf(customerNumber) {
      return recordsOf(await db.selectFrom("accounts").select("data").where("customer_number", "=", customerNumber).orderBy("resource_id").execute());
    },
    async accounts() {
      return recordsOf(await db.selectFrom("accounts").select("data").orderBy("resource_id").execute());
    },
    async agreement(customerNumber) {
      return one(await db.selectFrom("agreements").select("data").where("customer_number", "=", customerNumber).executeTakeFirst());
    },
    async agreements() {
      return recordsOf(await db.selectFrom("agreements").select("data").orderBy("customer_number").execute());
    },
    async payment(paymentId) {
      return one(await db.selectFrom("payments").select("data").where("payment_id", "=", paymentId).executeTakeFirst());
    },

    async paymentsAgain(earlier) {
      if (earlier.length === 0) return [];
      const ids = [...new Set(earlier.map((payment) => payment.paymentId))];
      const rows = await db.selectFrom("payments").select(["payment_id", "data"]).where("payment_id", "in", ids).execute();
      const found = new Map(rows.map((row) => [row.payment_id, row]));
      return earlier.map((payment) => one(found.get(payment.paymentId)));
    },

    async payments(limit) {
      if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`payments: limit must be a non-negative integer, not ${String(limit)}.`);
      if (limit === 0) return [];
      // As IndexedDB's "prev" cursor on the createdAt index: ties go by paymentId, descending too.
      const rows = await db.selectFrom("payments").select("data").orderBy("created_at", "desc").orderBy("payment_id", "desc").limit(limit).execute();
      return recordsOf(rows);
    },

    async duePayments(statuses, date) {
      const wanted = [...new Set(statuses)];
      if (wanted.length === 0) return [];
      // Periodic payments have no execution_date, so the index (and this query) never holds them.
      const rows = await db
        .selectFrom("payments")
        .select("data")
        .where("transaction_status", "in", wanted)
        .where("execution_date", "is not", null)
        .where("execution_date", "<=", date)
        .orderBy("execution_date")
        .orderBy("created_at")
        .orderBy("payment_id")
        .execute();
      return recordsOf(rows).filter((payment) => payment.product === "single");
    },

    async basket(basketId) {
      return one(await db.selectFrom("baskets").select("data").where("basket_id", "=", basketId).executeTakeFirst());
    },
    async transaction(accountId, id) {
      return one(await db.selectFrom("transactions").select("data").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst());
    },
    transactionPage(query) {
      return transactionPage(db, query);
    },
    transactionCount(accountId, fromDate, toDate) {
      return transactionCount(db, accountId, fromDate, toDate);
    },

    async meta<K extends MetaKey>(key: K) {
      const text = await cache.read(
        `meta:${key}`,
        "",
        async () => (await db.selectFrom("meta").select("value").where("key", "=", key).executeTakeFirst())?.value,
      );
      return text === undefined ? undefined : (JSON.parse(text) as MetaValue<K>);
    },
  };
}

/**
 * The WriteTx of the port over one SQL transaction. `put*` is an upsert on the primary key (as
 * IndexedDB's put); a second row with another table's unique value (psuId, bban) is refused by the
 * database. `addTransaction` is a plain insert: an id already booked on the account is refused.
 */
import type { WriteTx } from "../port";
import type { TransactionRecord } from "../records";
import type { Db } from "./db";
import { readTxOf } from "./read-tx";
import type { RowCacheView } from "./row-cache";
import { accountRow, agreementRow, basketRow, customerRow, metaRow, paymentRow, transactionRow, type Row } from "./rows";
import { compiledOnce } from "./compiled-once";

/** The WriteTx, and what the transaction runs after the work and before it commits. */
export type SqlWriteTx = WriteTx & { beforeCommit: () => Promise<void> };

/** Without a cache (PostgreSQL), nothing to tell of a change. */
const uncached: Pick<RowCacheView, "read" | "changed"> = { read: (_kind, _key, load) => load(), changed: () => undefined };

/** Every initiation and status change writes a payment: built and compiled once (compiled-once.ts). */
const upsertPayment = compiledOnce<Row<"payments">>(["payment_id", "created_at", "transaction_status", "execution_date", "data"], (db, row) =>
  db
    .insertInto("payments")
    .values(row)
    .onConflict((conflict) => conflict.column("payment_id").doUpdateSet(row)),
);

export function writeTxOf(db: Db, cache: Pick<RowCacheView, "read" | "changed"> = uncached): SqlWriteTx {
  /**
   * The next seq to hand out in this transaction: read from meta once, then counted here, so that
   * addTransaction calls running side by side (Promise.all) get consecutive numbers. `highest` is
   * what nextSeq must become; each call writes it as it is when its statement runs, so whichever
   * statement runs last leaves the highest.
   */
  let nextSeq: Promise<number> | undefined;
  let highest = 0;
  /** Whether bookings took numbers that meta does not hold yet: written once, before the commit (a SQL transaction cannot commit before its work ends). */
  let counterBehind = false;
  const takeSeq = (): Promise<number> => {
    const mine =
      nextSeq ??
      db
        .selectFrom("meta")
        .select("value")
        .where("key", "=", "nextSeq")
        .executeTakeFirst()
        .then((row) => {
          const value: unknown = row === undefined ? 0 : JSON.parse(row.value);
          return typeof value === "number" ? value : 0;
        });
    nextSeq = mine.then((seq) => seq + 1);
    return mine.then((seq) => {
      highest = Math.max(highest, seq + 1);
      return seq;
    });
  };

  const upsertMeta = async (key: string, value: string) => {
    cache.changed(`meta:${key}`);
    await db
      .insertInto("meta")
      .values({ key, value })
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
      .execute();
  };

  return {
    ...readTxOf(db, cache),
    async putCustomer(record) {
      const row = customerRow(record);
      cache.changed("customers");
      await db
        .insertInto("customers")
        .values(row)
        .onConflict((conflict) => conflict.column("customer_number").doUpdateSet(row))
        .execute();
    },
    async putAccount(record) {
      const row = accountRow(record);
      cache.changed("accounts");
      await db
        .insertInto("accounts")
        .values(row)
        .onConflict((conflict) => conflict.column("resource_id").doUpdateSet(row))
        .execute();
    },
    async putAgreement(record) {
      const row = agreementRow(record);
      await db
        .insertInto("agreements")
        .values(row)
        .onConflict((conflict) => conflict.column("customer_number").doUpdateSet(row))
        .execute();
    },
    async putPayment(record) {
      await upsertPayment(db, paymentRow(record));
    },
    async putBasket(record) {
      const row = basketRow(record);
      await db
        .insertInto("baskets")
        .values(row)
        .onConflict((conflict) => conflict.column("basket_id").doUpdateSet(row))
        .execute();
    },

    async addTransaction(record) {
      const seq = await takeSeq();
      const stored: TransactionRecord = { ...record, seq };
      counterBehind = true;
      await db.insertInto("transactions").values(transactionRow(stored)).execute();
      return stored;
    },

    async putMeta(key, value) {
      if (key === "nextSeq") {
        nextSeq = undefined;
        highest = 0;
        counterBehind = false;
      }
      const row = metaRow({ key, value });
      await upsertMeta(row.key, row.value);
    },
    async beforeCommit() {
      if (!counterBehind) return;
      counterBehind = false;
      await upsertMeta("nextSeq", JSON.stringify(highest));
    },
  };
}

/**
 * The WriteTx of a write that only inserts (WriteOptions.insertsOnly, an initiation), over one SQL
 * transaction that runs beside others of its kind (postgres.ts, the shared writer lock). Such a write
 * is safe beside another only because it changes no row that either reads: so `putPayment` is a plain
 * insert (an id already stored is refused by the primary key, never overwritten) and every other change
 * is refused before it reaches the database, rather than racing another process's write unseen.
 */
import type { WriteTx } from "../port";
import type { Db } from "../sql/db";
import { readTxOf } from "../sql/read-tx";
import { paymentRow } from "../sql/rows";

const refused = (method: string) => () =>
  Promise.reject(
    new Error(
      `${method}: a write with insertsOnly may only insert new payments (it runs beside other initiations); make this change in a write without that option.`,
    ),
  );

export function insertTxOf(db: Db): WriteTx {
  return {
    ...readTxOf(db),
    async putPayment(record) {
      await db.insertInto("payments").values(paymentRow(record)).execute();
    },
    putCustomer: refused("putCustomer"),
    putAccount: refused("putAccount"),
    putAgreement: refused("putAgreement"),
    putBasket: refused("putBasket"),
    addTransaction: refused("addTransaction"),
    putMeta: refused("putMeta"),
  };
}

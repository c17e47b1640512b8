/** Finds the customer a request's PSU headers name. */
import type { ReadTx } from "../store/port";
import type { CustomerRecord } from "../store/records";
import type { PsuHeaders } from "../domain/customers";

export function findPsu(tx: ReadTx, headers: PsuHeaders): Promise<CustomerRecord | undefined> {
  if (headers["PSU-ID"] !== undefined) return tx.customerByPsuId(headers["PSU-ID"].toLowerCase());
  if (headers["X-PSU-IDENTITY"] !== undefined) return tx.customer(headers["X-PSU-IDENTITY"]);
  return Promise.resolve(undefined);
}

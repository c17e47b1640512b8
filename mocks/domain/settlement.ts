/**
 * What a batch run does to one due single payment: book it when the debtor's funds (balance plus
 * credit line) cover it, else reject it with fundsAvailable false (spec 7 rule 5).
 */
import type { AccountRecord, SinglePaymentRecord } from "../store/records";
import { applyBooking, availableMinor } from "./balances";
import { paymentBookings, type NewTransaction } from "./bookings";
import { rejected, withStatus } from "./lifecycle";
import { formatMinor, minorFromString } from "../../src/contract/money";
import { forcedRejection } from "./scenario-effects";

export interface BatchRun {
  at: number;
  /** The business date the run books on. */
  date: string;
  label: string;
}

export interface Settlement {
  payment: SinglePaymentRecord;
  accounts: AccountRecord[];
  transactions: NewTransaction[];
}

export function settle(
  payment: SinglePaymentRecord,
  debtor: AccountRecord,
  creditor: AccountRecord | undefined,
  run: BatchRun,
  newId: () => string,
): Settlement {
  const forced = forcedRejection(payment, run.at, run.label);
  // Only single payments are settled, so what comes back is one.
  if (forced) return { payment: forced as SinglePaymentRecord, accounts: [], transactions: [] };
  const { currency } = payment.request.instructedAmount;
  const amount = minorFromString(payment.request.instructedAmount.amount, currency);
  const available = availableMinor(debtor);
  if (available < amount) {
    const reason = `Insufficient funds at the ${run.label} batch: available ${formatMinor(available, currency, "interface")} ${currency} (balance plus credit line) does not cover ${formatMinor(amount, currency, "interface")} ${currency}.`;
    return { payment: { ...rejected(payment, run.at, reason, "insufficient-funds"), fundsAvailable: false }, accounts: [], transactions: [] };
  }
  const transactions = paymentBookings(payment, amount, debtor, creditor, run.date, newId);
  const accounts = [applyBooking(debtor, -amount), ...(creditor ? [applyBooking(creditor, amount)] : [])];
  const settled = withStatus(payment, "ACSC", run.at, `Booked by the ${run.label} batch.`);
  return { payment: { ...settled, fundsAvailable: true, transactionIds: transactions.map((t) => t.id) }, accounts, transactions };
}

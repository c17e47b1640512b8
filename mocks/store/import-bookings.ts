/**
 * Balances and transactions that contradict each other in an import (decision 0049). The sandbox
 * moves balances only by bookings: a booking is in its account's currency and moves every balance of
 * the account by its amount (domain/balances.ts applyBooking), and a payment's bookings are made when a
 * batch settles it (ACSC): minus its instructed amount on its debtor account and, when the creditor is
 * an account of the sandbox, plus it there, listed on the payment debtor first (domain/bookings.ts,
 * domain/settlement.ts). A file that says otherwise holds what no booking made. The balance amounts
 * are not summed against the transactions: the sandbox keeps no opening balance, the fixed data's
 * balances are set rather than summed, and PUT …/balances sets them at will, so any amount is reachable.
 */
import { formatMinor, minorFromString } from "../../src/contract/money";
import type { SandboxExport } from "./port";
import type { IntegrityProblem } from "./import-problem";
import type { AccountRecord, PaymentRecord } from "./records";

type Stores = SandboxExport["stores"];
type Report = (problem: IntegrityProblem) => void;

interface Booking {
  accountId: string;
  amount: number;
  /** Its id as the payment lists it; undefined on payments kept before they listed them. */
  id: string | undefined;
  side: "debit" | "credit";
}

/** The bookings a payment's settlement made, or why it made none. */
function bookingsOf(payment: PaymentRecord): Booking[] | string {
  if (payment.product !== "single") return "a periodic payment, which the batch never books";
  if (payment.transactionStatus !== "ACSC") return `${payment.transactionStatus}, not booked (only a settled payment, ACSC, has bookings)`;
  const { amount, currency } = payment.request.instructedAmount;
  const minor = minorFromString(amount, currency);
  const ids = payment.transactionIds;
  const debit: Booking = { accountId: payment.debtorAccountId, amount: -minor, id: ids?.[0], side: "debit" };
  if (payment.creditorAccountId === undefined) return [debit];
  return [debit, { accountId: payment.creditorAccountId, amount: minor, id: ids?.[1], side: "credit" }];
}

function findCurrencyProblems(stores: Stores, accounts: Map<string, AccountRecord>, report: Report): void {
  stores.accounts.forEach((account, index) => {
    account.balances.forEach((balance, position) => {
      const { currency } = balance.balanceAmount;
      if (currency !== account.currency)
        report({
          where: `stores.accounts[${String(index)}].balances[${String(position)}].balanceAmount.currency`,
          problem: `${currency}, but account ${account.resourceId} is held in ${account.currency}, and every booking moves its balances in ${account.currency}: give the balance in ${account.currency}.`,
        });
    });
  });
  stores.transactions.forEach((transaction, index) => {
    const account = accounts.get(transaction.accountId);
    if (account && transaction.currency !== account.currency)
      report({
        where: `stores.transactions[${String(index)}].currency`,
        problem: `${transaction.currency}, but account ${account.resourceId} is held in ${account.currency}: a booking is in its account's currency. Book it in ${account.currency}, or on an account held in ${transaction.currency}.`,
      });
  });
}

/** Each transaction that names a payment is one of that payment's bookings, and each booking a payment lists is in the file. */
function findPaymentBookingProblems(stores: Stores, report: Report): void {
  const payments = new Map(stores.payments.map((payment) => [payment.paymentId, payment]));
  const expected = new Map<string, Booking[] | string>();
  const found = new Set<string>(); // paymentId, side
  stores.transactions.forEach((transaction, index) => {
    const at = `stores.transactions[${String(index)}]`;
    const payment = transaction.paymentId === undefined ? undefined : payments.get(transaction.paymentId);
    if (!payment) return; // none named, or one not in the file (reported as such)
    let bookings = expected.get(payment.paymentId);
    if (bookings === undefined) expected.set(payment.paymentId, (bookings = bookingsOf(payment)));
    const named = `payment ${payment.paymentId}`;
    if (typeof bookings === "string") {
      report({
        where: `${at}.paymentId`,
        problem: `${named} is ${bookings}: remove the paymentId, or make the payment ACSC with this transaction among its transactionIds.`,
      });
      return;
    }
    const onAccount = bookings.filter((candidate) => candidate.accountId === transaction.accountId);
    const booking = onAccount.find((candidate) => Math.sign(candidate.amount) === Math.sign(transaction.amount)) ?? onAccount[0];
    const sides = bookings.map((candidate) => `its ${candidate.side} on account ${candidate.accountId}`).join(" and ");
    if (!booking) {
      report({ where: `${at}.accountId`, problem: `${transaction.accountId}, but ${named}'s bookings are ${sides}.` });
      return;
    }
    const key = `${payment.paymentId}\u0000${booking.side}`;
    if (found.has(key)) {
      report({ where: at, problem: `a second ${booking.side} of ${named} on account ${booking.accountId}; a settlement books it once.` });
      return;
    }
    found.add(key);
    const { currency } = payment.request.instructedAmount;
    if (transaction.amount !== booking.amount)
      report({
        where: `${at}.amount`,
        problem: `${String(transaction.amount)}, but ${named}'s ${booking.side} on account ${booking.accountId} is ${String(booking.amount)} (${formatMinor(booking.amount, currency, "interface")} ${currency}, its instructed amount, in minor units).`,
      });
    else if (booking.id !== undefined && transaction.id !== booking.id)
      report({ where: `${at}.id`, problem: `${transaction.id}, but ${named} lists ${booking.id} as its ${booking.side}.` });
  });
  stores.payments.forEach((payment, index) => {
    const bookings = payment.transactionIds === undefined ? [] : bookingsOf(payment);
    payment.transactionIds?.forEach((id, position) => {
      const where = `stores.payments[${String(index)}].transactionIds[${String(position)}]`;
      const booking = typeof bookings === "string" ? undefined : bookings[position];
      if (typeof bookings === "string") report({ where, problem: `the payment is ${bookings}, yet lists booking ${id}: remove its transactionIds.` });
      else if (!booking) report({ where, problem: `${id}: the payment has ${String(bookings.length)} booking(s) (debit first, then credit), not more.` });
      else if (!found.has(`${payment.paymentId}\u0000${booking.side}`))
        report({
          where,
          problem: `${id}, its ${booking.side}, is not in the file as a transaction of account ${booking.accountId} naming this payment: add it, or import the payment without it.`,
        });
    });
  });
}

/** Every way the file's balances and transactions contradict the bookings that made them. */
export function findBookingProblems(stores: Stores, report: Report): void {
  const accounts = new Map(stores.accounts.map((account) => [account.resourceId, account]));
  findCurrencyProblems(stores, accounts, report);
  findPaymentBookingProblems(stores, report);
}

/**
 * What valid records can still get wrong together in an import: keys the object stores or their
 * unique indexes would refuse, references to records that are not there (a payment whose debtor
 * account is missing stayed ACTC forever), counters out of step with what they count, and a
 * `nextSeq` that would hand out a seq already taken, balances and transactions no booking made
 * (import-bookings.ts). Every check is one pass over Maps, so a
 * 64 MiB file costs its length, not its square.
 */
import { contradictingBban } from "../../src/contract/account-numbers";
import { minorFromString } from "../../src/contract/money";
import { MAX_BOOKABLE_MINOR } from "./records";
import { findBookingProblems } from "./import-bookings";
import type { IntegrityProblem } from "./import-problem";
import type { SandboxExport } from "./port";

type Stores = SandboxExport["stores"];

interface UniqueKey<Item> {
  store: keyof Stores;
  what: string;
  keyOf: (item: Item) => unknown;
}

function duplicates<Item>(items: readonly Item[], { store, what, keyOf }: UniqueKey<Item>, report: (problem: IntegrityProblem) => void): void {
  const seen = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    const key = JSON.stringify(keyOf(item));
    const earlier = seen.get(key);
    if (earlier !== undefined)
      report({ where: `stores.${store}[${String(index)}]`, problem: `${what} ${key} is already used by stores.${store}[${String(earlier)}].` });
    else seen.set(key, index);
  }
}

/** Every record whose primary key or unique index value an earlier record of its store already has. */
function findDuplicates(stores: Stores, report: (problem: IntegrityProblem) => void): void {
  duplicates(stores.customers, { store: "customers", what: "customerNumber", keyOf: (item) => item.customerNumber }, report);
  duplicates(stores.customers, { store: "customers", what: "psuId", keyOf: (item) => item.psuId }, report);
  duplicates(stores.accounts, { store: "accounts", what: "resourceId", keyOf: (item) => item.resourceId }, report);
  duplicates(stores.accounts, { store: "accounts", what: "bban", keyOf: (item) => item.bban }, report);
  duplicates(stores.agreements, { store: "agreements", what: "customerNumber", keyOf: (item) => item.customerNumber }, report);
  duplicates(stores.payments, { store: "payments", what: "paymentId", keyOf: (item) => item.paymentId }, report);
  duplicates(stores.baskets, { store: "baskets", what: "basketId", keyOf: (item) => item.basketId }, report);
  duplicates(stores.transactions, { store: "transactions", what: "[accountId, id]", keyOf: (item) => [item.accountId, item.id] }, report);
  duplicates(stores.transactions, { store: "transactions", what: "seq", keyOf: (item) => item.seq }, report);
  duplicates(stores.meta, { store: "meta", what: "key", keyOf: (item) => item.key }, report);
}

/** References between stores: each must name a record the file holds. */
function findDanglingReferences(stores: Stores, report: (problem: IntegrityProblem) => void): void {
  const customers = new Set(stores.customers.map((item) => item.customerNumber));
  const psuIds = new Set(stores.customers.map((item) => item.psuId));
  const accounts = new Set(stores.accounts.map((item) => item.resourceId));
  const payments = new Set(stores.payments.map((item) => item.paymentId));
  const baskets = new Set(stores.baskets.map((item) => item.basketId));
  const check = (known: Set<string>, value: string | undefined, where: string, what: string) => {
    if (value !== undefined && !known.has(value)) report({ where, problem: `${what} ${JSON.stringify(value)} is not in the file.` });
  };
  stores.accounts.forEach((item, index) => {
    check(customers, item.customerNumber, `stores.accounts[${String(index)}].customerNumber`, "The owner, customer");
  });
  stores.agreements.forEach((item, index) => {
    const at = `stores.agreements[${String(index)}]`;
    check(customers, item.customerNumber, `${at}.customerNumber`, "The customer");
    item.accountIds.forEach((id, position) => {
      check(accounts, id, `${at}.accountIds[${String(position)}]`, "Account");
    });
  });
  stores.payments.forEach((item, index) => {
    const at = `stores.payments[${String(index)}]`;
    check(accounts, item.debtorAccountId, `${at}.debtorAccountId`, "The debtor account");
    check(accounts, item.creditorAccountId, `${at}.creditorAccountId`, "The creditor account");
    check(customers, item.customerNumber, `${at}.customerNumber`, "The customer");
    check(psuIds, item.psuId, `${at}.psuId`, "The PSU");
    check(baskets, item.basketId, `${at}.basketId`, "The signing basket");
  });
  stores.baskets.forEach((item, index) => {
    const at = `stores.baskets[${String(index)}]`;
    check(customers, item.customerNumber, `${at}.customerNumber`, "The customer");
    check(psuIds, item.psuId, `${at}.psuId`, "The PSU");
    item.paymentIds.forEach((id, position) => {
      check(payments, id, `${at}.paymentIds[${String(position)}]`, "Payment");
    });
  });
  stores.transactions.forEach((item, index) => {
    check(accounts, item.accountId, `stores.transactions[${String(index)}].accountId`, "The account");
    check(payments, item.paymentId, `stores.transactions[${String(index)}].paymentId`, "The payment");
  });
}

const maxSeqOf = (stores: Stores): number => stores.transactions.reduce((max, item) => Math.max(max, item.seq), -1);

/** Values kept beside what they follow from: each account's transactionCount and iban, and `nextSeq`. */
function findCounterProblems(stores: Stores, report: (problem: IntegrityProblem) => void): void {
  const counts = new Map<string, number>();
  for (const item of stores.transactions) counts.set(item.accountId, (counts.get(item.accountId) ?? 0) + 1);
  stores.accounts.forEach((item, index) => {
    const count = counts.get(item.resourceId) ?? 0;
    if (item.transactionCount !== count)
      report({
        where: `stores.accounts[${String(index)}].transactionCount`,
        problem: `${String(item.transactionCount)}, but the file holds ${String(count)} transactions of account ${item.resourceId}.`,
      });
  });
  stores.accounts.forEach((item, index) => {
    const named = contradictingBban(item);
    if (named) report({ where: `stores.accounts[${String(index)}].iban`, problem: `${item.iban} names account ${named}, but the bban is ${item.bban}.` });
  });
  const index = stores.meta.findIndex((entry) => entry.key === "nextSeq");
  const entry = stores.meta[index];
  const maxSeq = maxSeqOf(stores);
  if (entry !== undefined && (entry.value as number) <= maxSeq)
    report({
      where: `stores.meta[${String(index)}].value`,
      problem: `nextSeq ${String(entry.value)} must be greater than every transaction's seq (the largest is ${String(maxSeq)}).`,
    });
}

/** A single payment the batch would book must fit a transaction (decision 0005: int32 minor units). */
function findUnbookableAmounts(stores: Stores, report: (problem: IntegrityProblem) => void): void {
  stores.payments.forEach((item, index) => {
    if (item.product !== "single") return;
    const { amount, currency } = item.request.instructedAmount;
    if (minorFromString(amount, currency) > MAX_BOOKABLE_MINOR)
      report({
        where: `stores.payments[${String(index)}].request.instructedAmount.amount`,
        problem: `${amount} ${currency} does not fit a booking (at most ${String(MAX_BOOKABLE_MINOR)} minor units).`,
      });
  });
}

/** Every problem of records that are each valid, in store order. */
export function findIntegrityProblems(stores: Stores, report: (problem: IntegrityProblem) => void): void {
  findDuplicates(stores, report);
  findDanglingReferences(stores, report);
  findCounterProblems(stores, report);
  findUnbookableAmounts(stores, report);
  findBookingProblems(stores, report);
}

/** The meta entries, with `nextSeq` derived from the transactions when the file leaves it out. */
export function withNextSeq(stores: Stores): Stores["meta"] {
  const maxSeq = maxSeqOf(stores);
  if (maxSeq < 0 || stores.meta.some((entry) => entry.key === "nextSeq")) return stores.meta;
  return [...stores.meta, { key: "nextSeq", value: maxSeq + 1 }];
}

/** Balances of a sandbox account: what a payment may use, and how a booking moves them. */
import type { Balance } from "../../src/contract/sandbox";
import type { AccountRecord } from "../store/records";
import { minorFromNumber, numberFromMinor } from "../../src/contract/money";

/** The balance a funds check starts from: interimAvailable, else the booked balances, else zero. */
const AVAILABLE_ORDER = ["interimAvailable", "expected", "interimBooked", "closingBooked", "openingBooked"] as const;

export function availableMinor(account: Pick<AccountRecord, "balances" | "creditLine" | "currency">): number {
  const balance = AVAILABLE_ORDER.map((type) => account.balances.find((candidate) => candidate.balanceType === type)).find(Boolean);
  const base = balance ? minorFromNumber(balance.balanceAmount.amount, account.currency) : 0;
  return base + minorFromNumber(account.creditLine, account.currency);
}

/** Every balance of the account moved by a booked amount (negative for a debit). */
export function applyBooking<T extends Pick<AccountRecord, "balances" | "currency" | "transactionCount">>(account: T, deltaMinor: number): T {
  const balances: Balance[] = account.balances.map((balance) => ({
    ...balance,
    balanceAmount: {
      ...balance.balanceAmount,
      amount: numberFromMinor(minorFromNumber(balance.balanceAmount.amount, account.currency) + deltaMinor, account.currency),
    },
  }));
  return { ...account, balances, transactionCount: account.transactionCount + 1 };
}

export const defaultBalances = (currency: AccountRecord["currency"]): Balance[] => [
  { balanceType: "interimAvailable", balanceAmount: { amount: 0, currency } },
  { balanceType: "closingBooked", balanceAmount: { amount: 0, currency } },
];

import { describe, expect, test } from "vitest";
import type { AccountRecord, SinglePaymentRecord } from "../store/records";
import { norwegianIban } from "../../src/contract/account-numbers";
import { firstAccountNumbers } from "./accounts";
import { ISSUED_TRANSFER, RECEIVED_TRANSFER } from "./bookings";
import { settle, type BatchRun } from "./settlement";

const [DEBTOR_BBAN = "", CREDITOR_BBAN = ""] = firstAccountNumbers(2);
const RUN: BatchRun = { at: 1_800_000_000_000, date: "2026-11-23", label: "2026-11-23 06:00" };

function account(resourceId: string, bban: string, available: number, creditLine = 0): AccountRecord {
  return {
    resourceId,
    customerNumber: "01817010055",
    accountName: `Konto ${resourceId}`,
    bban,
    iban: norwegianIban(bban),
    currency: "NOK",
    creditLine,
    kidRequired: false,
    inAgreement: true,
    transactionCount: 3,
    createdAt: 1,
    balances: [
      { balanceType: "interimAvailable", balanceAmount: { amount: available, currency: "NOK" } },
      { balanceType: "closingBooked", balanceAmount: { amount: available + 1, currency: "NOK" } },
    ],
  };
}

function payment(amount: string): SinglePaymentRecord {
  return {
    paymentId: "p1",
    product: "single",
    transactionStatus: "ACTC",
    psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
    customerNumber: "01817010055",
    redirectUri: "https://tpp.example/cb",
    debtorAccountId: "acc-d",
    creditorAccountId: "acc-c",
    statusHistory: [
      { status: "RCVD", at: 1 },
      { status: "ACTC", at: 2 },
    ],
    createdAt: 1,
    executionDate: "2026-11-20",
    request: {
      instructedAmount: { amount, currency: "NOK" },
      creditorName: "Ola Nordmann",
      creditorAccount: { bban: CREDITOR_BBAN, currency: "NOK" },
      debtorAccount: { bban: DEBTOR_BBAN, currency: "NOK" },
      remittanceInformationUnstructured: "Middag",
    },
  };
}

const ids = () => {
  let next = 0;
  return () => `t${String(++next)}`;
};
const available = (record: AccountRecord | undefined) => record?.balances.map((balance) => balance.balanceAmount.amount);

describe("settle", () => {
  test("funds exactly enough: ACSC, a debit and a credit with opposite signs and their bank transaction codes", () => {
    const result = settle(payment("250.00"), account("acc-d", DEBTOR_BBAN, 250), account("acc-c", CREDITOR_BBAN, 10), RUN, ids());
    expect(result.payment.transactionStatus).toBe("ACSC");
    expect(result.payment.fundsAvailable).toBe(true);
    expect(result.payment.transactionIds).toEqual(["t1", "t2"]);
    expect(result.payment.statusHistory.at(-1)).toEqual({ status: "ACSC", at: RUN.at, reason: "Booked by the 2026-11-23 06:00 batch." });
    const [debit, credit] = result.transactions;
    expect(result.transactions).toHaveLength(2);
    expect(debit).toMatchObject({
      id: "t1",
      accountId: "acc-d",
      amount: -25_000,
      bankTransactionCode: ISSUED_TRANSFER,
      bookingDate: RUN.date,
      valueDate: RUN.date,
      paymentId: "p1",
    });
    expect(credit).toMatchObject({ id: "t2", accountId: "acc-c", amount: 25_000, bankTransactionCode: RECEIVED_TRANSFER, bookingDate: RUN.date });
    expect(debit?.debtorAccount).toEqual({ bban: DEBTOR_BBAN, iban: norwegianIban(DEBTOR_BBAN) });
    expect(debit?.creditorAccount).toEqual({ bban: CREDITOR_BBAN, iban: norwegianIban(CREDITOR_BBAN) });
    expect(result.accounts.map((a) => a.resourceId)).toEqual(["acc-d", "acc-c"]);
    expect(available(result.accounts[0])).toEqual([0, 1]);
    expect(available(result.accounts[1])).toEqual([260, 261]);
    expect(result.accounts.map((a) => a.transactionCount)).toEqual([4, 4]);
  });

  test("one øre short: RJCT with fundsAvailable false, no bookings, no account changes", () => {
    const result = settle(payment("250.00"), account("acc-d", DEBTOR_BBAN, 249.99), account("acc-c", CREDITOR_BBAN, 10), RUN, ids());
    expect(result.payment.transactionStatus).toBe("RJCT");
    expect(result.payment.fundsAvailable).toBe(false);
    expect(result.payment.transactionIds).toBeUndefined();
    expect(result.transactions).toEqual([]);
    expect(result.accounts).toEqual([]);
    expect(result.payment.statusHistory.at(-1)?.reason).toBe(
      "Insufficient funds at the 2026-11-23 06:00 batch: available 249.99 NOK (balance plus credit line) does not cover 250.00 NOK.",
    );
  });

  test("the credit line counts towards the funds", () => {
    const result = settle(payment("250.00"), account("acc-d", DEBTOR_BBAN, 100, 150), undefined, RUN, ids());
    expect(result.payment.transactionStatus).toBe("ACSC");
    expect(available(result.accounts[0])).toEqual([-150, -149]);
    const short = settle(payment("250.01"), account("acc-d", DEBTOR_BBAN, 100, 150), undefined, RUN, ids());
    expect(short.payment.transactionStatus).toBe("RJCT");
  });

  test("an external creditor: one booking, only the debtor changes", () => {
    const result = settle(payment("1.00"), account("acc-d", DEBTOR_BBAN, 5), undefined, RUN, ids());
    expect(result.transactions).toHaveLength(1);
    expect(result.transactions[0]).toMatchObject({ accountId: "acc-d", amount: -100, bankTransactionCode: ISSUED_TRANSFER });
    expect(result.accounts.map((a) => a.resourceId)).toEqual(["acc-d"]);
    expect(result.payment.transactionIds).toEqual(["t1"]);
  });
});

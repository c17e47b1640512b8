import { describe, expect, test } from "vitest";
import type { SandboxTransactionRequest } from "../../src/contract/sandbox";
import type { AccountRecord, PaymentRecord, SinglePaymentRecord, TransactionRecord } from "../store/records";
import { norwegianIban } from "../../src/contract/account-numbers";
import { firstAccountNumbers } from "./accounts";
import { ISSUED_TRANSFER, RECEIVED_TRANSFER, paymentBookings, presentTransaction, requestedBookings } from "./bookings";

const [DEBTOR_BBAN = "", CREDITOR_BBAN = ""] = firstAccountNumbers(2);
const debtor: AccountRecord = {
  resourceId: "acc-d",
  customerNumber: "01817010055",
  accountName: "Brukskonto",
  bban: DEBTOR_BBAN,
  iban: norwegianIban(DEBTOR_BBAN),
  currency: "NOK",
  creditLine: 0,
  balances: [],
  kidRequired: false,
  inAgreement: true,
  transactionCount: 0,
  createdAt: 1,
};
const creditor: AccountRecord = { ...debtor, resourceId: "acc-c", accountName: "Mottaker", bban: CREDITOR_BBAN, iban: norwegianIban(CREDITOR_BBAN) };
const ids = () => {
  let next = 0;
  return () => `t${String(++next)}`;
};

function single(remittance: Partial<SinglePaymentRecord["request"]>): PaymentRecord {
  return {
    paymentId: "p1",
    product: "single",
    transactionStatus: "ACTC",
    psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
    customerNumber: "01817010055",
    redirectUri: "https://tpp.example/cb",
    debtorAccountId: "acc-d",
    statusHistory: [{ status: "RCVD", at: 1 }],
    createdAt: 1,
    executionDate: "2026-11-20",
    request: {
      instructedAmount: { amount: "10.00", currency: "NOK" },
      creditorName: "Ola",
      creditorAccount: { bban: CREDITOR_BBAN, currency: "NOK" },
      debtorAccount: { bban: DEBTOR_BBAN, currency: "NOK" },
      ...remittance,
    },
  };
}
const textOf = (payment: PaymentRecord) => paymentBookings(payment, 1000, debtor, undefined, "2026-11-20", ids())[0]?.remittanceInformationUnstructured;

describe("remittance text of a booked payment", () => {
  test("the unstructured message", () => {
    expect(textOf(single({ remittanceInformationUnstructured: "Middag" }))).toBe("Middag");
  });
  test("a KID from the structured array: type and reference", () => {
    expect(
      textOf(
        single({
          remittanceInformationStructuredArray: [
            { reference: "12344", referenceType: "KID" },
            { reference: "99", referenceType: "OCR" },
          ],
        }),
      ),
    ).toBe("KID 12344");
  });
  test("a KID from the deprecated single structured field", () => {
    expect(textOf(single({ remittanceInformationStructured: { reference: "12344", referenceType: "OCR" } }))).toBe("OCR 12344");
  });
  test("neither: empty", () => {
    expect(textOf(single({}))).toBe("");
  });
  test("a periodic payment: its message and purpose code", () => {
    const periodic: PaymentRecord = {
      ...single({}),
      product: "periodic",
      request: { ...single({}).request, remittanceInformationUnstructured: "Husleie", purposeCode: "SALA", startDate: "2026-12-01", frequency: "Monthly" },
    };
    const [debit] = paymentBookings(periodic, 1000, debtor, undefined, "2026-11-20", ids());
    expect(debit).toMatchObject({ remittanceInformationUnstructured: "Husleie", purposeCode: "SALA" });
  });
});

describe("paymentBookings", () => {
  test("debtor first (debit), then the sandbox creditor (credit)", () => {
    const [debit, credit] = paymentBookings(single({ ultimateDebtor: "Kari" }), 1000, debtor, creditor, "2026-11-20", ids());
    expect(debit).toMatchObject({
      id: "t1",
      accountId: "acc-d",
      amount: -1000,
      debtorName: "Brukskonto",
      ultimateDebtor: "Kari",
      bankTransactionCode: ISSUED_TRANSFER,
    });
    expect(credit).toMatchObject({ id: "t2", accountId: "acc-c", amount: 1000, bankTransactionCode: RECEIVED_TRANSFER });
  });
  test("a creditor named by iban gets its bban filled in", () => {
    const payment = single({});
    payment.request.creditorAccount = { iban: norwegianIban(CREDITOR_BBAN), currency: "NOK" };
    expect(paymentBookings(payment, 1, debtor, undefined, "2026-11-20", ids())[0]?.creditorAccount).toEqual({
      bban: CREDITOR_BBAN,
      iban: norwegianIban(CREDITOR_BBAN),
    });
  });
});

describe("requestedBookings", () => {
  const request: SandboxTransactionRequest = {
    amount: 12_550,
    currency: "NOK",
    creditorName: "REMA 1000",
    creditorAccount: { bban: CREDITOR_BBAN },
    debtorAccount: { bban: DEBTOR_BBAN },
  };
  test("defaults: the sandbox date, the holder's name as the debtor's, PMNT-ICDT-DMCT, empty texts", () => {
    const [debit] = requestedBookings(request, debtor, "Kari Nordmann", undefined, "2026-11-20", ids());
    expect(debit).toEqual({
      id: "t1",
      accountId: "acc-d",
      amount: -12_550,
      currency: "NOK",
      valueDate: "2026-11-20",
      bookingDate: "2026-11-20",
      remittanceInformationUnstructured: "",
      creditorName: "REMA 1000",
      creditorAccount: { bban: CREDITOR_BBAN, iban: norwegianIban(CREDITOR_BBAN) },
      debtorName: "Kari Nordmann",
      debtorAccount: { bban: DEBTOR_BBAN, iban: norwegianIban(DEBTOR_BBAN) },
      ultimateDebtor: "",
      ultimateCreditor: "",
      purposeCode: "",
      bankTransactionCode: ISSUED_TRANSFER,
    });
  });
  test("given dates and code are kept; a sandbox creditor gets the credit with the received code", () => {
    const [debit, credit] = requestedBookings(
      { ...request, bookingDate: "2026-01-02", valueDate: "2026-01-03", bankTransactionCode: "PMNT-CCRD-POSD" },
      debtor,
      "Kari Nordmann",
      creditor,
      "2026-11-20",
      ids(),
    );
    expect(debit).toMatchObject({ bookingDate: "2026-01-02", valueDate: "2026-01-03", bankTransactionCode: "PMNT-CCRD-POSD", amount: -12_550 });
    expect(credit).toMatchObject({ accountId: "acc-c", amount: 12_550, bankTransactionCode: RECEIVED_TRANSFER });
  });
});

test("presentTransaction: no accountId, seq or paymentId; a self link", () => {
  const record: TransactionRecord = {
    ...requestedBookings(
      { amount: 1, currency: "NOK", creditorName: "X", creditorAccount: { bban: CREDITOR_BBAN }, debtorAccount: { bban: DEBTOR_BBAN } },
      debtor,
      "Kari Nordmann",
      undefined,
      "2026-11-20",
      ids(),
    )[0]!,
    seq: 7,
    paymentId: "p1",
  };
  const shown = presentTransaction(record, "http://sandbox.test");
  expect(shown).not.toHaveProperty("accountId");
  expect(shown).not.toHaveProperty("seq");
  expect(shown).not.toHaveProperty("paymentId");
  expect(shown._links).toEqual({ self: { href: "http://sandbox.test/v1/sandbox/accounts/acc-d/transactions/t1", verbs: ["GET"] } });
});

describe("the parties of a booked payment", () => {
  test("both bookings name the payer as its bank knows it (the customer the payment was made for), not its account", () => {
    const payment = { ...single({}), debtorName: "Kari Nordmann" };
    const [debit, credit] = paymentBookings(payment, 1000, debtor, creditor, "2026-11-20", ids());
    expect(debit?.debtorName).toBe("Kari Nordmann");
    expect(credit?.debtorName).toBe("Kari Nordmann");
    expect(credit?.creditorName).toBe("Ola");
  });
  test("a payment kept before the payer's name was falls back to the debtor account's name", () => {
    const [, credit] = paymentBookings(single({}), 1000, debtor, creditor, "2026-11-20", ids());
    expect(credit?.debtorName).toBe("Brukskonto");
  });
});

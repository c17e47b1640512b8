import { describe, test } from "vitest";
import {
  AgreementRequest,
  BalancesUpdate,
  MAX_AGREEMENT_ACCOUNTS,
  ContactEmailRequest,
  SandboxAccountRequest,
  SandboxTransaction,
  SandboxTransactionRequest,
} from "./sandbox";
import { checkRows, expectAccepted, expectRejected, withValue } from "./test-helpers";

const balance = { balanceType: "interimAvailable", balanceAmount: { amount: 1000.5, currency: "NOK" } };
const account = { customerNumber: "15829010019", accountName: "Brukskonto", currency: "NOK" };

describe("Sandbox account (spec 2.5)", () => {
  test("rows", () => {
    checkRows(SandboxAccountRequest, account, [
      {
        path: "customerNumber",
        accepted: ["15829010019", "923609016"],
        rejected: [
          { value: "15829010018", message: /check digits/ },
          { value: "923609017", message: /check digit/ },
          { value: "1234", message: /11 digits .* or 9 digits/ },
          { value: undefined },
        ],
      },
      { path: "accountName", accepted: ["A", "n".repeat(70)], rejected: [{ value: "" }, { value: "n".repeat(71) }, { value: undefined }] },
      { path: "bban", accepted: ["86011117947"], rejected: [{ value: "86011117940", message: /MOD11/ }, { value: "DE123" }] },
      { path: "iban", accepted: ["NO9386011117947"], rejected: [{ value: "SE4550000000058398257466", message: /Norwegian/ }, { value: "NO9386011117946" }] },
      { path: "currency", accepted: ["NOK", "JPY"], rejected: [{ value: "KRONE" }, { value: undefined }] },
      { path: "product", accepted: ["Brukskonto"], rejected: [{ value: 1 }] },
      { path: "cashAccountType", accepted: ["CACC", "SVGS"], rejected: [{ value: "Current", message: /ISO 20022 cash account type/ }] },
      { path: "creditLine", accepted: [0, 5000], rejected: [{ value: -1 }, { value: "5000" }] },
    ]);
    checkRows(SandboxAccountRequest, { ...account, balances: [balance] }, [
      {
        path: "balances",
        accepted: [[balance, { ...balance, balanceType: "closingBooked" }]],
        rejected: [{ value: [] }, { value: balance }, { value: Array(8).fill(balance), message: /At most 7 items/ }],
      },
      { path: "balances.0.balanceType", accepted: ["expected"], rejected: [{ value: "available" }] },
      { path: "balances.0.balanceAmount.amount", accepted: [0, -250.25, 12], rejected: [{ value: 1.234, message: /NOK allows 2 decimals/ }, { value: "12" }] },
      { path: "balances.0.balanceAmount.currency", accepted: ["NOK"], rejected: [{ value: "EUR", message: /account is in NOK/ }, { value: "E" }] },
      { path: "kidRequired", accepted: [true, false], rejected: [{ value: "yes" }] },
    ]);
  });
  test("iban and bban must name the same account", () => {
    expectAccepted(SandboxAccountRequest, { ...account, bban: "86011117947", iban: "NO9386011117947" });
    expectRejected(SandboxAccountRequest, { ...account, bban: "12345678903", iban: "NO9386011117947" }, "iban");
  });
});

const transaction = {
  id: "t1",
  amount: -12550,
  currency: "NOK",
  valueDate: "2026-11-20",
  bookingDate: "2026-11-20",
  remittanceInformationUnstructured: "Invoice 42",
  creditorName: "Kari",
  creditorAccount: { iban: "NO9386011117947", bban: "86011117947" },
  debtorName: "Ola",
  debtorAccount: { iban: "NO8330001234567", bban: "30001234567" },
  bankTransactionCode: "PMNT-ICDT-DMCT",
  ultimateDebtor: "",
  ultimateCreditor: "",
  purposeCode: "OTHR",
  _links: { self: { href: "/v1/sandbox/accounts/a/transactions/t1", verbs: ["GET"] } },
};

describe("Sandbox transaction (spec 2.6): every field required", () => {
  test.each(Object.keys(transaction))("%s is required", (field) => {
    expectRejected(SandboxTransaction, withValue(transaction, field, undefined), field, /Required/);
  });
  test("rows", () => {
    expectAccepted(SandboxTransaction, transaction);
    checkRows(SandboxTransaction, transaction, [
      { path: "amount", accepted: [2147483647, -2147483648], rejected: [{ value: 2147483648 }, { value: 1.5 }, { value: "100" }] },
      { path: "currency", accepted: ["EUR"], rejected: [{ value: "EURO" }] },
      { path: "valueDate", accepted: ["2026-01-31"], rejected: [{ value: "2026-01-32" }] },
      { path: "bookingDate", accepted: ["2026-01-31"], rejected: [{ value: "31.01.2026" }] },
      { path: "creditorAccount.iban", accepted: ["x"], rejected: [{ value: undefined }] },
      { path: "creditorAccount.bban", accepted: ["x"], rejected: [{ value: undefined }] },
      { path: "debtorAccount.iban", accepted: ["x"], rejected: [{ value: undefined }] },
      { path: "debtorAccount.bban", accepted: ["x"], rejected: [{ value: 5 }] },
      {
        path: "bankTransactionCode",
        accepted: ["PMNT", "P".repeat(14)],
        rejected: [
          { value: "PMN", message: /At least 4/ },
          { value: "P".repeat(15), message: /At most 14/ },
        ],
      },
      { path: "_links.self.href", accepted: ["/x"], rejected: [{ value: undefined }] },
      { path: "_links.self.verbs", accepted: [["GET"]], rejected: [{ value: undefined }, { value: ["FETCH"], at: "_links.self.verbs[0]" }] },
      { path: "remittanceInformationUnstructured", accepted: [""], rejected: [{ value: null }] },
    ]);
  });
});

describe("Sandbox transaction request", () => {
  const request = {
    amount: 12550,
    currency: "NOK",
    creditorName: "Kari",
    creditorAccount: { bban: "86011117947" },
    debtorAccount: { bban: "12345678903" },
  };
  test("rows", () => {
    checkRows(SandboxTransactionRequest, request, [
      { path: "amount", accepted: [1], rejected: [{ value: 0 }, { value: -5 }, { value: 2 ** 31 }] },
      { path: "creditorAccount", accepted: [{ iban: "NO9386011117947" }], rejected: [{ value: {}, at: "creditorAccount.bban" }] },
      { path: "debtorAccount.bban", accepted: ["86011117947"], rejected: [{ value: "86011117940" }] },
      { path: "bankTransactionCode", accepted: ["PMNT-RCDT-DMCT"], rejected: [{ value: "abc" }] },
      { path: "valueDate", accepted: ["2026-11-21"], rejected: [{ value: "tomorrow" }] },
    ]);
  });
});

describe("Other sandbox bodies", () => {
  test("agreements: a company's organisation number and its accounts, none twice", () => {
    expectAccepted(AgreementRequest, { customerNumber: "923609016", accountIds: ["a1"] });
    expectRejected(AgreementRequest, { customerNumber: "15829010019", accountIds: ["a1"] }, "customerNumber", /9 digits/);
    expectRejected(AgreementRequest, { customerNumber: "923609016", accountIds: [] }, "accountIds");
    expectRejected(AgreementRequest, { customerNumber: "923609016", accountIds: ["a", "a"] }, "accountIds[1]", /twice/);
    const ids = Array.from({ length: MAX_AGREEMENT_ACCOUNTS + 1 }, (_, index) => `a${String(index)}`);
    expectAccepted(AgreementRequest, { customerNumber: "923609016", accountIds: ids.slice(1) });
    expectRejected(AgreementRequest, { customerNumber: "923609016", accountIds: ids }, "accountIds", /At most 100 items/);
  });
  test("balances update", () => {
    expectAccepted(BalancesUpdate, { balances: [balance], creditLine: 1000 });
    expectRejected(BalancesUpdate, { balances: [] }, "balances");
    expectRejected(BalancesUpdate, { balances: [balance], creditLine: -1 }, "creditLine");
  });
  test("contact e-mail", () => {
    expectAccepted(ContactEmailRequest, { email: "dev@tpp.example" });
    expectRejected(ContactEmailRequest, { email: "dev@" }, "email", /e-mail address/);
  });
});

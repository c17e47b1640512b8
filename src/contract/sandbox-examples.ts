/**
 * Example bodies of the sandbox data operations, from the sandbox's fixed data set (Kari
 * Nordmann's current account acc-001, 97100000028). Read by operation-examples.ts.
 */
import { EXAMPLE_ORIGIN } from "./payment-examples";

const ACCOUNTS = `${EXAMPLE_ORIGIN}/v1/sandbox/accounts`;

const kariAccount = {
  resourceId: "acc-001",
  customerNumber: "01817010055",
  accountName: "Brukskonto",
  bban: "97100000028",
  iban: "NO7797100000028",
  currency: "NOK",
  product: "Brukskonto",
  cashAccountType: "Current",
  creditLine: 0,
  balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 10000, currency: "NOK" } }],
  kidRequired: false,
  inAgreement: true,
  _links: {
    transactions: { href: `${ACCOUNTS}/acc-001/transactions`, verbs: ["GET", "POST"] },
    balances: { href: `${ACCOUNTS}/acc-001/balances`, verbs: ["PUT"] },
  },
};

const transaction = (id: string, amount: number, creditorName: string, creditor: { bban: string; iban: string }, text: string, today: string) => ({
  id,
  amount,
  currency: "NOK",
  valueDate: today,
  bookingDate: today,
  remittanceInformationUnstructured: text,
  creditorName,
  creditorAccount: creditor,
  debtorName: "Kari Nordmann",
  debtorAccount: { bban: "97100000028", iban: "NO7797100000028" },
  bankTransactionCode: "PMNT-ICDT-DMCT",
  ultimateDebtor: "",
  ultimateCreditor: "",
  purposeCode: "",
  _links: { self: { href: `${ACCOUNTS}/acc-001/transactions/${id}`, verbs: ["GET"] } },
});
const { product: _noProduct, ...withoutProduct } = kariAccount;
const OLA = { bban: "97100000044", iban: "NO3397100000044" };
/** The transaction createSandboxTransaction's example answers with: getSandboxTransaction's example reads it. */
export const EXAMPLE_TRANSACTION_ID = "8757916d-4877-41e8-86ae-656704c100ea";

/** Dated for `today`, as the payment examples are. */
export function sandboxExamples(today: string) {
  const groceries = transaction("acc-001-tx-00052", -25800, "REMA 1000", { bban: "86011117947", iban: "NO9386011117947" }, "Matvarer", today);
  const created = transaction(EXAMPLE_TRANSACTION_ID, -12550, "Ola Nordmann", OLA, "Groceries", today);
  return {
    createSandboxAccount: {
      request: {
        customerNumber: "01817010055",
        accountName: "Reisekonto",
        currency: "NOK",
        cashAccountType: "CACC",
        balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 5000, currency: "NOK" } }],
      },
      response: {
        ...withoutProduct,
        resourceId: "f7838efc-970f-4dfd-aa5e-c46b80fa3295",
        accountName: "Reisekonto",
        bban: "97100000095",
        iban: "NO1497100000095",
        balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 5000, currency: "NOK" } }],
        _links: {
          transactions: { href: `${ACCOUNTS}/f7838efc-970f-4dfd-aa5e-c46b80fa3295/transactions`, verbs: ["GET", "POST"] },
          balances: { href: `${ACCOUNTS}/f7838efc-970f-4dfd-aa5e-c46b80fa3295/balances`, verbs: ["PUT"] },
        },
      },
    },
    listSandboxTransactions: {
      response: [transaction("0d0c5a8e-63a4-4f59-9d3b-1f6b2a7c9e41", -25000, "Ola Nordmann", OLA, "Dinner on Friday", today), groceries],
    },
    createSandboxTransaction: {
      request: {
        amount: 12550,
        currency: "NOK",
        creditorName: "Ola Nordmann",
        creditorAccount: { bban: "97100000044" },
        debtorAccount: { bban: "97100000028" },
        remittanceInformationUnstructured: "Groceries",
      },
      response: created,
    },
    getSandboxTransaction: { response: created },
    getSandboxAccount: { response: kariAccount },
    updateSandboxBalances: {
      request: { balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 10000, currency: "NOK" } }], creditLine: 0 },
      response: kariAccount,
    },
    createAgreement: {
      request: { customerNumber: "999990010", accountIds: ["acc-006"] },
      response: { agreementId: "agr-004", customerNumber: "999990010", accountIds: ["acc-005", "acc-006"] },
    },
    initializeSandbox: { response: { customers: 5, accounts: 7, transactions: 172 } },
    registerContactEmail: {
      request: { email: "developer@tpp.example" },
      response: { email: "developer@tpp.example", registeredAt: `${today}T12:19:03.893Z` },
    },
  };
}

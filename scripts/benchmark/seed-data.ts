/**
 * Benchmark data, made the way a user would bring it: an export of the sandbox, grown by many
 * transactions or due payments, to be sent to POST /__sandbox/import. Consistent as an import
 * must be: unique keys and seq, nextSeq above every seq, each account's transactionCount its rows.
 */
import type { SandboxExport } from "../../mocks/store/port";
import type { AccountRecord, PaymentRecord, TransactionRecord } from "../../mocks/store/records";

type Stores = SandboxExport["stores"];

const nextSeqOf = (stores: Stores) => stores.transactions.reduce((max, item) => Math.max(max, item.seq + 1), 0);

function withMeta(stores: Stores, key: "nextSeq", value: number): Stores["meta"] {
  return [...stores.meta.filter((entry) => entry.key !== key), { key, value }];
}

function findAccount(stores: Stores, resourceId: string): AccountRecord {
  const found = stores.accounts.find((account) => account.resourceId === resourceId);
  if (!found) throw new Error(`The export has no account ${resourceId}.`);
  return found;
}

/** `count` more transactions on one account, spread over the 12 months before `today`, oldest first. */
export function withTransactions(data: SandboxExport, accountId: string, count: number, today: string): SandboxExport {
  const account = findAccount(data.stores, accountId);
  const start = nextSeqOf(data.stores);
  const end = Date.parse(`${today}T12:00:00Z`);
  const transactions: TransactionRecord[] = Array.from({ length: count }, (_, index) => {
    const date = new Date(end - Math.floor(((count - index) * 365) / count) * 86_400_000).toISOString().slice(0, 10);
    return {
      id: `bench-${String(index)}`,
      accountId,
      seq: start + index,
      amount: -100 - (index % 1000),
      currency: account.currency,
      valueDate: date,
      bookingDate: date,
      remittanceInformationUnstructured: "Benchmark",
      creditorName: "Shop",
      creditorAccount: { iban: "NO9386011117947", bban: "86011117947" },
      debtorName: account.accountName,
      debtorAccount: { iban: account.iban, bban: account.bban },
      bankTransactionCode: "PMNT-ICDT-DMCT",
      ultimateDebtor: "",
      ultimateCreditor: "",
      purposeCode: "",
    };
  });
  return {
    ...data,
    stores: {
      ...data.stores,
      accounts: data.stores.accounts.map((item) => (item.resourceId === accountId ? { ...item, transactionCount: item.transactionCount + count } : item)),
      transactions: [...data.stores.transactions, ...transactions],
      meta: withMeta(data.stores, "nextSeq", start + count),
    },
  };
}

/** `count` approved single payments of 10.00 from debtor to creditor, due on `today`; the debtor gets funds for all. */
export function withDuePayments(data: SandboxExport, debtorId: string, creditorId: string, count: number, today: string, createdAt: number): SandboxExport {
  const debtor = findAccount(data.stores, debtorId);
  const creditor = findAccount(data.stores, creditorId);
  const owner = data.stores.customers.find((customer) => customer.customerNumber === debtor.customerNumber);
  if (!owner) throw new Error(`The export has no customer ${debtor.customerNumber}.`);
  const payments: PaymentRecord[] = Array.from({ length: count }, (_, index) => ({
    paymentId: `bench-payment-${String(index).padStart(6, "0")}`,
    product: "single",
    transactionStatus: "ACTC",
    psuId: owner.psuId,
    customerNumber: owner.customerNumber,
    redirectUri: "https://tpp.example/cb",
    debtorAccountId: debtor.resourceId,
    creditorAccountId: creditor.resourceId,
    statusHistory: [
      { status: "RCVD", at: createdAt },
      { status: "ACTC", at: createdAt },
    ],
    createdAt: createdAt + index,
    executionDate: today,
    request: {
      instructedAmount: { amount: "10.00", currency: "NOK" },
      creditorName: creditor.accountName,
      creditorAccount: { bban: creditor.bban, currency: "NOK" },
      debtorAccount: { bban: debtor.bban, currency: "NOK" },
      remittanceInformationUnstructured: "Bench",
    },
  }));
  const funded = (account: AccountRecord): AccountRecord => ({
    ...account,
    balances: account.balances.map((balance) => ({
      ...balance,
      balanceAmount: { ...balance.balanceAmount, amount: balance.balanceAmount.amount + 10 * count },
    })),
  });
  return {
    ...data,
    stores: {
      ...data.stores,
      accounts: data.stores.accounts.map((item) => (item.resourceId === debtorId ? funded(item) : item)),
      payments: [...data.stores.payments, ...payments],
    },
  };
}

/** Test-only: records valid against records.ts, and fresh stores over fake-indexeddb. */
import "fake-indexeddb/auto";
import { expect } from "vitest";
import { openSandboxStore } from "./indexeddb/indexeddb-store";
import { deleteDatabase } from "./indexeddb/open-database";
import type { SandboxExport, SandboxStore, TransactionKey } from "./port";
import type { AccountRecord, AgreementRecord, BasketRecord, CustomerRecord, PaymentRecord, SinglePaymentRecord, TransactionRecord } from "./records";

export const freshName = () => `test-${crypto.randomUUID()}`;

/** A store over a database no other test uses; `dispose` closes and deletes it. */
export async function freshStore(): Promise<SandboxStore & { name: string; dispose: () => Promise<void> }> {
  const name = freshName();
  const store = await openSandboxStore({ name });
  return {
    ...store,
    name,
    dispose: async () => {
      store.close();
      await deleteDatabase(name);
    },
  };
}

export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, "0")}`;

export const customer = (n: number, overrides: Partial<CustomerRecord> = {}): CustomerRecord => ({
  customerNumber: `0101199${n.toString().padStart(4, "0")}`,
  kind: "private",
  psuId: uuid(n),
  name: `Customer ${String(n)}`,
  createdAt: 1_700_000_000_000 + n,
  ...overrides,
});

export const account = (n: number, customerNumber: string, overrides: Partial<AccountRecord> = {}): AccountRecord => ({
  resourceId: `acc-${String(n)}`,
  customerNumber,
  accountName: `Account ${String(n)}`,
  bban: `1234567${n.toString().padStart(4, "0")}`,
  iban: `NO001234567${n.toString().padStart(4, "0")}`,
  currency: "NOK",
  creditLine: 0,
  balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 1000.5, currency: "NOK" } }],
  kidRequired: false,
  inAgreement: true,
  transactionCount: 0,
  createdAt: 1_700_000_000_000 + n,
  ...overrides,
});

export const agreement = (customerNumber: string, accountIds: string[]): AgreementRecord => ({
  agreementId: `agr-${customerNumber}`,
  customerNumber,
  accountIds,
});

const core = () => ({
  instructedAmount: { amount: "1250.00", currency: "NOK" as const },
  creditorName: "Kari Nordmann",
  creditorAccount: { bban: "86011117947", currency: "NOK" as const },
  debtorAccount: { bban: "12345678903", currency: "NOK" as const },
});

const paymentCommon = (paymentId: string, createdAt: number) => ({
  paymentId,
  transactionStatus: "ACTC" as const,
  psuId: uuid(1),
  customerNumber: "01011990001",
  redirectUri: "https://tpp.example/callback",
  debtorAccountId: "acc-1",
  statusHistory: [{ status: "RCVD" as const, at: createdAt }],
  createdAt,
});

export const singlePayment = (paymentId: string, executionDate: string, overrides: Partial<SinglePaymentRecord> = {}): PaymentRecord => ({
  ...paymentCommon(paymentId, 1_700_000_000_000),
  product: "single",
  request: { ...core(), requestedExecutionDate: executionDate },
  executionDate,
  ...overrides,
});

export const periodicPayment = (paymentId: string, createdAt = 1_700_000_000_000): PaymentRecord => ({
  ...paymentCommon(paymentId, createdAt),
  product: "periodic",
  request: { ...core(), startDate: "2026-12-01", frequency: "Monthly" },
});

export const basket = (basketId: string, paymentIds: string[]): BasketRecord => ({
  basketId,
  paymentIds,
  transactionStatus: "RCVD",
  psuId: uuid(1),
  customerNumber: "01011990001",
  redirectUri: "https://tpp.example/callback",
  statusHistory: [{ status: "RCVD", at: 1_700_000_000_000 }],
  createdAt: 1_700_000_000_000,
});

export const transaction = (accountId: string, id: string, bookingDate: string, amount = -12550): Omit<TransactionRecord, "seq"> => ({
  id,
  amount,
  currency: "NOK",
  valueDate: bookingDate,
  bookingDate,
  remittanceInformationUnstructured: `Payment ${id}`,
  creditorName: "Kari Nordmann",
  creditorAccount: { iban: "NO9386011117947", bban: "86011117947" },
  debtorName: "Ola Nordmann",
  debtorAccount: { iban: "NO9312345678903", bban: "12345678903" },
  bankTransactionCode: "PMNT-ICDT-DMCT",
  ultimateDebtor: "",
  ultimateCreditor: "",
  purposeCode: "OTHR",
  accountId,
});

/** Newest first: bookingDate desc, then seq desc (the order of an account's list). */
export const newestFirst = (a: TransactionKey, b: TransactionKey) => (a.bookingDate === b.bookingDate ? b.seq - a.seq : a.bookingDate < b.bookingDate ? 1 : -1);

/** Calendar date `days` after 2026-01-01. */
export const dayOf = (days: number) => new Date(Date.UTC(2026, 0, 1 + days)).toISOString().slice(0, 10);

/** A small data set touching every store and every meta key. */
export function sampleStores(): SandboxExport["stores"] {
  const owner = customer(1);
  const company = customer(2, { kind: "corporate", customerNumber: "923609016" });
  const booked = (item: Omit<TransactionRecord, "seq">, seq: number): TransactionRecord => ({ ...item, seq });
  // Each store in key order, as exportAll lists it.
  return {
    customers: [owner, company],
    // transactionCount: each account's transactions below (an import checks it).
    accounts: [
      account(1, owner.customerNumber, { transactionCount: 2 }),
      account(2, company.customerNumber, { transactionCount: 1 }),
      account(3, company.customerNumber, { inAgreement: false }),
    ],
    agreements: [agreement(company.customerNumber, ["acc-2"])],
    payments: [singlePayment("p1", "2026-03-05"), periodicPayment("p2", 1_700_000_000_500)],
    baskets: [basket("b1", ["p1"])],
    transactions: [
      booked(transaction("acc-1", "t1", "2026-03-01"), 0),
      booked(transaction("acc-1", "t2", "2026-03-02"), 2),
      booked(transaction("acc-2", "t1", "2026-03-02"), 1),
    ],
    meta: [
      { key: "batchTimes", value: ["06:00", "09:00", "12:00", "15:00", "18:00"] },
      { key: "clockOffsetMs", value: 3_600_000 },
      { key: "contactEmail", value: { email: "dev@tpp.example", registeredAt: "2026-03-01T10:00:00.000Z" } },
      { key: "lastBatchRunAt", value: 1_700_000_100_000 },
      { key: "nextSeq", value: 3 },
    ],
  };
}

export function sampleExport(): SandboxExport {
  return { format: "psd2-sandbox-export", schemaVersion: 1, exportedAt: "2026-03-10T12:00:00.000Z", stores: sampleStores() };
}

/** The stores of an export, without the time it was made. */
export async function contentsOf(store: SandboxStore): Promise<SandboxExport["stores"]> {
  return (await store.exportAll()).stores;
}

export async function expectRejection(promise: Promise<unknown>, message: RegExp): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, "expected a rejection").toBeInstanceOf(Error);
  expect((error as Error).message).toMatch(message);
  return error as Error;
}

/** Transactions booked on sandbox accounts: from settled payments and from the sandbox-data operation. */
import { hrefOf } from "../../src/contract/paths";
import type { SandboxTransaction, SandboxTransactionRequest } from "../../src/contract/sandbox";
import type { PaymentRecord, AccountRecord, TransactionRecord } from "../store/records";
import { bbanOf, norwegianIban } from "../../src/contract/account-numbers";

export type NewTransaction = Omit<TransactionRecord, "seq">;

/** ISO 20022 bank transaction codes: domain PMNT, family issued/received credit transfer, domestic. */
export const ISSUED_TRANSFER = "PMNT-ICDT-DMCT";
export const RECEIVED_TRANSFER = "PMNT-RCDT-DMCT";

const accountIds = (reference: { bban?: string | undefined; iban?: string | undefined }) => {
  const bban = bbanOf(reference) ?? "";
  return { bban, iban: reference.iban ?? norwegianIban(bban) };
};

function remittanceText(payment: PaymentRecord): string {
  const request = payment.request;
  if (request.remittanceInformationUnstructured) return request.remittanceInformationUnstructured;
  if (payment.product === "single") {
    const [reference] = payment.request.remittanceInformationStructuredArray ?? [];
    const single = reference ?? payment.request.remittanceInformationStructured;
    if (single) return `${single.referenceType} ${single.reference}`;
  }
  return "";
}

/** The debit on the debtor's account and, when the creditor is a sandbox account, the credit on it. */
export function paymentBookings(
  payment: PaymentRecord,
  amountMinor: number,
  debtor: AccountRecord,
  creditor: AccountRecord | undefined,
  bookingDate: string,
  newId: () => string,
): NewTransaction[] {
  const request = payment.request;
  const shared = {
    currency: request.instructedAmount.currency,
    valueDate: bookingDate,
    bookingDate,
    remittanceInformationUnstructured: remittanceText(payment),
    creditorName: request.creditorName,
    creditorAccount: accountIds(request.creditorAccount),
    // The payer's name as the payee's statement shows it; the account's name for payments kept before it was.
    debtorName: payment.debtorName ?? debtor.accountName,
    debtorAccount: { bban: debtor.bban, iban: debtor.iban },
    ultimateDebtor: request.ultimateDebtor ?? "",
    ultimateCreditor: "",
    purposeCode: payment.product === "periodic" ? (payment.request.purposeCode ?? "") : "",
    paymentId: payment.paymentId,
  };
  const debit: NewTransaction = { ...shared, id: newId(), accountId: debtor.resourceId, amount: -amountMinor, bankTransactionCode: ISSUED_TRANSFER };
  if (!creditor) return [debit];
  return [debit, { ...shared, id: newId(), accountId: creditor.resourceId, amount: amountMinor, bankTransactionCode: RECEIVED_TRANSFER }];
}

/** POST .../transactions: this account pays; the creditor is credited too when it is a sandbox account. */
export function requestedBookings(
  request: SandboxTransactionRequest,
  debtor: AccountRecord,
  /** The name of the customer who holds the debtor account: the debtor's name, as a payment from it books it. */
  holderName: string | undefined,
  creditor: AccountRecord | undefined,
  today: string,
  newId: () => string,
): NewTransaction[] {
  const shared = {
    currency: request.currency,
    valueDate: request.valueDate ?? today,
    bookingDate: request.bookingDate ?? today,
    remittanceInformationUnstructured: request.remittanceInformationUnstructured ?? "",
    creditorName: request.creditorName,
    creditorAccount: accountIds(request.creditorAccount),
    debtorName: request.debtorName ?? holderName ?? debtor.accountName,
    debtorAccount: { bban: debtor.bban, iban: debtor.iban },
    ultimateDebtor: request.ultimateDebtor ?? "",
    ultimateCreditor: request.ultimateCreditor ?? "",
    purposeCode: request.purposeCode ?? "",
  };
  const debit: NewTransaction = {
    ...shared,
    id: newId(),
    accountId: debtor.resourceId,
    amount: -request.amount,
    bankTransactionCode: request.bankTransactionCode ?? ISSUED_TRANSFER,
  };
  if (!creditor) return [debit];
  return [debit, { ...shared, id: newId(), accountId: creditor.resourceId, amount: request.amount, bankTransactionCode: RECEIVED_TRANSFER }];
}

/** A stored transaction as the interface shows it (spec 2.6), with its self link. */
export function presentTransaction(record: TransactionRecord, sandboxBase = ""): SandboxTransaction {
  const { accountId, seq: _seq, paymentId: _payment, ...fields } = record;
  // Object.assign onto the rest, not a spread into a new literal: a page presents up to 200 of
  // these, and the spread copy cost ten times as much (V8 builds the literal key by key).
  const links: Pick<SandboxTransaction, "_links"> = {
    _links: { self: { href: `${sandboxBase}${hrefOf("getSandboxTransaction", { mockAccountId: accountId, transactionId: record.id })}`, verbs: ["GET"] } },
  };
  return Object.assign(fields, links);
}

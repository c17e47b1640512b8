import { describe, expect, test } from "vitest";
import type { PeriodicPaymentRequest, SinglePaymentRequest } from "../../src/contract/payments";
import { MAX_BOOKABLE_MINOR, type AccountRecord, type CustomerRecord } from "../store/records";
import { norwegianIban } from "../../src/contract/account-numbers";
import { firstAccountNumbers } from "./accounts";
import { checkInitiation, type InitiationFacts, type InitiationRequest } from "./payment-initiation";

const TODAY = "2026-11-20";
const [KARI_BBAN = "", OLA_BBAN = "", COMPANY_BBAN = "", OTHER_COMPANY_BBAN = ""] = firstAccountNumbers(4);

const kari: CustomerRecord = { customerNumber: "01817010055", kind: "private", psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21", name: "Kari", createdAt: 1 };
const company: CustomerRecord = {
  customerNumber: "999990010",
  kind: "corporate",
  psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a31",
  name: "Fjordline",
  createdAt: 1,
};

function account(resourceId: string, owner: CustomerRecord, bban: string, extra: Partial<AccountRecord> = {}): AccountRecord {
  return {
    resourceId,
    customerNumber: owner.customerNumber,
    accountName: resourceId,
    bban,
    iban: norwegianIban(bban),
    currency: "NOK",
    creditLine: 0,
    balances: [],
    kidRequired: false,
    inAgreement: true,
    transactionCount: 0,
    createdAt: 1,
    ...extra,
  };
}
const kariAccount = account("acc-kari", kari, KARI_BBAN);
const olaAccount = account("acc-ola", { ...kari, customerNumber: "05827510086" }, OLA_BBAN);
const companyAccount = account("acc-company", company, COMPANY_BBAN);

const body: SinglePaymentRequest = {
  instructedAmount: { amount: "250.00", currency: "NOK" },
  creditorName: "Ola",
  creditorAccount: { bban: OLA_BBAN, currency: "NOK" },
  debtorAccount: { bban: KARI_BBAN, currency: "NOK" },
  remittanceInformationUnstructured: "Middag",
};
const single = (changes: Partial<SinglePaymentRequest> = {}): InitiationRequest => ({ product: "single", body: { ...body, ...changes } });
const periodic = (changes: Partial<PeriodicPaymentRequest> = {}): InitiationRequest => ({
  product: "periodic",
  body: { ...body, startDate: TODAY, frequency: "Monthly", ...changes },
});
const facts = (changes: Partial<InitiationFacts> = {}): InitiationFacts => ({
  headers: { "PSU-ID": kari.psuId },
  psu: kari,
  debtor: kariAccount,
  creditor: olaAccount,
  today: TODAY,
  ...changes,
});
const refusal = (request: InitiationRequest, given: InitiationFacts) => {
  const outcome = checkInitiation(request, given);
  if (outcome.ok) throw new Error("accepted");
  expect(outcome.messages).toHaveLength(1);
  return outcome.messages[0];
};

describe("checkInitiation: the PSU", () => {
  test("a valid single payment: the owner and the debtor account", () => {
    expect(checkInitiation(single(), facts())).toEqual({ ok: true, value: { owner: kari, debtor: kariAccount } });
  });
  test("unknown PSU-ID: PSU_CREDENTIALS_INVALID at PSU-ID", () => {
    expect(refusal(single(), facts({ psu: undefined }))).toMatchObject({
      code: "PSU_CREDENTIALS_INVALID",
      path: "PSU-ID",
      text: expect.stringContaining(kari.psuId) as string,
    });
  });
  test("unknown X-PSU-IDENTITY: PSU_CREDENTIALS_INVALID at X-PSU-IDENTITY", () => {
    expect(refusal(single(), facts({ psu: undefined, headers: { "X-PSU-IDENTITY": "15829010019" } }))).toMatchObject({
      code: "PSU_CREDENTIALS_INVALID",
      path: "X-PSU-IDENTITY",
    });
  });
  test("a corporate PSU without PSU-Corporate-ID: 400 HTTP_HEADER_REQUIRED at PSU-Corporate-ID", () => {
    const message = refusal(
      single({ debtorAccount: { bban: COMPANY_BBAN, currency: "NOK" } }),
      facts({ psu: company, debtor: companyAccount, headers: { "PSU-ID": company.psuId } }),
    );
    expect(message).toMatchObject({ code: "HTTP_HEADER_REQUIRED", path: "PSU-Corporate-ID", text: expect.stringContaining("999990010") as string });
  });
  test("a corporate PSU with its own PSU-Corporate-ID passes", () => {
    const outcome = checkInitiation(
      single(),
      facts({ psu: company, debtor: companyAccount, headers: { "PSU-ID": company.psuId, "PSU-Corporate-ID": "999990010" } }),
    );
    expect(outcome.ok).toBe(true);
  });
  test("a corporate PSU naming another company: FORBIDDEN", () => {
    expect(
      refusal(single(), facts({ psu: company, debtor: companyAccount, headers: { "PSU-ID": company.psuId, "PSU-Corporate-ID": "999990029" } })),
    ).toMatchObject({
      code: "FORBIDDEN",
      path: "PSU-Corporate-ID",
      text: expect.stringContaining("not 999990029") as string,
    });
  });
  test("a private PSU with PSU-Corporate-ID: FORBIDDEN", () => {
    expect(refusal(single(), facts({ headers: { "PSU-ID": kari.psuId, "PSU-Corporate-ID": "999990010" } }))).toMatchObject({
      code: "FORBIDDEN",
      path: "PSU-Corporate-ID",
      text: expect.stringContaining("private customer") as string,
    });
  });
});

describe("checkInitiation: the accounts", () => {
  test("unknown debtor account: BAD_REQUEST at debtorAccount", () => {
    expect(refusal(single(), facts({ debtor: undefined }))).toMatchObject({
      code: "BAD_REQUEST",
      path: "debtorAccount",
      text: expect.stringContaining(KARI_BBAN) as string,
    });
  });
  test("another customer's account: FORBIDDEN", () => {
    expect(refusal(single(), facts({ debtor: olaAccount, creditor: kariAccount }))).toMatchObject({ code: "FORBIDDEN", path: "debtorAccount" });
  });
  test("a corporate account not in the agreement: FORBIDDEN, pointing at POST /v1/sandbox/agreements", () => {
    const outside = account("acc-tax", company, OTHER_COMPANY_BBAN, { inAgreement: false });
    expect(refusal(single(), facts({ psu: company, debtor: outside, headers: { "PSU-ID": company.psuId, "PSU-Corporate-ID": "999990010" } }))).toMatchObject({
      code: "FORBIDDEN",
      path: "debtorAccount",
      text: expect.stringContaining("POST /v1/sandbox/agreements") as string,
    });
  });
  test("debtorAccount.currency differs from the account's: BAD_REQUEST", () => {
    expect(refusal(single({ debtorAccount: { bban: KARI_BBAN, currency: "EUR" } }), facts())).toMatchObject({
      code: "BAD_REQUEST",
      path: "debtorAccount.currency",
    });
  });
  test("instructed in another currency than the debtor's: BAD_REQUEST", () => {
    expect(refusal(single({ instructedAmount: { amount: "1", currency: "SEK" } }), facts())).toMatchObject({
      code: "BAD_REQUEST",
      path: "instructedAmount.currency",
    });
  });
  test("a sandbox creditor held in another currency: BAD_REQUEST", () => {
    expect(refusal(single(), facts({ creditor: { ...olaAccount, currency: "EUR" } }))).toMatchObject({ code: "BAD_REQUEST", path: "creditorAccount.currency" });
  });
  test("creditor = debtor: BAD_REQUEST", () => {
    expect(refusal(single({ creditorAccount: { bban: KARI_BBAN, currency: "NOK" } }), facts({ creditor: kariAccount }))).toMatchObject({
      code: "BAD_REQUEST",
      path: "creditorAccount",
    });
  });
  test("an external creditor (not a sandbox account) is fine", () => {
    expect(checkInitiation(single(), facts({ creditor: undefined })).ok).toBe(true);
  });
  test("an amount beyond what an int32 booking holds: BAD_REQUEST (regression: it was booked as 3000000000 øre)", () => {
    expect(checkInitiation(single({ instructedAmount: { amount: "21474836.47", currency: "NOK" } }), facts()).ok).toBe(true);
    expect(refusal(single({ instructedAmount: { amount: "21474836.48", currency: "NOK" } }), facts())).toMatchObject({
      code: "BAD_REQUEST",
      path: "instructedAmount.amount",
      text: expect.stringContaining("21474836.47 NOK") as string,
    });
    expect(MAX_BOOKABLE_MINOR).toBe(2 ** 31 - 1);
  });
  test("the int32 cap is where a booking happens: a periodic payment, which the batch never books, takes any Amount", () => {
    expect(checkInitiation(periodic({ instructedAmount: { amount: "30000000.00", currency: "NOK" } }), facts()).ok).toBe(true);
    expect(checkInitiation(periodic({ instructedAmount: { amount: "9999999999999.99", currency: "NOK" } }), facts()).ok).toBe(true);
  });
});

describe("checkInitiation: dates and KID", () => {
  test("requestedExecutionDate in the past: EXECUTION_DATE_INVALID; today and later pass", () => {
    expect(refusal(single({ requestedExecutionDate: "2026-11-19" }), facts())).toMatchObject({
      code: "EXECUTION_DATE_INVALID",
      path: "requestedExecutionDate",
    });
    expect(checkInitiation(single({ requestedExecutionDate: TODAY }), facts()).ok).toBe(true);
    expect(checkInitiation(single({ requestedExecutionDate: "2027-01-04" }), facts()).ok).toBe(true);
  });
  test("a periodic startDate in the past: EXECUTION_DATE_INVALID at startDate", () => {
    expect(refusal(periodic({ startDate: "2026-11-19" }), facts())).toMatchObject({ code: "EXECUTION_DATE_INVALID", path: "startDate" });
    expect(checkInitiation(periodic(), facts()).ok).toBe(true);
  });
  test("a creditor that requires a KID, and no KID: KID_MISSING", () => {
    const kidCreditor = { ...olaAccount, kidRequired: true };
    expect(refusal(single(), facts({ creditor: kidCreditor }))).toMatchObject({ code: "KID_MISSING", path: "remittanceInformationStructuredArray" });
    expect(
      refusal(
        single({ remittanceInformationUnstructured: undefined, remittanceInformationStructuredArray: [{ reference: "INV-1", referenceType: "SCOR" }] }),
        facts({ creditor: kidCreditor }),
      ),
    ).toMatchObject({ code: "KID_MISSING" });
    expect(refusal(periodic(), facts({ creditor: kidCreditor }))).toMatchObject({ code: "KID_MISSING", path: "creditorAccount" });
  });
  test("a KID present (array, OCR, or the deprecated single field): accepted", () => {
    const given = facts({ creditor: { ...olaAccount, kidRequired: true } });
    const base = { remittanceInformationUnstructured: undefined };
    expect(checkInitiation(single({ ...base, remittanceInformationStructuredArray: [{ reference: "12344", referenceType: "KID" }] }), given).ok).toBe(true);
    expect(checkInitiation(single({ ...base, remittanceInformationStructuredArray: [{ reference: "12344", referenceType: "ocr" }] }), given).ok).toBe(true);
    expect(checkInitiation(single({ ...base, remittanceInformationStructured: { reference: "12344", referenceType: "KID" } }), given).ok).toBe(true);
  });
  test("the first failing rule decides: an unknown PSU outranks everything else", () => {
    expect(refusal(single({ requestedExecutionDate: "2000-01-01" }), facts({ psu: undefined, debtor: undefined }))).toMatchObject({
      code: "PSU_CREDENTIALS_INVALID",
    });
  });
});

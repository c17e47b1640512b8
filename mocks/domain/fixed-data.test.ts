import { isValidIBAN } from "ibantools";
import { describe, expect, test } from "vitest";
import { isValidNationalIdentityNumber, isValidNorwegianAccountNumber, isValidOrganisationNumber } from "../../src/contract/norwegian-numbers";
import { AccountRecord, AgreementRecord, CustomerRecord, TransactionRecord } from "../store/records";
import { formatDate, parseDate } from "../../src/contract/calendar-date";
import { fixedCustomers, fixedData } from "./fixed-data";

const TODAY = "2026-11-20";
const NOW = Date.parse("2026-11-20T08:00:00Z");
const data = fixedData(TODAY, NOW);

describe("fixedData", () => {
  test("deterministic: two calls give equal data", () => {
    expect(fixedData(TODAY, NOW)).toEqual(data);
  });
  test("the records are what the store accepts on import", () => {
    for (const customer of data.customers) CustomerRecord.parse(customer);
    for (const account of data.accounts) AccountRecord.parse(account);
    for (const agreement of data.agreements) AgreementRecord.parse(agreement);
    for (const transaction of data.transactions) TransactionRecord.parse(transaction);
  });
  test("every identity and organisation number is valid, and its kind follows its length", () => {
    expect(data.customers.map((c) => c.customerNumber)).toEqual(fixedCustomers.map((c) => c.customerNumber));
    for (const customer of data.customers) {
      if (customer.kind === "private") expect(isValidNationalIdentityNumber(customer.customerNumber), customer.customerNumber).toBe(true);
      else expect(isValidOrganisationNumber(customer.customerNumber), customer.customerNumber).toBe(true);
      expect(customer.kind).toBe(customer.customerNumber.length === 9 ? "corporate" : "private");
    }
    expect(new Set(data.customers.map((c) => c.psuId)).size).toBe(data.customers.length);
  });
  test("every account number is a valid, unique Norwegian account number with a valid IBAN", () => {
    for (const account of data.accounts) {
      expect(isValidNorwegianAccountNumber(account.bban), account.bban).toBe(true);
      expect(isValidIBAN(account.iban), account.iban).toBe(true);
      expect(account.iban.slice(4)).toBe(account.bban);
    }
    expect(new Set(data.accounts.map((a) => a.bban)).size).toBe(data.accounts.length);
    const counterparts = data.transactions.flatMap((t) => [t.creditorAccount, t.debtorAccount]);
    for (const { bban, iban } of counterparts) {
      expect(isValidNorwegianAccountNumber(bban)).toBe(true);
      expect(isValidIBAN(iban)).toBe(true);
    }
  });
  test("transactions lie within the 90 days up to today", () => {
    const earliest = formatDate(parseDate(TODAY) - 89);
    expect(data.transactions.length).toBeGreaterThan(0);
    for (const t of data.transactions) {
      expect(t.bookingDate >= earliest && t.bookingDate <= TODAY, t.bookingDate).toBe(true);
      expect(t.valueDate).toBe(t.bookingDate);
    }
  });
  test("transactionCount matches each account's transactions; seq and id are unique", () => {
    for (const account of data.accounts) {
      expect(account.transactionCount, account.resourceId).toBe(data.transactions.filter((t) => t.accountId === account.resourceId).length);
    }
    expect(new Set(data.transactions.map((t) => t.seq)).size).toBe(data.transactions.length);
    expect(new Set(data.transactions.map((t) => t.id)).size).toBe(data.transactions.length);
  });
  test("salary credits are positive, card and bill debits negative", () => {
    for (const t of data.transactions)
      expect(t.amount > 0 ? t.bankTransactionCode === "PMNT-RCDT-DMCT" : t.bankTransactionCode === "PMNT-ICDT-DMCT").toBe(true);
  });
  test("the KID account requires a KID", () => {
    const kid = data.accounts.filter((a) => a.kidRequired);
    expect(kid.map((a) => [a.customerNumber, a.accountName])).toEqual([["999990029", "Innbetalinger KID"]]);
  });
  test("Fjordline's second account is not in its agreement; every other account is", () => {
    const fjordline = data.accounts.filter((a) => a.customerNumber === "999990010");
    expect(fjordline.map((a) => a.inAgreement)).toEqual([true, false]);
    const agreement = data.agreements.find((a) => a.customerNumber === "999990010");
    expect(agreement?.accountIds).toEqual([fjordline[0]?.resourceId]);
    for (const account of data.accounts) {
      const inIt = data.agreements.some((a) => a.customerNumber === account.customerNumber && a.accountIds.includes(account.resourceId));
      expect(inIt, account.resourceId).toBe(account.inAgreement);
    }
  });
  test("another day moves the history with it", () => {
    const later = fixedData("2026-12-20", NOW);
    expect(later.accounts.map((a) => a.bban)).toEqual(data.accounts.map((a) => a.bban));
    expect(later.transactions.every((t) => t.bookingDate >= "2026-09-22")).toBe(true);
  });
});

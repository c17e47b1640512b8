import { isValidIBAN } from "ibantools";
import { describe, expect, test } from "vitest";
import { isValidNorwegianAccountNumber } from "../../src/contract/norwegian-numbers";
import type { AccountRecord } from "../store/records";
import { bbanOf, norwegianIban } from "../../src/contract/account-numbers";
import { SANDBOX_BANK, firstAccountNumbers, namesAccount, newAccount, presentAccount, sandboxAccountNumber } from "./accounts";

describe("sandbox account numbers", () => {
  test("the first 10,000 are valid MOD11 account numbers of bank 9710, unique and in serial order", () => {
    const numbers = firstAccountNumbers(10_000);
    expect(numbers).toHaveLength(10_000);
    expect(new Set(numbers).size).toBe(10_000);
    expect(numbers.filter((bban) => !bban.startsWith(SANDBOX_BANK) || !isValidNorwegianAccountNumber(bban))).toEqual([]);
    expect([...numbers].sort()).toEqual(numbers);
  });
  test("a serial whose check digit would be 10 is never issued", () => {
    const serials = Array.from({ length: 110 }, (_, i) => i + 1);
    const skipped = serials.filter((serial) => sandboxAccountNumber(serial) === undefined);
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped.length).toBeLessThan(20);
  });
});

describe("norwegianIban", () => {
  test("valid IBANs (ibantools) that end in the bban", () => {
    for (const bban of [...firstAccountNumbers(200), "86011117947"]) {
      const iban = norwegianIban(bban);
      expect(isValidIBAN(iban), iban).toBe(true);
      expect(iban).toMatch(new RegExp(`^NO\\d{2}${bban}$`));
    }
    expect(norwegianIban("86011117947")).toBe("NO9386011117947");
  });
});

const record: AccountRecord = {
  resourceId: "acc-1",
  customerNumber: "01817010055",
  accountName: "A".repeat(50) + "B".repeat(20),
  bban: "86011117947",
  iban: "NO9386011117947",
  currency: "NOK",
  cashAccountType: "SVGS",
  creditLine: 0,
  balances: [],
  kidRequired: false,
  inAgreement: true,
  transactionCount: 12,
  createdAt: 5,
};

describe("presentAccount", () => {
  test("cash-account-type-iso: the ISO code; without it, the code's name", () => {
    expect(presentAccount(record, new Set(["cash-account-type-iso"])).cashAccountType).toBe("SVGS");
    expect(presentAccount(record, new Set()).cashAccountType).toBe("Savings");
    expect(presentAccount({ ...record, cashAccountType: "CACC" }, new Set()).cashAccountType).toBe("Current");
  });
  test("an unknown stored code is shown as it is; no code, no field", () => {
    expect(presentAccount({ ...record, cashAccountType: "XXXX" }, new Set()).cashAccountType).toBe("XXXX");
    const { cashAccountType: _omitted, ...without } = record;
    expect(presentAccount(without, new Set())).not.toHaveProperty("cashAccountType");
  });
  test("longer-name: 70 characters; without it, 35", () => {
    expect(presentAccount(record, new Set(["longer-name"])).accountName).toHaveLength(70);
    expect(presentAccount(record, new Set()).accountName).toBe("A".repeat(35));
    expect(presentAccount({ ...record, accountName: "Kort" }, new Set()).accountName).toBe("Kort");
  });
  test("both fixes at once; bookkeeping fields are not shown; links to transactions and balances", () => {
    const shown = presentAccount(record, new Set(["longer-name", "cash-account-type-iso"]), "http://sandbox.test");
    expect(shown).toMatchObject({ cashAccountType: "SVGS", accountName: record.accountName, inAgreement: true });
    expect(shown).not.toHaveProperty("transactionCount");
    expect(shown).not.toHaveProperty("createdAt");
    expect(shown._links).toEqual({
      transactions: { href: "http://sandbox.test/v1/sandbox/accounts/acc-1/transactions", verbs: ["GET", "POST"] },
      balances: { href: "http://sandbox.test/v1/sandbox/accounts/acc-1/balances", verbs: ["PUT"] },
    });
  });
});

describe("newAccount", () => {
  test("defaults: derived iban, CACC, no credit line, zero balances, no KID", () => {
    const created = newAccount({ customerNumber: "01817010055", accountName: "Konto", currency: "NOK" }, { resourceId: "r", bban: "86011117947" }, 9, true);
    expect(created).toEqual({
      resourceId: "r",
      customerNumber: "01817010055",
      accountName: "Konto",
      bban: "86011117947",
      iban: "NO9386011117947",
      currency: "NOK",
      cashAccountType: "CACC",
      creditLine: 0,
      kidRequired: false,
      inAgreement: true,
      transactionCount: 0,
      createdAt: 9,
      balances: [
        { balanceType: "interimAvailable", balanceAmount: { amount: 0, currency: "NOK" } },
        { balanceType: "closingBooked", balanceAmount: { amount: 0, currency: "NOK" } },
      ],
    });
  });
});

describe("account references", () => {
  test("bbanOf: the bban, else a Norwegian iban's last 11 digits", () => {
    expect(bbanOf({ bban: "86011117947" })).toBe("86011117947");
    expect(bbanOf({ iban: "NO9386011117947" })).toBe("86011117947");
    expect(bbanOf({ iban: "SE4550000000058398257466" })).toBeUndefined();
    expect(bbanOf({})).toBeUndefined();
  });
  test("namesAccount: every given identifier must match, and one must be given", () => {
    expect(namesAccount({ bban: "86011117947" }, record)).toBe(true);
    expect(namesAccount({ iban: "NO9386011117947" }, record)).toBe(true);
    expect(namesAccount({ bban: "86011117947", iban: "NO9386011117947" }, record)).toBe(true);
    expect(namesAccount({ bban: "86011117947", iban: "NO0212345678903" }, record)).toBe(false);
    expect(namesAccount({ bban: "12345678903" }, record)).toBe(false);
    expect(namesAccount({}, record)).toBe(false);
  });
});

import { describe, expect, test } from "vitest";
import { bbanOf, bbanOfIban, contradictingBban, formatBban, norwegianIban } from "./account-numbers";

describe("account numbers", () => {
  test("a Norwegian IBAN carries the account number after its check digits, and is built from it", () => {
    expect(norwegianIban("86011117947")).toBe("NO9386011117947");
    expect(bbanOfIban("NO9386011117947")).toBe("86011117947");
    expect(bbanOf({ iban: "NO9386011117947" })).toBe("86011117947");
    expect(bbanOf({ bban: "12345678903", iban: "NO9386011117947" })).toBe("12345678903");
  });
  test("another country's IBAN names no Norwegian account number", () => {
    expect(bbanOfIban("DE89370400440532013000")).toBeUndefined();
    expect(bbanOf({ iban: "DE89370400440532013000" })).toBeUndefined();
    expect(contradictingBban({ bban: "12345678903", iban: "DE89370400440532013000" })).toBeUndefined();
  });
  test("a Norwegian IBAN that names another account than the bban beside it", () => {
    expect(contradictingBban({ bban: "12345678903", iban: "NO9386011117947" })).toBe("86011117947");
    expect(contradictingBban({ bban: "86011117947", iban: "NO9386011117947" })).toBeUndefined();
    expect(contradictingBban({ iban: "NO9386011117947" })).toBeUndefined();
  });
  test("written the Norwegian way", () => {
    expect(formatBban("12345678903")).toBe("1234.56.78903");
    expect(formatBban("123")).toBe("123");
  });
});

import { describe, expect, test } from "vitest";
import {
  completeNationalIdentityNumber,
  isValidNationalIdentityNumber,
  isValidNorwegianAccountNumber,
  isValidOrganisationNumber,
  kidCheckOf,
  mod10Check,
  mod11Check,
  withMod11Check,
} from "./norwegian-numbers";

describe("account numbers (MOD11, weights 5,4,3,2,7,6,5,4,3,2)", () => {
  test.each(["86011117947", "12345678903", "12094355778"])("%s is valid", (number) => {
    expect(isValidNorwegianAccountNumber(number)).toBe(true);
  });
  test.each([
    ["86011117948", "wrong check digit"],
    ["8601111794", "ten digits"],
    ["8601.11.17947", "dots"],
    ["860111179470", "twelve digits"],
  ])("%s is invalid (%s)", (number) => {
    expect(isValidNorwegianAccountNumber(number)).toBe(false);
  });
  test("a payload with remainder 1 has no check digit and is never issued", () => {
    const payload = Array.from({ length: 10_000 }, (_, i) => `860111${String(i).padStart(4, "0")}`).find((p) => mod11Check(p) === 10);
    expect(payload).toBeDefined();
    expect(withMod11Check(payload ?? "")).toBeUndefined();
    for (let digit = 0; digit <= 9; digit++) expect(isValidNorwegianAccountNumber(`${payload ?? ""}${String(digit)}`)).toBe(false);
  });
});

describe("national identity and D-numbers", () => {
  test("synthetic numbers with both check digits are valid", () => {
    expect(isValidNationalIdentityNumber("15829010019")).toBe(true);
    const completed = completeNationalIdentityNumber("010170123");
    expect(completed).toBe("01017012343");
  });
  test("a changed digit breaks a check digit", () => {
    expect(isValidNationalIdentityNumber("15829010018")).toBe(false);
    expect(isValidNationalIdentityNumber("25829010019")).toBe(false);
    expect(isValidNationalIdentityNumber("1582901001")).toBe(false);
  });
});

describe("organisation numbers", () => {
  test("valid and invalid", () => {
    expect(isValidOrganisationNumber("923609016")).toBe(true);
    expect(isValidOrganisationNumber("987654325")).toBe(true);
    expect(isValidOrganisationNumber("923609017")).toBe(false);
    expect(isValidOrganisationNumber("92360901")).toBe(false);
  });
});

describe("KID (reference/domain-facts.md §4.3)", () => {
  test("published examples", () => {
    expect(mod10Check("1234")).toBe(4);
    expect(kidCheckOf("12344")).toBe("MOD10");
    expect(kidCheckOf("12343")).toBe("MOD11");
    expect(kidCheckOf("104-")).toBe("MOD11");
  });
  test("length 2 to 25, digits only but a MOD11 dash", () => {
    expect(kidCheckOf("00")).toBe("MOD10");
    expect(kidCheckOf("0")).toBeUndefined();
    const payload24 = "123456789012345678901234";
    expect(kidCheckOf(payload24 + String(mod10Check(payload24)))).toBe("MOD10");
    expect(kidCheckOf(`9${payload24}${String(mod10Check(`9${payload24}`))}`)).toBeUndefined();
    expect(kidCheckOf("12a44")).toBeUndefined();
    expect(kidCheckOf("12-4")).toBeUndefined();
  });
  test("a wrong check digit fails both checks", () => {
    expect(kidCheckOf("12345")).toBeUndefined();
  });
  test("25-digit KIDs keep precision (no Number conversion)", () => {
    const payload = "999999999999999999999999";
    const kid = payload + String(mod10Check(payload));
    expect(kidCheckOf(kid)).toBe("MOD10");
    expect(kidCheckOf(kid.slice(0, -2) + "8" + kid.slice(-1))).not.toBe("MOD10");
  });
});

import { describe, expect, it } from "vitest";
import { formatMajor, formatMinor, minorUnitsOf } from "./money";

const nbsp = "\u202f";

describe("formatMinor", () => {
  it("reads an int32 as minor units of the currency (decision 0005)", () => {
    expect(formatMinor(12550, "NOK")).toBe("125.50");
    expect(formatMinor(-4_250_000, "NOK")).toBe(`\u221242${nbsp}500.00`);
    expect(formatMinor(5, "NOK")).toBe("0.05");
    expect(formatMinor(0, "EUR")).toBe("0.00");
  });

  it("follows ISO 4217 decimals, not two everywhere", () => {
    expect(formatMinor(1234, "JPY")).toBe(`1${nbsp}234`);
    expect(formatMinor(1234, "KWD")).toBe("1.234");
  });
});

describe("formatMajor", () => {
  it("shows balances with the currency's decimals", () => {
    expect(formatMajor(25_430.5, "NOK")).toBe(`25${nbsp}430.50`);
    expect(formatMajor(-1200, "NOK")).toBe(`\u22121${nbsp}200.00`);
    expect(formatMajor(2_500_000, "NOK")).toBe(`2${nbsp}500${nbsp}000.00`);
    expect(formatMajor(-0.001, "NOK")).toBe("0.00");
  });
});

describe("minorUnitsOf", () => {
  it("treats an unknown currency or one without minor units as whole units", () => {
    expect(minorUnitsOf("XDR")).toBe(0);
    expect(minorUnitsOf("ZZZ")).toBe(0);
    expect(minorUnitsOf("NOK")).toBe(2);
  });
});

import { describe, expect, test } from "vitest";
import { displayAmount, formatMajor, formatMinor, minorFromNumber, minorFromString, numberFromMinor } from "./money";

const nbsp = "\u202f";

describe("minorFromString", () => {
  test("two-decimal currency (NOK): øre", () => {
    expect(minorFromString("125.50", "NOK")).toBe(12550);
    expect(minorFromString("125.5", "NOK")).toBe(12550);
    expect(minorFromString("125", "NOK")).toBe(12500);
    expect(minorFromString("0.01", "NOK")).toBe(1);
  });
  test("zero-decimal currency (JPY): the amount itself", () => {
    expect(minorFromString("1500", "JPY")).toBe(1500);
  });
  test("three-decimal currency (KWD): fils", () => {
    expect(minorFromString("1.234", "KWD")).toBe(1234);
    expect(minorFromString("1.2", "KWD")).toBe(1200);
  });
  test("a currency without ISO minor units (XDR) uses the contract's scale of 5", () => {
    expect(minorFromString("1.5", "XDR")).toBe(150_000);
  });
  test("the largest NOK amount of the contract's precision stays exact", () => {
    expect(minorFromString("9999999999999.99", "NOK")).toBe(999_999_999_999_999);
  });
});

describe("minorFromNumber and numberFromMinor", () => {
  test("round to the nearest minor unit, without float artefacts", () => {
    expect(minorFromNumber(0.1 + 0.2, "NOK")).toBe(30);
    expect(minorFromNumber(25_430.5, "NOK")).toBe(2_543_050);
    expect(minorFromNumber(1.005, "KWD")).toBe(1005);
    expect(minorFromNumber(12, "JPY")).toBe(12);
  });
  test("negative amounts", () => {
    expect(minorFromNumber(-250.25, "NOK")).toBe(-25_025);
    expect(numberFromMinor(-25_025, "NOK")).toBe(-250.25);
  });
  test("back to a number in the currency's unit", () => {
    expect(numberFromMinor(12_550, "NOK")).toBe(125.5);
    expect(numberFromMinor(1234, "KWD")).toBe(1.234);
    expect(numberFromMinor(7, "JPY")).toBe(7);
  });
});

describe("formatMinor as the interface writes amounts", () => {
  test("two decimals, padded", () => {
    expect(formatMinor(12_550, "NOK", "interface")).toBe("125.50");
    expect(formatMinor(5, "NOK", "interface")).toBe("0.05");
    expect(formatMinor(0, "NOK", "interface")).toBe("0.00");
  });
  test("zero and three decimals", () => {
    expect(formatMinor(1500, "JPY", "interface")).toBe("1500");
    expect(formatMinor(0, "JPY", "interface")).toBe("0");
    expect(formatMinor(1234, "KWD", "interface")).toBe("1.234");
    expect(formatMinor(7, "KWD", "interface")).toBe("0.007");
  });
  test("negative amounts keep the sign in front", () => {
    expect(formatMinor(-5, "NOK", "interface")).toBe("-0.05");
    expect(formatMinor(-12_550, "NOK", "interface")).toBe("-125.50");
    expect(formatMinor(-3, "JPY", "interface")).toBe("-3");
  });
});

describe("formatMinor for reading", () => {
  test("reads an int32 as minor units of the currency (decision 0005)", () => {
    expect(formatMinor(12550, "NOK")).toBe("125.50");
    expect(formatMinor(-4_250_000, "NOK")).toBe(`\u221242${nbsp}500.00`);
    expect(formatMinor(5, "NOK")).toBe("0.05");
    expect(formatMinor(0, "EUR")).toBe("0.00");
  });

  test("follows ISO 4217 decimals, not two everywhere", () => {
    expect(formatMinor(1234, "JPY")).toBe(`1${nbsp}234`);
    expect(formatMinor(1234, "KWD")).toBe("1.234");
  });
});

describe("formatMajor", () => {
  test("shows balances with the currency's decimals", () => {
    expect(formatMajor(25_430.5, "NOK")).toBe(`25${nbsp}430.50`);
    expect(formatMajor(-1200, "NOK")).toBe(`\u22121${nbsp}200.00`);
    expect(formatMajor(2_500_000, "NOK")).toBe(`2${nbsp}500${nbsp}000.00`);
    expect(formatMajor(-0.001, "NOK")).toBe("0.00");
  });
});

describe("the minor unit is the contract's", () => {
  test("a currency without ISO minor units (XDR) has the amount scale's five decimals, as the sandbox books it", () => {
    expect(formatMinor(150_000, "XDR")).toBe("1.50000");
  });
});

describe("displayAmount: a payment's amount written as its bookings are", () => {
  test("groups thousands, pads to the currency's decimals and agrees with formatMinor", () => {
    expect(displayAmount("1234.5", "NOK")).toBe("1\u202f234.50");
    expect(displayAmount("1234.50", "NOK")).toBe(formatMinor(123450, "NOK"));
    expect(displayAmount("-20", "NOK")).toBe(formatMinor(-2000, "NOK"));
    expect(displayAmount("1000000", "JPY")).toBe("1\u202f000\u202f000");
  });
  test("leaves what it cannot read as it is", () => {
    expect(displayAmount("12,50", "NOK")).toBe("12,50");
    expect(displayAmount("7.125", "XYZ")).toBe("7.125");
  });
});

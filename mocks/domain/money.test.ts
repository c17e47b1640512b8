import { describe, expect, test } from "vitest";
import { formatMinor, minorFromNumber, minorFromString, numberFromMinor } from "./money";

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

describe("formatMinor", () => {
  test("two decimals, padded", () => {
    expect(formatMinor(12_550, "NOK")).toBe("125.50 NOK");
    expect(formatMinor(5, "NOK")).toBe("0.05 NOK");
    expect(formatMinor(0, "NOK")).toBe("0.00 NOK");
  });
  test("zero and three decimals", () => {
    expect(formatMinor(1500, "JPY")).toBe("1500 JPY");
    expect(formatMinor(0, "JPY")).toBe("0 JPY");
    expect(formatMinor(1234, "KWD")).toBe("1.234 KWD");
    expect(formatMinor(7, "KWD")).toBe("0.007 KWD");
  });
  test("negative amounts keep the sign in front", () => {
    expect(formatMinor(-5, "NOK")).toBe("-0.05 NOK");
    expect(formatMinor(-12_550, "NOK")).toBe("-125.50 NOK");
    expect(formatMinor(-3, "JPY")).toBe("-3 JPY");
  });
});

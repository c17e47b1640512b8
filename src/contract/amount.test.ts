import { describe, expect, test } from "vitest";
import { Amount, amountStringProblem } from "./amount";
import { expectAccepted, expectRejected } from "./test-helpers";

describe("amount string: plain positive decimal, precision 18, scale 5", () => {
  test.each(["1", "125.50", "0.01", "9999999999999.99", "1234567890123"])("accepts %s", (amount) => {
    expect(amountStringProblem(amount)).toBeUndefined();
  });
  test.each([
    ["0", /greater than zero/],
    ["0.00", /greater than zero/],
    ["-5", /without a sign/],
    ["+5", /without a sign/],
    ["1e3", /exponent/],
    ["12,50", /dot as the decimal separator: 12\.50/],
    [" 12", /spaces/],
    ["012", /leading zeros/],
    ["1.", /plain decimal/],
    [".5", /plain decimal/],
    ["12345678901234", /At most 13 digits before the decimal point/],
    ["1.123456", /At most 5 digits after/],
    ["abc", /plain decimal/],
    ["", /plain decimal/],
  ])("rejects %j", (amount, message) => {
    expect(amountStringProblem(amount)).toMatch(message);
  });
});

describe("Amount object (spec 2.1)", () => {
  test("fraction digits follow the currency's ISO 4217 minor units", () => {
    expectAccepted(Amount, { amount: "125.50", currency: "NOK" });
    expectAccepted(Amount, { amount: "1250", currency: "JPY" });
    expectAccepted(Amount, { amount: "1.125", currency: "KWD" });
    expectAccepted(Amount, { amount: "0.001", currency: "IQD" });
    expectAccepted(Amount, { amount: "1.12345", currency: "XDR" });
    expectRejected(Amount, { amount: "125.505", currency: "NOK" }, "amount", /NOK has 2 decimals/);
    expectRejected(Amount, { amount: "1250.5", currency: "JPY" }, "amount", /JPY has no minor unit: write a whole number such as 1250/);
    expectRejected(Amount, { amount: "1.1234", currency: "KWD" }, "amount", /KWD has 3 decimals/);
  });
  test("amount must be a string", () => {
    expectRejected(Amount, { amount: 125.5, currency: "NOK" }, "amount", /Must be a string; got a number/);
  });
  test("currency is one of the listed codes", () => {
    expectRejected(Amount, { amount: "1", currency: "nok" }, "currency", /ISO 4217/);
    expectRejected(Amount, { amount: "1", currency: "XCG" }, "currency");
  });
  test("both fields are required, and nothing else is accepted", () => {
    expectRejected(Amount, { currency: "NOK" }, "amount");
    expectRejected(Amount, { amount: "1" }, "currency");
    expectRejected(Amount, { amount: "1", currency: "NOK", amout: "2" }, "amout", /did you mean "amount"/);
  });
});

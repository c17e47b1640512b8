import { describe, expect, test } from "vitest";
import type { Balance } from "../../src/contract/sandbox";
import { applyBooking, availableMinor, defaultBalances } from "./balances";

const nok = (balanceType: Balance["balanceType"], amount: number): Balance => ({ balanceType, balanceAmount: { amount, currency: "NOK" } });
const account = (balances: Balance[], creditLine = 0) => ({ balances, creditLine, currency: "NOK" as const, transactionCount: 0 });

describe("availableMinor", () => {
  test("interimAvailable plus the credit line", () => {
    expect(availableMinor(account([nok("closingBooked", 10), nok("interimAvailable", 1200)], 5000))).toBe(620_000);
  });
  test("without interimAvailable: expected, then interimBooked, closingBooked, openingBooked", () => {
    expect(availableMinor(account([nok("openingBooked", 1), nok("closingBooked", 2), nok("interimBooked", 3), nok("expected", 4)]))).toBe(400);
    expect(availableMinor(account([nok("openingBooked", 1), nok("closingBooked", 2), nok("interimBooked", 3)]))).toBe(300);
    expect(availableMinor(account([nok("openingBooked", 1), nok("closingBooked", 2)]))).toBe(200);
    expect(availableMinor(account([nok("openingBooked", 1)]))).toBe(100);
  });
  test("no usable balance type: the credit line alone", () => {
    expect(availableMinor(account([nok("forwardAvailable", 999)], 50))).toBe(5000);
    expect(availableMinor(account([]))).toBe(0);
  });
  test("a negative balance is covered by the credit line", () => {
    expect(availableMinor(account([nok("interimAvailable", -100.5)], 200))).toBe(9950);
  });
});

describe("applyBooking", () => {
  test("moves every balance by the amount and counts the booking", () => {
    const before = account([nok("interimAvailable", 100), nok("closingBooked", 90), nok("expected", 80)]);
    const after = applyBooking(before, -2550);
    expect(after.balances.map((balance) => balance.balanceAmount.amount)).toEqual([74.5, 64.5, 54.5]);
    expect(after.balances.map((balance) => balance.balanceType)).toEqual(["interimAvailable", "closingBooked", "expected"]);
    expect(after.transactionCount).toBe(1);
    expect(before.balances[0]?.balanceAmount.amount).toBe(100); // the input is not changed
  });
  test("a credit raises the balances", () => {
    expect(applyBooking(account([nok("interimAvailable", 0.1)]), 20).balances[0]?.balanceAmount.amount).toBe(0.3);
  });
  test("no floating-point drift over many bookings", () => {
    let current = account([nok("interimAvailable", 0), nok("closingBooked", 1000)]);
    for (let i = 0; i < 10_000; i++) current = applyBooking(current, i % 2 === 0 ? 10 : 20); // +0.10 and +0.20 NOK
    expect(current.balances[0]?.balanceAmount.amount).toBe(1500);
    expect(current.balances[1]?.balanceAmount.amount).toBe(2500);
    expect(current.transactionCount).toBe(10_000);
    for (let i = 0; i < 10_000; i++) current = applyBooking(current, i % 2 === 0 ? -10 : -20);
    expect(current.balances[0]?.balanceAmount.amount).toBe(0);
    expect(current.balances[1]?.balanceAmount.amount).toBe(1000);
  });
});

test("defaultBalances: interimAvailable and closingBooked at zero in the account's currency", () => {
  expect(defaultBalances("EUR")).toEqual([
    { balanceType: "interimAvailable", balanceAmount: { amount: 0, currency: "EUR" } },
    { balanceType: "closingBooked", balanceAmount: { amount: 0, currency: "EUR" } },
  ]);
});

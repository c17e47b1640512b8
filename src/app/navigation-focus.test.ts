import { describe, expect, test } from "vitest";
import { navigationKey } from "./navigation-focus";

describe("what moves the focus to the new page", () => {
  test("a different page or operation does", () => {
    expect(navigationKey("/try/createPayment")).not.toBe(navigationKey("/try/getPaymentStatus"));
    expect(navigationKey("/try/createPayment")).not.toBe(navigationKey("/reference/createPayment"));
    expect(navigationKey("/")).not.toBe(navigationKey("/settings"));
  });

  test("the explorer's sections and the history's entries do not: they act as tabs", () => {
    expect(navigationKey("/sandbox")).toBe(navigationKey("/sandbox/payments"));
    expect(navigationKey("/sandbox/customers")).toBe(navigationKey("/sandbox/clock"));
    expect(navigationKey("/history")).toBe(navigationKey("/history/3f2c"));
    expect(navigationKey("/history")).not.toBe(navigationKey("/sandbox"));
  });
});

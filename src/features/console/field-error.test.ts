import { describe, expect, test } from "vitest";
import { fieldAnchor, fieldId } from "./field-error";

describe("fieldAnchor", () => {
  test("an item of a list field leads to the list's input", () => {
    expect(fieldAnchor("body.monthsOfExecution.2")).toBe(`#${fieldId("body.monthsOfExecution")}`);
  });

  test("a field inside a repeated group keeps its item's index", () => {
    expect(fieldAnchor("body.balances.0.balanceAmount.currency")).toBe("#field-body-balances-0-balanceAmount-currency");
  });

  test("a header field", () => {
    expect(fieldAnchor("headers.PSU-ID")).toBe("#field-headers-PSU-ID");
  });
});

import { describe, expect, test } from "vitest";
import type { FieldErrors } from "react-hook-form";
import { displayPath, errorAt, fieldAnchor, fieldId, requestTabOf } from "./field-error";

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

describe("a list's positions, written one way", () => {
  test("as the sandbox's tppMessages write them: brackets, counted from 0", () => {
    expect(displayPath("body.monthsOfExecution.2")).toBe("monthsOfExecution[2]");
    expect(displayPath("body.balances.0.balanceAmount.currency")).toBe("balances[0].balanceAmount.currency");
    expect(displayPath("headers.PSU-ID")).toBe("PSU-ID");
  });

  test("an item's error at the list's input names the item so too", () => {
    const errors = { body: { monthsOfExecution: { 2: { type: "too_big", message: "A month is 1 to 12." } } } } as unknown as FieldErrors;
    expect(errorAt(errors, "body.monthsOfExecution")).toBe("monthsOfExecution[2]: A month is 1 to 12.");
  });
});

describe("the request tab of a field", () => {
  test("headers, path and query parameters, and the body (its fields or its JSON text)", () => {
    expect(requestTabOf("headers.PSU-ID")).toBe("headers");
    expect(requestTabOf("params.paymentId")).toBe("params");
    expect(requestTabOf("query.limit")).toBe("params");
    expect(requestTabOf("body.instructedAmount.amount")).toBe("body");
    expect(requestTabOf("rawBody")).toBe("body");
  });
});

import { describe, expect, test } from "vitest";
import { matchInWords, outcomeInWords } from "./scenario-words";

describe("scenario rules in words", () => {
  test("say what a rule matches and what it forces", () => {
    expect(matchInWords({})).toBe("any operation");
    expect(matchInWords({ operations: ["createPayment"], debtorAccount: "97100000028", amount: { min: "1000" } })).toBe(
      "createPayment; from 97100000028; amount at least 1000",
    );
    expect(outcomeInWords({ kind: "settlement-rejected", reason: "AC04" })).toBe("Rejected by the batch: AC04 Closed account number");
    expect(outcomeInWords({ kind: "service-unavailable", "retry-after": 30 })).toBe("503, Retry-After 30 s");
  });
});

import { describe, expect, it } from "vitest";
import { countOf } from "./words";

describe("countOf", () => {
  it("writes one thing in the singular and every other count in the plural", () => {
    expect(countOf(1, "transaction")).toBe("1 transaction");
    expect(countOf(0, "transaction")).toBe("0 transactions");
    expect(countOf(2, "entry", "entries")).toBe("2 entries");
  });
});

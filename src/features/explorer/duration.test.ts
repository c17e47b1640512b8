import { describe, expect, it } from "vitest";
import { describeDuration } from "./duration";

describe("describeDuration", () => {
  it("names days, hours and minutes that are there", () => {
    expect(describeDuration(86_400_000)).toBe("1 d");
    expect(describeDuration(((3 * 24 + 4) * 60 + 5) * 60_000)).toBe("3 d 4 h 5 min");
    expect(describeDuration(90 * 60_000)).toBe("1 h 30 min");
  });

  it("says so when the offset is tiny or nonsense", () => {
    expect(describeDuration(10_000)).toBe("less than a minute");
    expect(describeDuration(-5)).toBe("less than a minute");
  });
});

import { describe, expect, it } from "vitest";
import { formatDuration, reasonPhrase } from "./http-status";

describe("formatDuration", () => {
  it("keeps a decimal for short times and switches to seconds from one second", () => {
    expect(formatDuration(3.25)).toBe("3.3 ms");
    expect(formatDuration(412.4)).toBe("412 ms");
    expect(formatDuration(1530)).toBe("1.53 s");
  });
});

describe("reasonPhrase", () => {
  it("keeps the server's words and fills in the standard phrase when there are none", () => {
    expect(reasonPhrase(404, "")).toBe("Not Found");
    expect(reasonPhrase(404, "Nope")).toBe("Nope");
    expect(reasonPhrase(299, "")).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { formatDuration, formatSentAt, reasonPhrase } from "./format";

describe("formatSentAt", () => {
  const now = new Date(2026, 2, 14, 15, 0, 0);
  it("shows the time alone for today, the day too otherwise, the year when it differs", () => {
    expect(formatSentAt(new Date(2026, 2, 14, 9, 5, 7).getTime(), now)).toBe("09:05:07");
    expect(formatSentAt(new Date(2026, 2, 3, 14, 2, 9).getTime(), now)).toBe("3 Mar 14:02:09");
    expect(formatSentAt(new Date(2025, 11, 31, 23, 59, 59).getTime(), now)).toBe("31 Dec 2025 23:59:59");
  });
});

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

import { describe, expect, it } from "vitest";
import { formatSentAt, osloToday } from "./format";

describe("formatSentAt", () => {
  // 2026-03-14 15:00 in Oslo (CET, UTC+1).
  const today = osloToday(Date.UTC(2026, 2, 14, 14, 0, 0));
  it("writes Oslo time, as the sandbox does: the time alone for today, the date too otherwise", () => {
    expect(today).toBe("2026-03-14");
    expect(formatSentAt(Date.UTC(2026, 2, 14, 8, 5, 7), today)).toBe("09:05:07");
    expect(formatSentAt(Date.UTC(2026, 2, 3, 13, 2, 9), today)).toBe("2026-03-03 14:02:09");
    expect(formatSentAt(Date.UTC(2025, 11, 31, 22, 59, 59), today)).toBe("2025-12-31 23:59:59");
  });
  it("counts the day by Oslo's calendar, not the machine's: 23:30 UTC is already tomorrow there", () => {
    expect(formatSentAt(Date.UTC(2026, 2, 13, 23, 30, 0), today)).toBe("00:30:00");
    // Summer time: UTC+2.
    expect(formatSentAt(Date.UTC(2026, 6, 1, 10, 0, 0), osloToday(Date.UTC(2026, 6, 1, 12, 0, 0)))).toBe("12:00:00");
  });
});

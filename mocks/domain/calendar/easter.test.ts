import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoWeekday, parseDate } from "../../../src/contract/calendar-date.ts";
import { easterSunday, easterSundayDayNumber } from "./easter.ts";

describe("Easter Sunday (anonymous Gregorian algorithm)", () => {
  it("matches known dates, including the earliest and latest possible", () => {
    const known: Record<number, string> = {
      1818: "1818-03-22",
      1943: "1943-04-25",
      2000: "2000-04-23",
      2024: "2024-03-31",
      2025: "2025-04-20",
      2026: "2026-04-05",
      2027: "2027-03-28",
      2038: "2038-04-25",
      2285: "2285-03-22",
    };
    for (const [year, date] of Object.entries(known)) expect(easterSunday(Number(year))).toBe(date);
  });

  it("is always a Sunday between 22 March and 25 April", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 9999 }), (year) => {
        const day = easterSundayDayNumber(year);
        expect(isoWeekday(day)).toBe(7);
        expect(day).toBeGreaterThanOrEqual(parseDate(`${year}-03-22`));
        expect(day).toBeLessThanOrEqual(parseDate(`${year}-04-25`));
      }),
    );
  });

  it("rejects what is not a year", () => {
    expect(() => easterSunday(2026.5)).toThrow(RangeError);
    expect(() => easterSunday(0)).toThrow(RangeError);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampedDayInMonth, daysInMonth, formatDate, isCalendarDate, isoWeekday, LAST_DAY_NUMBER, monthIndexOf, parseDate } from "./calendar-date.ts";

const FIRST_DAY_NUMBER = parseDate("0001-01-01");

describe("calendar dates", () => {
  it("maps dates to day numbers like Date.UTC does, over the whole range 0001-9999", () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST_DAY_NUMBER, max: LAST_DAY_NUMBER }), (dayNumber) => {
        const iso = new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
        expect(formatDate(dayNumber)).toBe(iso);
        expect(parseDate(iso)).toBe(dayNumber);
      }),
    );
    expect(parseDate("1970-01-01")).toBe(0);
  });

  it("rejects strings that are not real calendar dates instead of rolling them over", () => {
    for (const bad of ["2026-02-29", "2026-13-01", "2026-04-31", "2026-1-01", "2026-01-01T00:00", "0000-01-01", ""]) {
      expect(isCalendarDate(bad)).toBe(false);
      expect(() => parseDate(bad)).toThrow(RangeError);
    }
    expect(isCalendarDate("2024-02-29")).toBe(true);
  });

  it("refuses to format days outside the four-digit years", () => {
    expect(() => formatDate(LAST_DAY_NUMBER + 1)).toThrow(RangeError);
    expect(() => formatDate(FIRST_DAY_NUMBER - 1)).toThrow(RangeError);
    expect(() => formatDate(0.5)).toThrow(RangeError);
  });

  it("numbers weekdays ISO-style, Monday 1 to Sunday 7", () => {
    expect(isoWeekday(parseDate("2026-01-01"))).toBe(4);
    expect(isoWeekday(parseDate("2026-01-04"))).toBe(7);
    expect(isoWeekday(parseDate("2026-01-05"))).toBe(1);
    expect(isoWeekday(parseDate("1900-01-01"))).toBe(1);
  });

  it("knows Gregorian leap years", () => {
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it("clamps a day of the month to the month end", () => {
    const april2026 = monthIndexOf(parseDate("2026-04-10"));
    expect(formatDate(clampedDayInMonth(april2026, 31))).toBe("2026-04-30");
    expect(formatDate(clampedDayInMonth(april2026, 15))).toBe("2026-04-15");
    expect(formatDate(clampedDayInMonth(monthIndexOf(parseDate("2024-02-01")), 31))).toBe("2024-02-29");
    expect(formatDate(clampedDayInMonth(april2026 + 9, 31))).toBe("2027-01-31");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDate, parseDate } from "../../../src/contract/calendar-date.ts";
import { addBusinessDays, isBusinessDay, nextBusinessDay, previousBusinessDay } from "./business-days.ts";

const anyDate = fc.integer({ min: parseDate("1900-01-01"), max: parseDate("2200-12-31") }).map((dayNumber) => formatDate(dayNumber));
const open31Dec = { newYearsEveClosed: false };

describe("business days", () => {
  it("exclude weekends and bank holidays", () => {
    expect(isBusinessDay("2026-04-01")).toBe(true); // Wednesday before Easter
    for (const closed of ["2026-04-02", "2026-04-03", "2026-04-04", "2026-04-05", "2026-04-06"]) {
      expect(isBusinessDay(closed), closed).toBe(false);
    }
    expect(isBusinessDay("2026-04-07")).toBe(true);
    expect(isBusinessDay("2026-06-13")).toBe(false); // Saturday
    expect(isBusinessDay("2026-06-14")).toBe(false); // Sunday
    expect(isBusinessDay("2026-12-24")).toBe(false);
    expect(isBusinessDay("2026-05-01")).toBe(false);
  });

  it("close 31 December unless configured open", () => {
    expect(isBusinessDay("2026-12-31")).toBe(false);
    expect(isBusinessDay("2026-12-31", open31Dec)).toBe(true);
  });

  it("skip the Easter closure", () => {
    expect(nextBusinessDay("2026-04-01")).toBe("2026-04-07");
    expect(previousBusinessDay("2026-04-07")).toBe("2026-04-01");
    expect(nextBusinessDay("2026-04-03")).toBe("2026-04-07");
    expect(previousBusinessDay("2026-04-05")).toBe("2026-04-01");
  });

  it("skip Christmas and New Year", () => {
    expect(nextBusinessDay("2026-12-23")).toBe("2026-12-28");
    expect(previousBusinessDay("2026-12-28")).toBe("2026-12-23");
    expect(nextBusinessDay("2026-12-30")).toBe("2027-01-04");
    expect(nextBusinessDay("2026-12-30", open31Dec)).toBe("2026-12-31");
    expect(previousBusinessDay("2027-01-04")).toBe("2026-12-30");
    expect(previousBusinessDay("2027-01-04", open31Dec)).toBe("2026-12-31");
  });

  it("skip weekends, strictly after or before the given day", () => {
    expect(nextBusinessDay("2026-06-05")).toBe("2026-06-08"); // Friday → Monday
    expect(nextBusinessDay("2026-06-08")).toBe("2026-06-09");
    expect(previousBusinessDay("2026-06-08")).toBe("2026-06-05");
    expect(previousBusinessDay("2026-06-13")).toBe("2026-06-12");
  });

  it("add and subtract business days", () => {
    expect(addBusinessDays("2026-03-31", 2)).toBe("2026-04-07");
    expect(addBusinessDays("2026-04-07", -2)).toBe("2026-03-31");
    expect(addBusinessDays("2026-04-04", 1)).toBe("2026-04-07");
    expect(addBusinessDays("2026-04-04", -1)).toBe("2026-04-01");
    expect(addBusinessDays("2026-04-04", 0)).toBe("2026-04-04");
    // 2026 has 261 weekdays, 10 of them bank holidays (17 May and 26 Dec fall on a weekend).
    expect(addBusinessDays("2025-12-31", 251)).toBe("2026-12-30");
    expect(addBusinessDays("2025-12-31", 252)).toBe("2027-01-04");
    expect(addBusinessDays("2025-12-31", 252, open31Dec)).toBe("2026-12-31");
  });

  it("reject a fractional amount and a malformed date", () => {
    expect(() => addBusinessDays("2026-04-01", 1.5)).toThrow(RangeError);
    expect(() => isBusinessDay("2026-02-30")).toThrow(RangeError);
    expect(() => nextBusinessDay("01.04.2026")).toThrow(RangeError);
  });

  it("nextBusinessDay lands on a business day and skips no business day", () => {
    fc.assert(
      fc.property(anyDate, fc.boolean(), (date, newYearsEveClosed) => {
        const options = { newYearsEveClosed };
        const next = nextBusinessDay(date, options);
        expect(isBusinessDay(next, options)).toBe(true);
        expect(next > date).toBe(true);
        for (let day = parseDate(date) + 1; day < parseDate(next); day += 1) {
          expect(isBusinessDay(formatDate(day), options)).toBe(false);
        }
      }),
    );
  });

  it("previousBusinessDay lands on a business day and skips no business day", () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const previous = previousBusinessDay(date);
        expect(isBusinessDay(previous)).toBe(true);
        expect(previous < date).toBe(true);
        for (let day = parseDate(previous) + 1; day < parseDate(date); day += 1) {
          expect(isBusinessDay(formatDate(day))).toBe(false);
        }
      }),
    );
  });

  it("adding n then subtracting n business days returns to a business day", () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -400, max: 400 }), (date, amount) => {
        const start = isBusinessDay(date) ? date : nextBusinessDay(date);
        expect(addBusinessDays(addBusinessDays(start, amount), -amount)).toBe(start);
      }),
    );
  });

  it("addBusinessDays(d, 1) is nextBusinessDay(d) and (d, -1) is previousBusinessDay(d)", () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(addBusinessDays(date, 1)).toBe(nextBusinessDay(date));
        expect(addBusinessDays(date, -1)).toBe(previousBusinessDay(date));
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDate, parseDate } from "../../../src/contract/calendar-date.ts";
import { isBusinessDay } from "./business-days.ts";
import { executionDates, type PeriodicFrequency, type PeriodicSchedule } from "./execution-dates.ts";

const first = (schedule: PeriodicSchedule, count = 6, from = schedule.startDate) => executionDates(schedule, { from, count });
const preceeding = "preceeding" as const;

describe("execution dates", () => {
  it("Daily: every business day, closed days skipped rather than moved, whatever the rule", () => {
    const daily: PeriodicSchedule = { frequency: "Daily", startDate: "2026-03-30" };
    const expected = ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-07", "2026-04-08", "2026-04-09"];
    expect(first(daily)).toEqual(expected);
    expect(first({ ...daily, executionRule: preceeding })).toEqual(expected);
    expect(first(daily, 4, "2026-12-23")).toEqual(["2026-12-23", "2026-12-28", "2026-12-29", "2026-12-30"]);
    expect(first({ frequency: "Daily", startDate: "2026-04-04" }, 1)).toEqual(["2026-04-07"]);
  });

  it("Weekly: the start date weekday, moved forward or back over Easter", () => {
    const weekly: PeriodicSchedule = { frequency: "Weekly", startDate: "2026-03-26", dayOfExecution: "15" };
    expect(first(weekly, 4)).toEqual(["2026-03-26", "2026-04-07", "2026-04-09", "2026-04-16"]);
    expect(first({ ...weekly, executionRule: preceeding }, 4)).toEqual(["2026-03-26", "2026-04-01", "2026-04-09", "2026-04-16"]);
  });

  it("EveryTwoWeeks: moved over Christmas", () => {
    const fortnightly: PeriodicSchedule = { frequency: "EveryTwoWeeks", startDate: "2026-12-11" };
    expect(first(fortnightly, 4)).toEqual(["2026-12-11", "2026-12-28", "2027-01-08", "2027-01-22"]);
    expect(first({ ...fortnightly, executionRule: "following" }, 2)).toEqual(["2026-12-11", "2026-12-28"]);
    expect(first({ ...fortnightly, executionRule: preceeding }, 2)).toEqual(["2026-12-11", "2026-12-23"]);
  });

  it('Monthly on "31" is ultimo: the last day of every month, then the rule', () => {
    const ultimo: PeriodicSchedule = { frequency: "Monthly", startDate: "2026-01-01", dayOfExecution: "31" };
    expect(first(ultimo)).toEqual(["2026-02-02", "2026-03-02", "2026-03-31", "2026-04-30", "2026-06-01", "2026-06-30"]);
    expect(first({ ...ultimo, executionRule: preceeding })).toEqual(["2026-01-30", "2026-02-27", "2026-03-31", "2026-04-30", "2026-05-29", "2026-06-30"]);
  });

  it("Monthly clamps a day past the month end to the last day (30 → 29 February 2024)", () => {
    const on30: PeriodicSchedule = { frequency: "Monthly", startDate: "2024-01-01", dayOfExecution: "30" };
    expect(first(on30, 3)).toEqual(["2024-01-30", "2024-02-29", "2024-04-02"]); // 30 March is Holy Saturday
    expect(first({ ...on30, executionRule: preceeding }, 3)).toEqual(["2024-01-30", "2024-02-29", "2024-03-27"]);
  });

  it("Monthly without dayOfExecution keeps the start date day, clamped", () => {
    expect(first({ frequency: "Monthly", startDate: "2026-01-30" }, 3)).toEqual(["2026-01-30", "2026-03-02", "2026-03-30"]);
  });

  it("starts on the first dayOfExecution on or after startDate", () => {
    expect(first({ frequency: "Monthly", startDate: "2026-01-20", dayOfExecution: "15" }, 3)).toEqual(["2026-02-16", "2026-03-16", "2026-04-15"]);
  });

  it("EveryTwoMonths, Quarterly and SemiAnnual count months from the first execution", () => {
    expect(first({ frequency: "EveryTwoMonths", startDate: "2026-01-05", dayOfExecution: "5" }, 4)).toEqual([
      "2026-01-05",
      "2026-03-05",
      "2026-05-05",
      "2026-07-06",
    ]);
    const quarterly: PeriodicSchedule = { frequency: "Quarterly", startDate: "2026-02-10", dayOfExecution: "17" };
    expect(first(quarterly, 4)).toEqual(["2026-02-17", "2026-05-18", "2026-08-17", "2026-11-17"]);
    expect(first({ ...quarterly, executionRule: preceeding }, 2)).toEqual(["2026-02-17", "2026-05-15"]);
    const semiAnnual: PeriodicSchedule = { frequency: "SemiAnnual", startDate: "2026-06-01", dayOfExecution: "31" };
    expect(first(semiAnnual, 3)).toEqual(["2026-06-30", "2027-01-04", "2027-06-30"]);
    expect(first({ ...semiAnnual, executionRule: preceeding }, 2)).toEqual(["2026-06-30", "2026-12-30"]);
    expect(executionDates(semiAnnual, { from: "2026-06-01", count: 2 }, { newYearsEveClosed: false })).toEqual(["2026-06-30", "2026-12-31"]);
  });

  it("Annual: once a year, 29 February clamped to 28 February in common years", () => {
    expect(first({ frequency: "Annual", startDate: "2026-03-10" }, 4)).toEqual(["2026-03-10", "2027-03-10", "2028-03-10", "2029-03-12"]);
    expect(first({ frequency: "Annual", startDate: "2024-02-29" }, 4)).toEqual(["2024-02-29", "2025-02-28", "2026-03-02", "2027-03-01"]);
    const easter: PeriodicSchedule = { frequency: "Annual", startDate: "2026-03-10", dayOfExecution: "5" };
    expect(first(easter, 2)).toEqual(["2026-04-07", "2027-04-05"]);
    expect(first({ ...easter, executionRule: preceeding }, 1)).toEqual(["2026-04-01"]);
  });

  it("MonthlyVariable runs only in monthsOfExecution", () => {
    const variable: PeriodicSchedule = {
      frequency: "MonthlyVariable",
      startDate: "2026-01-20",
      dayOfExecution: "15",
      monthsOfExecution: [10, 1, 4],
    };
    expect(first(variable)).toEqual(["2026-04-15", "2026-10-15", "2027-01-15", "2027-04-15", "2027-10-15", "2028-01-17"]);
    const christmas: PeriodicSchedule = {
      frequency: "MonthlyVariable",
      startDate: "2026-01-01",
      dayOfExecution: "24",
      monthsOfExecution: [12, 6],
    };
    expect(first(christmas, 2)).toEqual(["2026-06-24", "2026-12-28"]);
    expect(first({ ...christmas, executionRule: preceeding }, 2)).toEqual(["2026-06-24", "2026-12-23"]);
  });

  it("stops at endDate (inclusive), also when the rule would move a date past it", () => {
    const ultimo: PeriodicSchedule = {
      frequency: "Monthly",
      startDate: "2026-01-01",
      endDate: "2026-05-31",
      dayOfExecution: "31",
    };
    expect(first(ultimo, 12)).toEqual(["2026-02-02", "2026-03-02", "2026-03-31", "2026-04-30"]);
    expect(first({ ...ultimo, executionRule: preceeding }, 12)).toEqual(["2026-01-30", "2026-02-27", "2026-03-31", "2026-04-30", "2026-05-29"]);
    expect(first({ ...ultimo, endDate: "2026-04-30" }, 12).at(-1)).toBe("2026-04-30");
    expect(first({ ...ultimo, endDate: "2025-12-31" }, 12)).toEqual([]);
  });

  it("does not pull a date scheduled after endDate back into the period", () => {
    const weekly: PeriodicSchedule = {
      frequency: "Weekly",
      startDate: "2026-03-30",
      endDate: "2026-04-05",
      executionRule: preceeding,
    };
    expect(first(weekly)).toEqual(["2026-03-30"]); // 6 April would move back to 1 April
  });

  it("with preceeding never moves a date before startDate", () => {
    const weekly: PeriodicSchedule = { frequency: "Weekly", startDate: "2026-04-02", executionRule: preceeding };
    expect(first(weekly, 3)).toEqual(["2026-04-07", "2026-04-09", "2026-04-16"]);
  });

  it("returns dates on or after from, including ones moved onto it", () => {
    expect(first({ frequency: "Weekly", startDate: "2026-03-26" }, 2, "2026-04-04")).toEqual(["2026-04-07", "2026-04-09"]);
    expect(first({ frequency: "Monthly", startDate: "2020-01-15" }, 3, "2026-06-01")).toEqual(["2026-06-15", "2026-07-15", "2026-08-17"]);
  });

  it("rejects input the contract should have rejected", () => {
    const monthly: PeriodicSchedule = { frequency: "Monthly", startDate: "2026-01-01" };
    for (const dayOfExecution of ["0", "32", "x", "", "123"]) {
      expect(() => first({ ...monthly, dayOfExecution }), dayOfExecution).toThrow(RangeError);
    }
    expect(() => first({ frequency: "MonthlyVariable", startDate: "2026-01-01" })).toThrow(RangeError);
    expect(() => first({ frequency: "MonthlyVariable", startDate: "2026-01-01", monthsOfExecution: [13] })).toThrow(RangeError);
    expect(() => first({ ...monthly, executionRule: "preceding" as "preceeding" })).toThrow(RangeError);
    expect(() => first({ ...monthly, frequency: "Hourly" as PeriodicFrequency })).toThrow(RangeError);
    expect(() => first({ ...monthly, startDate: "2026-02-30" })).toThrow(RangeError);
    expect(() => executionDates(monthly, { from: "2026-01-01", count: -1 })).toThrow(RangeError);
    expect(executionDates(monthly, { from: "2026-01-01", count: 0 })).toEqual([]);
  });

  const frequencies: PeriodicFrequency[] = [
    "Daily",
    "Weekly",
    "EveryTwoWeeks",
    "Monthly",
    "EveryTwoMonths",
    "Quarterly",
    "SemiAnnual",
    "Annual",
    "MonthlyVariable",
  ];
  const anySchedule = fc.record({
    frequency: fc.constantFrom(...frequencies),
    startDate: fc.integer({ min: parseDate("2000-01-01"), max: parseDate("2040-12-31") }).map(formatDate),
    length: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined }),
    dayOfExecution: fc.option(fc.integer({ min: 1, max: 31 }).map(String), { nil: undefined }),
    monthsOfExecution: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 }),
    executionRule: fc.constantFrom("following" as const, preceeding),
    fromOffset: fc.integer({ min: -30, max: 3000 }),
    count: fc.integer({ min: 0, max: 40 }),
  });

  it("produces ascending business days within the period, from and count", () => {
    fc.assert(
      fc.property(anySchedule, ({ length, fromOffset, count, ...rest }) => {
        const start = parseDate(rest.startDate);
        const schedule = { ...rest, endDate: length === undefined ? undefined : formatDate(start + length) };
        const from = formatDate(start + fromOffset);
        const dates = executionDates(schedule, { from, count });
        expect(dates.length).toBeLessThanOrEqual(count);
        dates.forEach((date, i) => {
          expect(isBusinessDay(date)).toBe(true);
          expect(date >= from && date >= schedule.startDate).toBe(true);
          if (schedule.endDate !== undefined) expect(date <= schedule.endDate).toBe(true);
          if (i > 0) expect(date > dates[i - 1]!).toBe(true);
        });
      }),
    );
  });

  it("jumping ahead to from gives the same dates as listing from startDate and filtering", () => {
    fc.assert(
      fc.property(anySchedule, ({ length, fromOffset, count, ...rest }) => {
        const start = parseDate(rest.startDate);
        const schedule = { ...rest, endDate: length === undefined ? undefined : formatDate(start + length) };
        const from = formatDate(start + fromOffset);
        const all = executionDates(schedule, { from: schedule.startDate, count: 4000 });
        expect(executionDates(schedule, { from, count })).toEqual(all.filter((d) => d >= from).slice(0, count));
      }),
      { numRuns: 60 },
    );
  });
});

import { describe, expect, test } from "vitest";
import { exampleDates, firstOfMonthAfter, osloToday } from "./example-dates";

describe("the dates an example carries", () => {
  test("today is Oslo's: 23:30 UTC on the last of a month is already the first there", () => {
    expect(osloToday(Date.parse("2026-11-30T23:30:00Z"))).toBe("2026-12-01");
    expect(osloToday(Date.parse("2026-06-30T21:59:00Z"))).toBe("2026-06-30");
  });
  test("the first of next month, across a year", () => {
    expect(firstOfMonthAfter("2026-11-27")).toBe("2026-12-01");
    expect(firstOfMonthAfter("2026-12-31")).toBe("2027-01-01");
    expect(firstOfMonthAfter("2026-12-01", 3)).toBe("2027-03-01");
  });
  test("the standing order's executions move past weekends and the holidays a first can be", () => {
    // 1 Jan 2027 a holiday (and a Friday) → Monday 4 Jan; 1 May 2027 a Saturday → Monday 3 May; 1 Feb 2027 a Monday.
    expect(exampleDates("2026-12-10").monthlyExecutions).toEqual(["2027-01-04", "2027-02-01", "2027-03-01"]);
    expect(exampleDates("2027-04-10").monthlyExecutions).toEqual(["2027-05-03", "2027-06-01", "2027-07-01"]);
  });
});

import Holidays from "date-holidays";
import { describe, expect, it } from "vitest";
import { easterSunday } from "./easter.ts";
import { bankHolidays, bankHolidaysOn } from "./holidays.ts";

const oracle = new Holidays("NO");

/**
 * date-holidays' Norwegian public holidays plus its bank days (24 Dec, and 31 Dec modelled as starting
 * 14:00). Its `date` field is the Oslo wall-clock start, so the first ten characters are the calendar date;
 * `start` is an instant and must not be used (domain-facts §6.3).
 */
function oracleDates(year: number): string[] {
  return oracle
    .getHolidays(year)
    .filter((holiday) => holiday.type === "public" || holiday.type === "bank")
    .map((holiday) => holiday.date.slice(0, 10))
    .sort();
}

const datesOf = (year: number, newYearsEveClosed?: boolean) =>
  bankHolidays(year, { newYearsEveClosed })
    .map((holiday) => holiday.date)
    .sort();

describe("Norwegian bank holidays", () => {
  it("agree with date-holidays for every year 1900-2200", () => {
    for (let year = 1900; year <= 2200; year += 1) {
      const expected = oracleDates(year);
      expect(datesOf(year), `year ${year}`).toEqual(expected);
      expect(datesOf(year, false), `year ${year} without 31 Dec`).toEqual(expected.filter((d) => d !== `${year}-12-31`));
      const easter = oracle.getHolidays(year).find((holiday) => holiday.rule === "easter");
      expect(easterSunday(year)).toBe(easter?.date.slice(0, 10));
    }
  }, 60_000);

  it("list 2026 in date order with names and kinds", () => {
    expect(bankHolidays(2026).map((h) => [h.date.slice(5), h.kind, h.name.no, h.name.en])).toEqual([
      ["01-01", "public", "Nyttårsdag", "New Year's Day"],
      ["04-02", "public", "Skjærtorsdag", "Maundy Thursday"],
      ["04-03", "public", "Langfredag", "Good Friday"],
      ["04-05", "public", "1. påskedag", "Easter Sunday"],
      ["04-06", "public", "2. påskedag", "Easter Monday"],
      ["05-01", "public", "Arbeidernes dag", "Labour Day"],
      ["05-14", "public", "Kristi himmelfartsdag", "Ascension Day"],
      ["05-17", "public", "Grunnlovsdag", "Constitution Day"],
      ["05-24", "public", "1. pinsedag", "Whit Sunday"],
      ["05-25", "public", "2. pinsedag", "Whit Monday"],
      ["12-24", "bank", "Julaften", "Christmas Eve"],
      ["12-25", "public", "1. juledag", "Christmas Day"],
      ["12-26", "public", "2. juledag", "St Stephen's Day"],
      ["12-31", "bank", "Nyttårsaften", "New Year's Eve"],
    ]);
  });

  it("leave out 31 December only when the bank keeps it open", () => {
    expect(bankHolidays(2026).at(-1)?.date).toBe("2026-12-31");
    expect(bankHolidays(2026, { newYearsEveClosed: true }).at(-1)?.date).toBe("2026-12-31");
    expect(bankHolidays(2026, { newYearsEveClosed: false }).at(-1)?.date).toBe("2026-12-26");
    expect(bankHolidays(2026, { newYearsEveClosed: false })).toHaveLength(13);
  });

  it("keep both holidays when they fall on the same day (17 May 2027 is Whit Monday)", () => {
    expect(bankHolidaysOn("2027-05-17").map((h) => h.name.en)).toEqual(["Constitution Day", "Whit Monday"]);
    expect(bankHolidays(2027)).toHaveLength(14);
    expect(bankHolidaysOn("2026-05-18")).toEqual([]);
    expect(bankHolidaysOn("2026-12-31", { newYearsEveClosed: false })).toEqual([]);
  });

  it("put Easter where the worked examples say", () => {
    expect(bankHolidaysOn("2024-03-31")[0]?.name.en).toBe("Easter Sunday");
    expect(bankHolidaysOn("2025-04-20")[0]?.name.en).toBe("Easter Sunday");
    expect(bankHolidaysOn("2027-03-28")[0]?.name.en).toBe("Easter Sunday");
  });

  it("hand out frozen lists, so no caller can corrupt the memoised year", () => {
    const list = bankHolidays(2026);
    expect(() => (list as BankHolidayArray).push(list[0]!)).toThrow(TypeError);
    expect(bankHolidays(2026)).toHaveLength(14);
  });

  it("reject what is not a year", () => {
    expect(() => bankHolidays(2026.5)).toThrow(RangeError);
    expect(() => bankHolidays(0)).toThrow(RangeError);
    expect(() => bankHolidays(10_000)).toThrow(RangeError);
  });
});

type BankHolidayArray = ReturnType<typeof bankHolidays>[number][];

import { dayNumberFromParts, formatDate } from "../../../src/contract/calendar-date.ts";

/**
 * Western (Gregorian) Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher).
 * Seven of Norway's bank holidays hang off this day (domain-facts §6.1). The algorithm is exact for
 * every Gregorian year, so no table is needed; years before 1583 get the proleptic answer.
 */
export function easterSundayDayNumber(year: number): number {
  if (!Number.isInteger(year) || year < 1) throw new RangeError(`Not a year: ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumberFromParts(year, month, day);
}

/** Easter Sunday of `year` as `YYYY-MM-DD`. */
export function easterSunday(year: number): string {
  return formatDate(easterSundayDayNumber(year));
}

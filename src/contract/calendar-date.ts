/**
 * Calendar dates (`YYYY-MM-DD`) and the day-number arithmetic behind them.
 *
 * A calendar date has no time zone, so it is never put through `Date`: local-midnight `Date`s shift across
 * DST changes, and `Date.UTC(99, 0, 1)` means 1999. Instead a date maps to a day number (days since
 * 1970-01-01 in the proleptic Gregorian calendar) with Howard Hinnant's integer algorithms
 * ("chrono-compatible low-level date algorithms"), which are exact for every year and cheap enough for
 * the loops in the batch schedule and execution dates.
 */

export interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Four-digit years only: that is what the `YYYY-MM-DD` format (and the interface's `date`) can carry. */
export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Day number of a valid (year, month, day); callers validate first. */
export function dayNumberFromParts(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

export function partsFromDayNumber(dayNumber: number): DateParts {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return year >= MIN_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Parses `YYYY-MM-DD` strictly (no rollover of 2026-02-30 into March); throws RangeError otherwise. */
export function parseDate(value: string): number {
  if (!isCalendarDate(value)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(value)}`);
  return dayNumberFromParts(Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10)));
}

export function formatDate(dayNumber: number): string {
  if (!Number.isInteger(dayNumber)) throw new RangeError(`Not a day number: ${dayNumber}`);
  const { year, month, day } = partsFromDayNumber(dayNumber);
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`Day ${dayNumber} is outside the years ${MIN_YEAR}-${MAX_YEAR}`);
  }
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** ISO weekday: 1 = Monday … 7 = Sunday (1970-01-01, day 0, was a Thursday). */
export function isoWeekday(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

export function isWeekend(dayNumber: number): boolean {
  return isoWeekday(dayNumber) >= 6;
}

/** Months counted from year 0 (year * 12 + month - 1), so "add N months" is plain addition. */
export function monthIndexOf(dayNumber: number): number {
  const { year, month } = partsFromDayNumber(dayNumber);
  return year * 12 + month - 1;
}

/** The given day of the month at `monthIndex`, clamped to the month's last day (31 → 30 April, 28/29 Feb). */
export function clampedDayInMonth(monthIndex: number, day: number): number {
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  return dayNumberFromParts(year, month, Math.min(day, daysInMonth(year, month)));
}

export const LAST_DAY_NUMBER = dayNumberFromParts(MAX_YEAR, 12, 31);

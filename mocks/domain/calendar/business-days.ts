import { formatDate, isWeekend, parseDate } from "../../../src/contract/calendar-date.ts";
import { isBankHolidayDayNumber, type BankCalendarOptions } from "./holidays.ts";

/**
 * Business days: neither Saturday, Sunday nor a bank holiday (domain-facts §6.1).
 * The string functions are the public API; the day-number ones serve the batch schedule and the
 * execution dates, which loop over many days and should not parse and format each one.
 */

export function isBusinessDayNumber(dayNumber: number, options?: BankCalendarOptions): boolean {
  return !isWeekend(dayNumber) && !isBankHolidayDayNumber(dayNumber, options);
}

/** The day itself if it is a business day, else the next one ("following"). */
export function businessDayOnOrAfter(dayNumber: number, options?: BankCalendarOptions): number {
  let day = dayNumber;
  while (!isBusinessDayNumber(day, options)) day += 1;
  return day;
}

/** The day itself if it is a business day, else the previous one ("preceding"). */
export function businessDayOnOrBefore(dayNumber: number, options?: BankCalendarOptions): number {
  let day = dayNumber;
  while (!isBusinessDayNumber(day, options)) day -= 1;
  return day;
}

export function isBusinessDay(date: string, options?: BankCalendarOptions): boolean {
  return isBusinessDayNumber(parseDate(date), options);
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: string, options?: BankCalendarOptions): string {
  return formatDate(businessDayOnOrAfter(parseDate(date) + 1, options));
}

/** The last business day strictly before `date`. */
export function previousBusinessDay(date: string, options?: BankCalendarOptions): string {
  return formatDate(businessDayOnOrBefore(parseDate(date) - 1, options));
}

/**
 * Moves `amount` business days forward (positive) or backward (negative), so `addBusinessDays(d, 1)`
 * equals `nextBusinessDay(d)` even when `d` itself is a holiday. `amount` 0 returns `date` unchanged,
 * business day or not (as date-fns does): there is no direction to roll in.
 */
export function addBusinessDays(date: string, amount: number, options?: BankCalendarOptions): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not a whole number of business days: ${amount}`);
  let day = parseDate(date);
  const step = Math.sign(amount);
  for (let left = Math.abs(amount); left > 0; left -= 1) {
    day = step > 0 ? businessDayOnOrAfter(day + 1, options) : businessDayOnOrBefore(day - 1, options);
  }
  return formatDate(day);
}

import { clampedDayInMonth, formatDate, LAST_DAY_NUMBER, monthIndexOf, parseDate, partsFromDayNumber } from "../../../src/contract/calendar-date.ts";
import { businessDayOnOrAfter, businessDayOnOrBefore, isBusinessDayNumber } from "./business-days.ts";
import type { BankCalendarOptions } from "./holidays.ts";

/**
 * The execution dates of a periodic (standing-order) payment, for the portal to show: the sandbox batch
 * never executes periodic payments. Rules and examples: docs/calendar.md.
 */

export type PeriodicFrequency = "Daily" | "Weekly" | "EveryTwoWeeks" | "Monthly" | "EveryTwoMonths" | "Quarterly" | "SemiAnnual" | "Annual" | "MonthlyVariable";

/** The interface's spelling, `preceeding`, is kept on purpose (spec §2.2). */
export type ExecutionRule = "following" | "preceeding";

// replaced by the contract's PeriodicPaymentRequest type at integration
export interface PeriodicSchedule {
  readonly frequency: PeriodicFrequency;
  readonly startDate: string;
  readonly endDate?: string | undefined;
  readonly dayOfExecution?: string | undefined;
  readonly monthsOfExecution?: readonly number[] | undefined;
  readonly executionRule?: ExecutionRule | undefined;
}

export interface ExecutionWindow {
  /** Only dates on or after this date. */
  readonly from: string;
  /** At most this many dates. */
  readonly count: number;
}

const DAY_STEPS: Partial<Record<PeriodicFrequency, number>> = { Weekly: 7, EveryTwoWeeks: 14 };
const MONTH_STEPS: Partial<Record<PeriodicFrequency, number>> = {
  Monthly: 1,
  EveryTwoMonths: 2,
  Quarterly: 3,
  SemiAnnual: 6,
  Annual: 12,
  MonthlyVariable: 1,
};

// Nominal dates this many days before `from` are still generated: `following` can move them onto or
// past `from` (the longest run of closed days, Easter, is five days).
const LOOKBACK_DAYS = 7;

function dayOfMonthOf(schedule: PeriodicSchedule, start: number): number {
  if (schedule.dayOfExecution === undefined) return partsFromDayNumber(start).day;
  const day = /^\d{1,2}$/.test(schedule.dayOfExecution) ? Number(schedule.dayOfExecution) : NaN;
  if (!(day >= 1 && day <= 31)) throw new RangeError(`dayOfExecution must be "1".."31": ${schedule.dayOfExecution}`);
  return day;
}

function monthFilterOf(schedule: PeriodicSchedule): ((monthIndex: number) => boolean) | undefined {
  if (schedule.frequency !== "MonthlyVariable") return undefined;
  const months = schedule.monthsOfExecution ?? [];
  if (months.length === 0 || months.some((m) => !Number.isInteger(m) || m < 1 || m > 12)) {
    throw new RangeError("A MonthlyVariable payment needs monthsOfExecution: months 1-12");
  }
  const wanted = new Set(months);
  return (monthIndex) => wanted.has((monthIndex % 12) + 1);
}

// The nominal generators are endless; executionDates stops at endDate or when it has enough dates.

function* dailyDays(earliest: number, calendar: BankCalendarOptions | undefined): Generator<number> {
  // Daily means every business day: a closed day is skipped, not moved (moving would duplicate a date).
  for (let day = earliest; ; day += 1) if (isBusinessDayNumber(day, calendar)) yield day;
}

function* everyNDays(start: number, earliest: number, step: number): Generator<number> {
  for (let day = start + Math.ceil((earliest - start) / step) * step; ; day += step) yield day;
}

function* everyNMonths(
  firstMonth: number,
  earliest: number,
  step: number,
  dayOfMonth: number,
  wanted: ((monthIndex: number) => boolean) | undefined,
): Generator<number> {
  // Jump over whole cycles that end before `earliest` instead of walking years of history.
  const skip = Math.max(0, Math.floor((monthIndexOf(earliest) - 1 - firstMonth) / step));
  for (let month = firstMonth + skip * step; ; month += step) {
    if (wanted === undefined || wanted(month)) yield clampedDayInMonth(month, dayOfMonth);
  }
}

/** The scheduled ("nominal") dates before any business-day rule, ascending, from near `from` on. */
function nominalDays(schedule: PeriodicSchedule, start: number, from: number, calendar: BankCalendarOptions | undefined): Generator<number> {
  const { frequency } = schedule;
  const earliest = Math.max(start, from - LOOKBACK_DAYS);
  if (frequency === "Daily") return dailyDays(earliest, calendar);
  // Weekly payments keep the start date's weekday; dayOfExecution is a day of the month and does not apply.
  const dayStep = DAY_STEPS[frequency];
  if (dayStep !== undefined) return everyNDays(start, earliest, dayStep);
  const monthStep = MONTH_STEPS[frequency];
  if (monthStep === undefined) throw new RangeError(`Unknown frequency: ${frequency}`);
  const dayOfMonth = dayOfMonthOf(schedule, start);
  // The first payment is on the first dayOfExecution on or after startDate (BG: "The first applicable day
  // of execution starting from this date is the first payment"); the cycle counts on from that month.
  const startMonth = monthIndexOf(start);
  const firstMonth = clampedDayInMonth(startMonth, dayOfMonth) >= start ? startMonth : startMonth + 1;
  return everyNMonths(firstMonth, earliest, monthStep, dayOfMonth, monthFilterOf(schedule));
}

/** Checked at run time too: `preceding` (the usual English spelling) is a likely slip from plain JavaScript. */
function executionRuleOf(value: string | undefined): ExecutionRule {
  if (value === undefined || value === "following") return "following";
  if (value === "preceeding") return value;
  throw new RangeError(`Unknown executionRule (following or preceeding): ${value}`);
}

function executionDay(nominal: number, rule: ExecutionRule, start: number, calendar: BankCalendarOptions | undefined): number {
  if (rule === "following") return businessDayOnOrAfter(nominal, calendar);
  const preceding = businessDayOnOrBefore(nominal, calendar);
  // Never before startDate: then every day from startDate to the nominal date is closed, and the
  // first business day after them is the earliest date the order may run.
  return preceding >= start ? preceding : businessDayOnOrAfter(nominal, calendar);
}

/**
 * Up to `window.count` execution dates of a periodic payment, ascending, on or after `window.from`.
 * A date is produced when its scheduled date lies in [startDate, endDate] and, once moved to a business
 * day by `executionRule` (default `following`), still lies in that period. Throws RangeError on input
 * the contract should have rejected (bad dates, dayOfExecution, months, count).
 */
export function executionDates(schedule: PeriodicSchedule, window: ExecutionWindow, calendar?: BankCalendarOptions): string[] {
  const start = parseDate(schedule.startDate);
  const end = schedule.endDate === undefined ? LAST_DAY_NUMBER : Math.min(parseDate(schedule.endDate), LAST_DAY_NUMBER);
  const from = parseDate(window.from);
  const rule = executionRuleOf(schedule.executionRule);
  if (!Number.isSafeInteger(window.count) || window.count < 0) throw new RangeError(`Not a count: ${window.count}`);

  const dates: string[] = [];
  let last = -Infinity;
  for (const nominal of nominalDays(schedule, start, from, calendar)) {
    if (dates.length >= window.count || nominal > end) break;
    const day = schedule.frequency === "Daily" ? nominal : executionDay(nominal, rule, start, calendar);
    // `day <= last` cannot happen with Norwegian closures (at most five days) and steps of seven or more
    // days; the guard keeps the output strictly ascending should a calendar ever allow it.
    if (day < from || day > end || day <= last) continue;
    dates.push(formatDate(day));
    last = day;
  }
  return dates;
}

import { formatDate, parseDate } from "../../../src/contract/calendar-date.ts";
import { isBusinessDayNumber } from "./business-days.ts";
import type { BankCalendarOptions } from "./holidays.ts";
import { osloWallClock, osloWallTimeToInstant, toEpochMillis, type Instant } from "../../../src/contract/oslo-time.ts";

/**
 * When the sandbox payment batch runs: at fixed Oslo wall-clock times on every Norwegian business day
 * (the interface says five times a day; docs/calendar.md "Batch runs"). Run instants are computed per day, so
 * catching up a year of missed runs costs ~250 business days × 5 runs, not half a million minute steps.
 */

export const DEFAULT_BATCH_TIMES: readonly string[] = Object.freeze(["06:00", "09:00", "12:00", "15:00", "18:00"]);

export interface BatchSchedule {
  /** Oslo wall-clock times `HH:MM` (00:00–23:59), any order, no duplicates. Default DEFAULT_BATCH_TIMES. */
  readonly times?: readonly string[] | undefined;
  /** Which days are business days (31 December). */
  readonly calendar?: BankCalendarOptions | undefined;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** What is wrong with a list of batch times, one message per problem; empty when it is usable. */
export function batchTimeProblems(times: readonly string[]): string[] {
  const problems: string[] = [];
  if (times.length === 0) problems.push("At least one batch time is needed.");
  const seen = new Set<string>();
  for (const time of times) {
    if (!TIME_PATTERN.test(time)) problems.push(`${JSON.stringify(time)} is not a time of day as HH:MM (00:00-23:59).`);
    else if (seen.has(time)) problems.push(`${time} is listed twice.`);
    seen.add(time);
  }
  return problems;
}

/** Minutes after midnight, ascending; throws RangeError listing the problems of an invalid list. */
function runMinutes(schedule: BatchSchedule | undefined): number[] {
  const times = schedule?.times ?? DEFAULT_BATCH_TIMES;
  const problems = batchTimeProblems(times);
  if (problems.length > 0) throw new RangeError(`Invalid batch times: ${problems.join(" ")}`);
  return times.map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))).sort((a, b) => a - b);
}

function runsOnDay(dayNumber: number, minutes: readonly number[], calendar: BankCalendarOptions | undefined): number[] {
  if (!isBusinessDayNumber(dayNumber, calendar)) return [];
  const instants = minutes.map((minute) => osloWallTimeToInstant(dayNumber, minute));
  // Only a time inside a DST gap can break the order or collide (02:00 and 03:00 both become 03:00).
  // Norway changes clocks on Sundays, so this never happens today; it keeps odd schedules correct anyway.
  return [...new Set(instants)].sort((a, b) => a - b);
}

/** The Oslo calendar date (`YYYY-MM-DD`) of an instant: the date the bank's books are on at that moment. */
export function businessDateOf(instant: Instant): string {
  return formatDate(osloWallClock(instant).dayNumber);
}

/** The run instants (epoch ms) on one Oslo date, ascending; none on weekends and bank holidays. */
export function batchRunsOn(date: string, schedule?: BatchSchedule): number[] {
  return runsOnDay(parseDate(date), runMinutes(schedule), schedule?.calendar);
}

/**
 * Every run in the interval (fromExclusive, toInclusive], ascending: the runs missed between the last
 * completed run and now. Empty when `toInclusive` is not after `fromExclusive`.
 */
export function batchRunsBetween(fromExclusive: Instant, toInclusive: Instant, schedule?: BatchSchedule): number[] {
  const from = toEpochMillis(fromExclusive);
  const to = toEpochMillis(toInclusive);
  const minutes = runMinutes(schedule);
  const runs: number[] = [];
  if (to <= from) return runs;
  const lastDay = osloWallClock(to).dayNumber;
  for (let day = osloWallClock(from).dayNumber; day <= lastDay; day += 1) {
    for (const run of runsOnDay(day, minutes, schedule?.calendar)) {
      if (run > from && run <= to) runs.push(run);
    }
  }
  return runs;
}

/** The first run strictly after `after`. */
export function nextBatchRun(after: Instant, schedule?: BatchSchedule): number {
  const from = toEpochMillis(after);
  const minutes = runMinutes(schedule);
  // A business day comes within a week (the longest closure, Easter, is five days), so this ends quickly.
  for (let day = osloWallClock(from).dayNumber; ; day += 1) {
    const run = runsOnDay(day, minutes, schedule?.calendar).find((instant) => instant > from);
    if (run !== undefined) return run;
  }
}

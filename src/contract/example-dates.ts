/**
 * The dates an example carries, for the day it is shown: an example request must be one the sandbox accepts
 * on that day (a requestedExecutionDate before today is refused, and so is a periodic start date that has
 * passed). The OpenAPI document is dated when it is built: a server's /openapi.json on the day it is served,
 * the static dist/openapi.json on the day of the build (decision 0053).
 */
import { dayNumberFromParts, formatDate, isoWeekday, parseDate, partsFromDayNumber } from "./calendar-date";
import { osloWallClock } from "./oslo-time";

/** Today in Oslo, as the sandbox's calendar names days. */
export const osloToday = (now = Date.now()) => formatDate(osloWallClock(now).dayNumber);

/** The first of the month `months` after the month of `day` (YYYY-MM-DD). */
export function firstOfMonthAfter(day: string, months = 1): string {
  const { year, month } = partsFromDayNumber(parseDate(day));
  const index = year * 12 + (month - 1) + months;
  return formatDate(dayNumberFromParts(Math.floor(index / 12), (index % 12) + 1, 1));
}

/** The first of a month, moved past a weekend and the holidays a first can be (1 January, 1 May), as "following" moves it. */
function following(day: string): string {
  let number = parseDate(day);
  for (;;) {
    const { month, day: date } = partsFromDayNumber(number);
    const holiday = date === 1 && (month === 1 || month === 5);
    if (!holiday && isoWeekday(number) <= 5) return formatDate(number);
    number += 1;
  }
}

export interface ExampleDates {
  today: string;
  /** A periodic payment's start: the first of next month, which the sandbox accepts all this month. */
  firstOfNextMonth: string;
  /** The standing order's next execution dates from that start, on the first of each month (executionRule following). */
  monthlyExecutions: string[];
}

export function exampleDates(today: string): ExampleDates {
  const firstOfNextMonth = firstOfMonthAfter(today);
  return { today, firstOfNextMonth, monthlyExecutions: [1, 2, 3].map((months) => following(firstOfMonthAfter(today, months))) };
}

import { dayNumberFromParts, formatDate, parseDate, partsFromDayNumber } from "../../../src/contract/calendar-date.ts";
import { easterSundayDayNumber } from "./easter.ts";

/**
 * Norwegian bank holidays: the days besides Saturday and Sunday on which the sandbox bank does not
 * execute payments. Sources and decisions: docs/calendar.md, domain-facts §6.1.
 *
 * The current rules are applied to every year. History is not modelled (1 May and 17 May became
 * statutory holidays only in 1947); a sandbox needs today's calendar, also for dates long past.
 */

export interface BankCalendarOptions {
  /**
   * Whether 31 December (nyttårsaften) is a bank closing day. Default `true`: Norwegian retail banks close
   * on New Year's Eve and call the weekday before it "siste bankdag", but Norges Bank's settlement system
   * does not list 31 December as a closing day, so a bank-specific setting is offered (domain-facts §6.1).
   */
  readonly newYearsEveClosed?: boolean | undefined;
}

/** `public`: a statutory public holiday (helligdag or høytidsdag). `bank`: only the banks are closed. */
export type HolidayKind = "public" | "bank";

export interface BankHoliday {
  readonly date: string;
  readonly name: { readonly no: string; readonly en: string };
  readonly kind: HolidayKind;
}

type Rule = readonly [no: string, en: string, kind: HolidayKind];

/** Offsets in days from Easter Sunday. */
const EASTER_BASED: readonly (readonly [offset: number, ...rule: Rule])[] = [
  [-3, "Skjærtorsdag", "Maundy Thursday", "public"],
  [-2, "Langfredag", "Good Friday", "public"],
  [0, "1. påskedag", "Easter Sunday", "public"],
  [1, "2. påskedag", "Easter Monday", "public"],
  [39, "Kristi himmelfartsdag", "Ascension Day", "public"],
  [49, "1. pinsedag", "Whit Sunday", "public"],
  [50, "2. pinsedag", "Whit Monday", "public"],
];

const FIXED: readonly (readonly [month: number, day: number, ...rule: Rule])[] = [
  [1, 1, "Nyttårsdag", "New Year's Day", "public"],
  [5, 1, "Arbeidernes dag", "Labour Day", "public"],
  [5, 17, "Grunnlovsdag", "Constitution Day", "public"],
  [12, 24, "Julaften", "Christmas Eve", "bank"],
  [12, 25, "1. juledag", "Christmas Day", "public"],
  [12, 26, "2. juledag", "St Stephen's Day", "public"],
  [12, 31, "Nyttårsaften", "New Year's Eve", "bank"],
];

interface YearCalendar {
  readonly holidays: readonly BankHoliday[];
  readonly closedDays: ReadonlySet<number>;
}

// Memoised per year and option: the batch catch-up and the execution-date loops ask about the same
// few years thousands of times. Bounded by the number of years (at most 2 × 9999 entries).
const cache = new Map<string, YearCalendar>();

function yearCalendar(year: number, options: BankCalendarOptions | undefined): YearCalendar {
  const newYearsEveClosed = options?.newYearsEveClosed ?? true;
  const key = `${year}:${newYearsEveClosed}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;

  const easter = easterSundayDayNumber(year);
  const entries: [number, Rule][] = [];
  for (const [month, day, ...rule] of FIXED) {
    if (month === 12 && day === 31 && !newYearsEveClosed) continue;
    entries.push([dayNumberFromParts(year, month, day), rule]);
  }
  for (const [offset, ...rule] of EASTER_BASED) entries.push([easter + offset, rule]);
  // Sorted by date (stable: a fixed holiday before a movable one on the same day). Holidays that
  // coincide, like 17 May and Whit Monday in 2027, stay separate entries.
  entries.sort((a, b) => a[0] - b[0]);
  const holidays = Object.freeze(
    entries.map(([dayNumber, [no, en, kind]]) => Object.freeze({ date: formatDate(dayNumber), name: Object.freeze({ no, en }), kind })),
  );
  const calendar: YearCalendar = { holidays, closedDays: new Set(entries.map(([dayNumber]) => dayNumber)) };
  cache.set(key, calendar);
  return calendar;
}

/** All bank holidays of `year` (1–9999), in date order, with their Norwegian and English names. */
export function bankHolidays(year: number, options?: BankCalendarOptions): readonly BankHoliday[] {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`Not a year: ${year}`);
  return yearCalendar(year, options).holidays;
}

/** Whether the day is a bank holiday (weekends aside). For the other calendar modules. */
export function isBankHolidayDayNumber(dayNumber: number, options?: BankCalendarOptions): boolean {
  return yearCalendar(partsFromDayNumber(dayNumber).year, options).closedDays.has(dayNumber);
}

/** The bank holidays falling on `date` (usually none or one; two when 17 May is also Whit Monday). */
export function bankHolidaysOn(date: string, options?: BankCalendarOptions): readonly BankHoliday[] {
  const year = partsFromDayNumber(parseDate(date)).year;
  return bankHolidays(year, options).filter((holiday) => holiday.date === date);
}

import { dayNumberFromParts, formatDate, isCalendarDate, parseDate } from "./calendar-date.ts";

/**
 * Conversions between instants and the bank's wall clock (Europe/Oslo) with the built-in `Intl` time-zone
 * data only: a time-zone library would weigh more than everything else in this folder, and this code
 * runs in the browser.
 */

/** An instant: epoch milliseconds or a `Date`. The caller supplies it (the sandbox has its own clock). */
export type Instant = number | Date;

export const BANK_TIME_ZONE = "Europe/Oslo";

const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;

// Constructing a DateTimeFormat is costly; one instance serves every call. `hourCycle: 'h23'` because
// `hour12: false` renders midnight as "24" in some engines.
const osloFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BANK_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

export function toEpochMillis(instant: Instant): number {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
  return ms;
}

export interface OsloWallClock {
  /** The Oslo calendar date as a day number (see calendar-date.ts). */
  readonly dayNumber: number;
  /** Milliseconds since Oslo midnight of that date. */
  readonly msOfDay: number;
}

function wallClockFromIntl(ms: number): OsloWallClock {
  const part: Record<string, number> = {};
  for (const { type, value } of osloFormat.formatToParts(ms)) part[type] = Number(value);
  const { year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN, second = NaN } = part;
  // Intl drops the milliseconds; keep them from the instant (offsets are whole seconds).
  const millis = ((ms % 1000) + 1000) % 1000;
  return { dayNumber: dayNumberFromParts(year, month, day), msOfDay: ((hour * 60 + minute) * 60 + second) * 1000 + millis };
}

const MS_PER_HOUR = 3_600_000;
/** Since 1980 Oslo has changed its offset only at 01:00 UTC, a whole UTC hour; before that, ask Intl every time. */
const WHOLE_HOUR_CHANGES_SINCE = Date.UTC(1980, 0, 1);
/** Oslo's offset by UTC hour: every request reads the clock, and Intl's formatToParts is a large part of a small one's cost. */
const offsetByHour = new Map<number, number>();

export function osloWallClock(instant: Instant): OsloWallClock {
  const ms = toEpochMillis(instant);
  if (ms < WHOLE_HOUR_CHANGES_SINCE) return wallClockFromIntl(ms);
  const hour = Math.floor(ms / MS_PER_HOUR);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = hour * MS_PER_HOUR;
    const wall = wallClockFromIntl(start);
    offset = wall.dayNumber * MS_PER_DAY + wall.msOfDay - start;
    if (offsetByHour.size >= 4096) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  const local = ms + offset;
  const dayNumber = Math.floor(local / MS_PER_DAY);
  return { dayNumber, msOfDay: local - dayNumber * MS_PER_DAY };
}

/** Oslo's offset from UTC at `ms`, in milliseconds (+1 h in winter, +2 h in summer). */
export function osloOffsetMillis(ms: number): number {
  const { dayNumber, msOfDay } = osloWallClock(ms);
  return dayNumber * MS_PER_DAY + msOfDay - ms;
}

/**
 * The instant at which Oslo's wall clock shows `minuteOfDay` on the date `dayNumber`.
 *
 * A wall-clock time can exist twice (autumn: 02:30 on the last Sunday of October) or not at all (spring:
 * 02:30 on the last Sunday of March). Like Temporal's `disambiguation: 'compatible'`, a repeated time takes
 * the earlier instant and a skipped time is pushed forward by the length of the gap (02:30 → 03:30 CEST).
 */
export function osloWallTimeToInstant(dayNumber: number, minuteOfDay: number): number {
  const wall = dayNumber * MS_PER_DAY + minuteOfDay * MS_PER_MINUTE;
  // The offsets a day either side of the wall time bracket any transition near it.
  const before = osloOffsetMillis(wall - MS_PER_DAY);
  const after = osloOffsetMillis(wall + MS_PER_DAY);
  if (before === after) return wall - before;
  const valid = [wall - before, wall - after].filter((candidate) => osloOffsetMillis(candidate) === wall - candidate);
  if (valid.length === 0) return wall - before; // in the gap: the old offset lands after it
  return Math.min(...valid);
}

// ---- as the portal shows and reads Oslo time, whatever zone the developer's browser is in ----

const pad = (value: number) => String(value).padStart(2, "0");
const toMs = (value: number | string) => (typeof value === "number" ? value : Date.parse(value));

function wallText(ms: number) {
  const { dayNumber, msOfDay } = osloWallClock(ms);
  const seconds = Math.floor(msOfDay / 1000);
  return { date: formatDate(dayNumber), hour: pad(Math.floor(seconds / 3600)), minute: pad(Math.floor(seconds / 60) % 60), second: pad(seconds % 60) };
}

/** "2026-05-14 13:05:12" in Oslo time; "" for an unreadable instant. */
export function formatOslo(value: number | string, withSeconds = true): string {
  const ms = toMs(value);
  if (!Number.isFinite(ms)) return "";
  const wall = wallText(ms);
  return `${wall.date} ${wall.hour}:${wall.minute}${withSeconds ? `:${wall.second}` : ""}`;
}

/** The value a datetime-local input shows for an instant: "2026-05-14T13:05" in Oslo time. */
export function osloInputValue(value: number | string): string {
  const ms = toMs(value);
  if (!Number.isFinite(ms)) return "";
  const wall = wallText(ms);
  return `${wall.date}T${wall.hour}:${wall.minute}`;
}

/**
 * The instant of an Oslo wall-clock time "YYYY-MM-DDTHH:MM[:SS]", as ISO 8601 UTC; undefined when it
 * is not one. A time skipped by the spring change is read as the hour after it (osloWallTimeToInstant).
 */
export function osloWallToIso(value: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match?.[1] || !isCalendarDate(match[1])) return undefined;
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4] ?? "0")];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return new Date(osloWallTimeToInstant(parseDate(match[1]), hour * 60 + minute) + second * 1000).toISOString();
}

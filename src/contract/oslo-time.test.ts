import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoWeekday, parseDate } from "./calendar-date.ts";
import { osloOffsetMillis, osloWallClock, osloWallTimeToInstant, toEpochMillis } from "./oslo-time.ts";

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const wall = (date: string, time: string) => osloWallTimeToInstant(parseDate(date), Number(time.slice(0, 2)) * 60 + Number(time.slice(3)));

describe("Oslo time", () => {
  it("is UTC+1 in winter and UTC+2 in summer, switching at 01:00 UTC on the last Sundays of March and October", () => {
    expect(osloOffsetMillis(at("2026-01-15T12:00:00Z"))).toBe(HOUR);
    expect(osloOffsetMillis(at("2026-07-15T12:00:00Z"))).toBe(2 * HOUR);
    expect(osloOffsetMillis(at("2026-03-29T00:59:59.999Z"))).toBe(HOUR);
    expect(osloOffsetMillis(at("2026-03-29T01:00:00Z"))).toBe(2 * HOUR);
    expect(osloOffsetMillis(at("2026-10-25T00:59:59.999Z"))).toBe(2 * HOUR);
    expect(osloOffsetMillis(at("2026-10-25T01:00:00Z"))).toBe(HOUR);
  });

  it("turns an Oslo wall-clock time into the right instant", () => {
    expect(wall("2026-01-15", "06:00")).toBe(at("2026-01-15T05:00:00Z"));
    expect(wall("2026-07-15", "06:00")).toBe(at("2026-07-15T04:00:00Z"));
    expect(wall("2026-07-15", "00:00")).toBe(at("2026-07-14T22:00:00Z"));
    expect(wall("2026-03-29", "01:59")).toBe(at("2026-03-29T00:59:00Z"));
    expect(wall("2026-03-29", "03:00")).toBe(at("2026-03-29T01:00:00Z"));
    expect(wall("2026-10-25", "03:00")).toBe(at("2026-10-25T02:00:00Z"));
  });

  it("pushes a time skipped in spring forward, and takes the first of a time repeated in autumn", () => {
    expect(wall("2026-03-29", "02:30")).toBe(at("2026-03-29T01:30:00Z")); // shows 03:30 CEST
    expect(wall("2026-10-25", "02:30")).toBe(at("2026-10-25T00:30:00Z")); // the CEST 02:30, not the CET one
  });

  it("reads the Oslo date and time of an instant, milliseconds included", () => {
    expect(osloWallClock(at("2026-06-30T22:30:00.250Z"))).toEqual({
      dayNumber: parseDate("2026-07-01"),
      msOfDay: 30 * 60_000 + 250,
    });
    expect(osloWallClock(new Date("2026-12-31T22:59:59.999Z")).dayNumber).toBe(parseDate("2026-12-31"));
    expect(osloWallClock(at("1969-12-31T23:59:59.999Z"))).toEqual({ dayNumber: 0, msOfDay: HOUR - 1 });
  });

  it("round-trips every wall-clock time except the ones skipped by the spring change", () => {
    fc.assert(
      fc.property(fc.integer({ min: parseDate("1980-01-01"), max: parseDate("2100-12-31") }), fc.integer({ min: 0, max: 24 * 60 - 1 }), (dayNumber, minute) => {
        const clock = osloWallClock(osloWallTimeToInstant(dayNumber, minute));
        if (clock.dayNumber === dayNumber && clock.msOfDay === minute * 60_000) return;
        // Only 02:00-02:59 on a Sunday in spring can be missing, and it moves an hour on.
        expect(isoWeekday(dayNumber)).toBe(7);
        expect(Math.floor(minute / 60)).toBe(2);
        expect(clock).toEqual({ dayNumber, msOfDay: (minute + 60) * 60_000 });
      }),
    );
  });

  it("reads the wall clock as Intl does at any instant, the minutes around every change of offset included", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      timeZone: "Europe/Oslo",
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    const byIntl = (ms: number) => {
      const part: Record<string, number> = {};
      for (const { type, value } of intl.formatToParts(ms)) part[type] = Number(value);
      return {
        dayNumber: Date.UTC(part.year!, part.month! - 1, part.day) / 86_400_000,
        msOfDay: ((part.hour! * 60 + part.minute!) * 60 + part.second!) * 1000 + (ms % 1000),
      };
    };
    // Offsets change at 01:00 UTC on the last Sunday of March and of October.
    for (let year = 1996; year <= 2040; year += 1)
      for (const month of [2, 9])
        for (let day = 25; day <= 31; day += 1)
          for (const minutes of [-61, -1, 0, 1, 59, 60, 61]) {
            const ms = Date.UTC(year, month, day, 1) + minutes * 60_000 - 1;
            expect(osloWallClock(ms)).toEqual(byIntl(ms));
          }
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(osloWallClock(ms)).toEqual(byIntl(ms));
      }),
    );
  });

  it("refuses invalid instants", () => {
    expect(() => toEpochMillis(Number.NaN)).toThrow(RangeError);
    expect(() => toEpochMillis(new Date("not a date"))).toThrow(RangeError);
    expect(toEpochMillis(new Date(5))).toBe(5);
  });
});

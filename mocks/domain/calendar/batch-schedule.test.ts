import Holidays from "date-holidays";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batchRunsBetween, batchRunsOn, batchTimeProblems, businessDateOf, DEFAULT_BATCH_TIMES, nextBatchRun } from "./batch-schedule.ts";
import { isBusinessDay } from "./business-days.ts";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const isos = (runs: number[]) => runs.map(iso);

/**
 * An independent model of the schedule: walk the timeline in 15-minute steps (every run of a quarter-hour
 * schedule lies on one, as Oslo's offsets are whole hours), read the Oslo wall clock with a separately built
 * formatter and decide business days with date-holidays plus the weekday.
 */
function bruteForceRuns(from: number, to: number, times: readonly string[]): number[] {
  const clock = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Oslo",
    dateStyle: "short",
    timeStyle: "short",
    hourCycle: "h23",
  });
  const oracle = new Holidays("NO");
  const closed = new Set<string>();
  const years = new Set<number>();
  const runs: number[] = [];
  const step = 15 * 60_000;
  for (let t = Math.ceil((from + 1) / step) * step; t <= to; t += step) {
    const [date = "", time = ""] = clock.format(t).split(" ");
    const year = Number(date.slice(0, 4));
    if (!years.has(year)) {
      years.add(year);
      for (const h of oracle.getHolidays(year)) if (h.type === "public" || h.type === "bank") closed.add(h.date.slice(0, 10));
    }
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (times.includes(time) && weekday !== 0 && weekday !== 6 && !closed.has(date)) runs.push(t);
  }
  return runs;
}

describe("batch schedule", () => {
  it("runs five times on a business day at 06, 09, 12, 15 and 18 Oslo time", () => {
    expect(DEFAULT_BATCH_TIMES).toEqual(["06:00", "09:00", "12:00", "15:00", "18:00"]);
    expect(isos(batchRunsOn("2026-06-10"))).toEqual([
      "2026-06-10T04:00:00.000Z",
      "2026-06-10T07:00:00.000Z",
      "2026-06-10T10:00:00.000Z",
      "2026-06-10T13:00:00.000Z",
      "2026-06-10T16:00:00.000Z",
    ]);
    expect(isos(batchRunsOn("2026-01-14"))[0]).toBe("2026-01-14T05:00:00.000Z");
  });

  it("does not run on weekends and bank holidays", () => {
    for (const closed of ["2026-06-13", "2026-06-14", "2026-04-02", "2026-05-17", "2026-12-24", "2026-12-31"]) {
      expect(batchRunsOn(closed), closed).toEqual([]);
    }
    expect(batchRunsOn("2026-12-31", { calendar: { newYearsEveClosed: false } })).toHaveLength(5);
  });

  it("gives the right UTC instants on either side of the DST changes", () => {
    expect(iso(batchRunsOn("2026-03-27")[0]!)).toBe("2026-03-27T05:00:00.000Z"); // Friday, CET
    expect(iso(batchRunsOn("2026-03-30")[0]!)).toBe("2026-03-30T04:00:00.000Z"); // Monday, CEST
    expect(iso(batchRunsOn("2026-10-23")[0]!)).toBe("2026-10-23T04:00:00.000Z"); // Friday, CEST
    expect(iso(batchRunsOn("2026-10-26")[0]!)).toBe("2026-10-26T05:00:00.000Z"); // Monday, CET
    expect(isos(batchRunsBetween(at("2026-03-27T16:00:00Z"), at("2026-03-30T07:00:00Z")))).toEqual([
      "2026-03-27T17:00:00.000Z",
      "2026-03-30T04:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
    ]);
    expect(isos(batchRunsBetween(at("2026-10-23T15:00:00Z"), at("2026-10-26T05:00:00Z")))).toEqual(["2026-10-23T16:00:00.000Z", "2026-10-26T05:00:00.000Z"]);
  });

  it("excludes the lower bound and includes the upper bound", () => {
    const run = at("2026-06-10T07:00:00Z");
    expect(batchRunsBetween(run - 1, run)).toEqual([run]);
    expect(batchRunsBetween(run, run + 1)).toEqual([]);
    expect(batchRunsBetween(run, run)).toEqual([]);
    expect(batchRunsBetween(run + 1, run - 1)).toEqual([]);
    expect(isos(batchRunsBetween(new Date(run), new Date(run + 3 * 3_600_000)))).toEqual(["2026-06-10T10:00:00.000Z"]);
  });

  it("catches up a year of missed runs: 250 business days in 2025, 1250 runs", () => {
    const runs = batchRunsBetween(at("2024-12-31T23:00:00Z"), at("2025-12-31T23:00:00Z"));
    expect(runs).toHaveLength(1250);
    expect(runs.every((run, i) => i === 0 || run > runs[i - 1]!)).toBe(true);
    expect(iso(runs[0]!)).toBe("2025-01-02T05:00:00.000Z");
    expect(iso(runs.at(-1)!)).toBe("2025-12-30T17:00:00.000Z");
  });

  it("catches up over a long gap exactly as a brute-force walk does, across DST, Easter and New Year", () => {
    const from = at("2025-12-20T10:07:00Z");
    const to = at("2027-01-10T00:00:00Z");
    expect(batchRunsBetween(from, to)).toEqual(bruteForceRuns(from, to, DEFAULT_BATCH_TIMES));
    const odd = ["23:45", "00:15", "07:30"];
    const calendar = { newYearsEveClosed: true };
    expect(batchRunsBetween(from, to, { times: odd, calendar })).toEqual(bruteForceRuns(from, to, odd));
  });

  // Per day, not per minute: a per-minute walk of ten years (5 million minutes) would pass the test's timeout.
  it("covers a decade-long gap (computed per day, not per minute)", () => {
    const runs = batchRunsBetween(at("2016-01-01T00:00:00Z"), at("2026-01-01T00:00:00Z"));
    expect(runs.length).toBeGreaterThan(12_000);
  });

  it("finds the next run strictly after an instant", () => {
    expect(iso(nextBatchRun(at("2026-06-10T06:59:59.999Z")))).toBe("2026-06-10T07:00:00.000Z");
    expect(iso(nextBatchRun(at("2026-06-10T07:00:00Z")))).toBe("2026-06-10T10:00:00.000Z");
    expect(iso(nextBatchRun(at("2026-04-01T16:00:00Z")))).toBe("2026-04-07T04:00:00.000Z"); // over Easter
    expect(iso(nextBatchRun(new Date("2026-12-23T17:00:00Z")))).toBe("2026-12-28T05:00:00.000Z"); // over Christmas
    expect(iso(nextBatchRun(at("2026-12-30T17:00:00Z")))).toBe("2027-01-04T05:00:00.000Z");
    expect(iso(nextBatchRun(at("2026-06-10T16:30:00Z"), { times: ["18:45"] }))).toBe("2026-06-10T16:45:00.000Z");
  });

  it("nextBatchRun agrees with batchRunsBetween and lands on a business day", () => {
    fc.assert(
      fc.property(fc.integer({ min: at("2000-01-01T00:00:00Z"), max: at("2100-01-01T00:00:00Z") }), (t) => {
        const next = nextBatchRun(t);
        expect(next).toBeGreaterThan(t);
        expect(batchRunsBetween(t, next)).toEqual([next]);
        expect(isBusinessDay(businessDateOf(next))).toBe(true);
      }),
    );
  });

  it("gives the Oslo calendar date of an instant", () => {
    expect(businessDateOf(at("2026-06-30T21:59:59.999Z"))).toBe("2026-06-30");
    expect(businessDateOf(at("2026-06-30T22:00:00Z"))).toBe("2026-07-01");
    expect(businessDateOf(new Date("2026-12-31T22:59:59.999Z"))).toBe("2026-12-31");
    expect(businessDateOf(at("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });

  it("validates the configured times", () => {
    expect(batchTimeProblems(DEFAULT_BATCH_TIMES)).toEqual([]);
    expect(batchTimeProblems(["18:00", "06:00"])).toEqual([]);
    expect(batchTimeProblems([])).toHaveLength(1);
    expect(batchTimeProblems(["06:00", "9:00", "24:00", "12:60", "06:00", "noon"])).toHaveLength(5);
    expect(() => batchRunsOn("2026-06-10", { times: ["25:00"] })).toThrow(RangeError);
    expect(() => nextBatchRun(0, { times: [] })).toThrow(RangeError);
    expect(() => batchRunsBetween(0, 1, { times: ["06:00", "06:00"] })).toThrow(/listed twice/);
  });

  it("runs an unordered list of times in time order", () => {
    expect(isos(batchRunsOn("2026-06-10", { times: ["18:00", "06:00", "12:00"] }))).toEqual([
      "2026-06-10T04:00:00.000Z",
      "2026-06-10T10:00:00.000Z",
      "2026-06-10T16:00:00.000Z",
    ]);
  });
});

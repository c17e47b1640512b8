/**
 * The benchmark's report (`.reports/benchmark.json`, written by scripts/benchmark.ts) and the committed figures the
 * performance page is made from (docs/performance.json): per area when it was measured, on what machine, and its
 * figures. A run of some areas replaces only those areas; the others keep their own date and machine.
 */
import { z } from "zod";

export const AREAS = ["browser", "browserBatch", "server", "recording", "postgres", "tenants", "bodies", "start"] as const;
export type AreaName = (typeof AREAS)[number];

const machine = z.object({
  cores: z.number(),
  cpu: z.string(),
  memoryGiB: z.number(),
  node: z.string(),
  loadAverageStart: z.array(z.number()),
  loadAverageEnd: z.array(z.number()),
});

const area = z.object({ measuredAt: z.iso.datetime(), finishedAt: z.iso.datetime(), machine, figures: z.unknown() });
export type Area = z.infer<typeof area>;

export const report = z.object({ areas: z.partialRecord(z.enum(AREAS), area) });
export type Report = z.infer<typeof report>;

/** The committed figures with the run's areas laid over them. */
export function mergeAreas(current: Report, run: Report): Report {
  const areas = { ...current.areas, ...run.areas };
  return { areas: Object.fromEntries(AREAS.filter((name) => areas[name] !== undefined).map((name) => [name, areas[name]])) };
}

/** The value at a dotted path of an area's figures (keys may hold spaces: "4 tenants"). */
export function valueAt(all: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined), all);
}

/** A figure at a dotted path, if it is a finite number. */
export function figure(all: unknown, path: string): number | undefined {
  const value = valueAt(all, path);
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The items of a list at a dotted path (rounds, runs). */
export const itemsAt = (all: unknown, path: string): unknown[] => {
  const value = valueAt(all, path);
  return Array.isArray(value) ? (value as unknown[]) : [];
};

/** The list at `path` as numbers (NaN for an item that is none: a round that measured nothing). */
export const numbersAt = (all: unknown, path: string): number[] => itemsAt(all, path).map((item) => (typeof item === "number" ? item : NaN));

/** The keys of an object at a dotted path (the pages measured). */
export const keysAt = (all: unknown, path: string): string[] => {
  const value = valueAt(all, path);
  return typeof value === "object" && value !== null ? Object.keys(value) : [];
};

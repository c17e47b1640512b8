/**
 * Takes the areas of the last benchmark run (.reports/benchmark.json) into the committed figures
 * (docs/performance.json; the areas not measured keep theirs) and writes docs/performance.md from them.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { renderPerformance } from "./render";
import { mergeAreas, report, type Report } from "./report";

export const RUN = ".reports/benchmark.json";
export const FIGURES = "docs/performance.json";
export const PAGE = "docs/performance.md";

/** A report or the figures; one written by an older benchmark (figures without areas) is refused saying so. */
export function readReport(path: string): Report {
  const parsed = report.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (parsed.success) return parsed.data;
  throw new Error(`${path} is not a benchmark report of areas (an older benchmark wrote it?): run npm run benchmark again, or remove it.`);
}

export function updatePerformanceDoc(): string[] {
  const figures = existsSync(FIGURES) ? readReport(FIGURES) : { areas: {} };
  const run = existsSync(RUN) ? readReport(RUN) : { areas: {} };
  const merged = mergeAreas(figures, run);
  writeFileSync(FIGURES, `${JSON.stringify(merged, null, 2)}\n`);
  writeFileSync(PAGE, renderPerformance(merged));
  return Object.keys(run.areas);
}

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

export const readReport = (path: string): Report => report.parse(JSON.parse(readFileSync(path, "utf8")));

export function updatePerformanceDoc(): string[] {
  const figures = existsSync(FIGURES) ? readReport(FIGURES) : { areas: {} };
  const run = existsSync(RUN) ? readReport(RUN) : { areas: {} };
  const merged = mergeAreas(figures, run);
  writeFileSync(FIGURES, `${JSON.stringify(merged, null, 2)}\n`);
  writeFileSync(PAGE, renderPerformance(merged));
  return Object.keys(run.areas);
}

/**
 * `npm run docs:performance`: takes the areas of the last benchmark run (.reports/benchmark.json) into
 * docs/performance.json and writes docs/performance.md from it (`npm run benchmark` does this at its end).
 * With --check it changes nothing and fails when the page is not the figures' page.
 */
import { existsSync, readFileSync } from "node:fs";
import { renderPerformance } from "./performance-doc/render";
import { FIGURES, PAGE, readReport, RUN, updatePerformanceDoc } from "./performance-doc/update";

if (process.argv.includes("--check")) {
  const page = existsSync(PAGE) ? readFileSync(PAGE, "utf8") : "";
  if (!existsSync(FIGURES) || page !== renderPerformance(readReport(FIGURES))) {
    console.error(`${PAGE} is not made from ${FIGURES}: run npm run docs:performance.`);
    process.exit(1);
  }
} else {
  const areas = updatePerformanceDoc();
  console.log(`docs:performance: ${areas.length > 0 ? `${areas.join(", ")} from ${RUN}; ` : ""}wrote ${FIGURES} and ${PAGE}`);
}

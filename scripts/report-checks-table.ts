/**
 * The client report's checks in docs/standalone-server.md, written from the contract's table (src/contract/report-checks.ts)
 * between two markers: `npm run generate:report-checks-table` rewrites it; its test fails while the two differ.
 */
import { fileURLToPath } from "node:url";
import { reportCheckIds, reportChecks } from "../src/contract/report-checks";
import { cell, writeSection, type DocSection } from "./doc-section";

/** The table as markdown, one row per check in the contract's order. */
export function checksTable(): string {
  const rows = reportCheckIds.map((id) => {
    const { title, rule, source } = reportChecks[id];
    return `| \`${id}\` | ${cell(title)} | ${cell(rule)} | ${cell(source)} |`;
  });
  return ["| id | check | passes, fails, untested | source |", "|---|---|---|---|", ...rows].join("\n");
}

export const REPORT_CHECKS_SECTION: DocSection = {
  file: fileURLToPath(new URL("../docs/standalone-server.md", import.meta.url)),
  start: "<!-- report-checks-table: generated from src/contract/report-checks.ts by npm run generate:report-checks-table -->",
  end: "<!-- /report-checks-table -->",
  content: checksTable,
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeSection(REPORT_CHECKS_SECTION);
  console.log(`Wrote the client report's checks (${String(reportCheckIds.length)}) in ${REPORT_CHECKS_SECTION.file}`);
}

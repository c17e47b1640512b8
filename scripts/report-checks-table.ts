/**
 * The client report's checks in docs/standalone-server.md, written from the contract's table (src/contract/report-checks.ts)
 * between two markers: `npm run generate:report-checks-table` rewrites it; its test fails while the two differ.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { reportCheckIds, reportChecks } from "../src/contract/report-checks";

export const REPORT_DOC = fileURLToPath(new URL("../docs/standalone-server.md", import.meta.url));
const START = "<!-- report-checks-table: generated from src/contract/report-checks.ts by npm run generate:report-checks-table -->";
const END = "<!-- /report-checks-table -->";

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The table as markdown, one row per check in the contract's order. */
export function checksTable(): string {
  const rows = reportCheckIds.map((id) => {
    const { title, rule, source } = reportChecks[id];
    return `| \`${id}\` | ${cell(title)} | ${cell(rule)} | ${cell(source)} |`;
  });
  return ["| id | check | passes, fails, untested | source |", "|---|---|---|---|", ...rows].join("\n");
}

/** `doc` with the text between the markers replaced by the table; undefined when the markers are missing. */
export function withChecksTable(doc: string): string | undefined {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return `${doc.slice(0, start + START.length)}\n\n${checksTable()}\n\n${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = readFileSync(REPORT_DOC, "utf8");
  const written = withChecksTable(doc);
  if (written === undefined) throw new Error(`docs/standalone-server.md has no ${START} … ${END} markers.`);
  writeFileSync(REPORT_DOC, written);
  console.log(`Wrote the client report's checks (${String(reportCheckIds.length)}) in ${REPORT_DOC}`);
}

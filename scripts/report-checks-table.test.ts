import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { reportCheckIds } from "../src/contract/report-checks";
import { withSection } from "./doc-section";
import { REPORT_CHECKS_SECTION } from "./report-checks-table";

test("docs/standalone-server.md lists the client report's checks as the contract has them (npm run generate:report-checks-table)", () => {
  const doc = readFileSync(REPORT_CHECKS_SECTION.file, "utf8");
  expect(withSection(doc, REPORT_CHECKS_SECTION)).toBe(doc);
  for (const id of reportCheckIds) expect(doc).toContain(`| \`${id}\` |`);
});

import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { reportCheckIds } from "../src/contract/report-checks";
import { REPORT_DOC, withChecksTable } from "./report-checks-table";

test("docs/standalone-server.md lists the client report's checks as the contract has them (npm run generate:report-checks-table)", () => {
  const doc = readFileSync(REPORT_DOC, "utf8");
  expect(withChecksTable(doc)).toBe(doc);
  for (const id of reportCheckIds) expect(doc).toContain(`| \`${id}\` |`);
});

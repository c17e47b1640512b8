import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { signatureDiagnosisCodes } from "../src/contract/signature-diagnoses";
import { SIGNING_DOC, withTable } from "./signature-doctor-table";

test("docs/signing.md shows the signature doctor's table as the contract has it (npm run generate:signature-doctor-table)", () => {
  const doc = readFileSync(SIGNING_DOC, "utf8");
  expect(withTable(doc)).toBe(doc);
  for (const code of signatureDiagnosisCodes) expect(doc).toContain(`| \`${code}\` |`);
});

/**
 * The signature doctor's table in docs/signing.md, written from the contract's (src/contract/signature-diagnoses.ts)
 * between two markers: `npm run generate:signature-doctor-table` rewrites it; its test fails while the two differ.
 */
import { fileURLToPath } from "node:url";
import { signatureDiagnoses, signatureDiagnosisCodes } from "../src/contract/signature-diagnoses";
import { cell, withSection, writeSection, type DocSection } from "./doc-section";

export const SIGNING_DOC = fileURLToPath(new URL("../docs/signing.md", import.meta.url));

/** The table as markdown, one row per code in the contract's order. */
export function diagnosisTable(): string {
  const rows = signatureDiagnosisCodes.map((code) => {
    const { title, fix, source } = signatureDiagnoses[code];
    return `| \`${code}\` | ${cell(title)} | ${cell(fix)} | ${cell(source)} |`;
  });
  return ["| code | what was wrong | the fix | source |", "|---|---|---|---|", ...rows].join("\n");
}

const SECTION: DocSection = {
  file: SIGNING_DOC,
  start: "<!-- signature-doctor-table: generated from src/contract/signature-diagnoses.ts by npm run generate:signature-doctor-table -->",
  end: "<!-- /signature-doctor-table -->",
  content: diagnosisTable,
};

/** `doc` with the text between the markers replaced by the table; undefined when the markers are missing. */
export const withTable = (doc: string): string | undefined => withSection(doc, SECTION);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeSection(SECTION);
  console.log(`Wrote the signature doctor's table (${String(signatureDiagnosisCodes.length)} codes) in ${SIGNING_DOC}`);
}

/**
 * The signature doctor's table in docs/signing.md, written from the contract's (src/contract/signature-diagnoses.ts)
 * between two markers: `npm run generate:signature-doctor-table` rewrites it; its test fails while the two differ.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { signatureDiagnoses, signatureDiagnosisCodes } from "../src/contract/signature-diagnoses";

export const SIGNING_DOC = fileURLToPath(new URL("../docs/signing.md", import.meta.url));
const START = "<!-- signature-doctor-table: generated from src/contract/signature-diagnoses.ts by npm run generate:signature-doctor-table -->";
const END = "<!-- /signature-doctor-table -->";

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The table as markdown, one row per code in the contract's order. */
export function diagnosisTable(): string {
  const rows = signatureDiagnosisCodes.map((code) => {
    const { title, fix, source } = signatureDiagnoses[code];
    return `| \`${code}\` | ${cell(title)} | ${cell(fix)} | ${cell(source)} |`;
  });
  return ["| code | what was wrong | the fix | source |", "|---|---|---|---|", ...rows].join("\n");
}

/** `doc` with the text between the markers replaced by the table; undefined when the markers are missing. */
export function withTable(doc: string): string | undefined {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return `${doc.slice(0, start + START.length)}\n\n${diagnosisTable()}\n\n${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = readFileSync(SIGNING_DOC, "utf8");
  const written = withTable(doc);
  if (written === undefined) throw new Error(`docs/signing.md has no ${START} … ${END} markers.`);
  writeFileSync(SIGNING_DOC, written);
  console.log(`Wrote the signature doctor's table (${String(signatureDiagnosisCodes.length)} codes) in ${SIGNING_DOC}`);
}

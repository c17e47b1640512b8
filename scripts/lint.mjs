#!/usr/bin/env node
// ESLint over the repository (the same files `eslint .` lints), printed with the "stylish"
// formatter for humans, plus a JSON summary for scripts/test-all.mjs.
//
// Counting: one check per linted file; a file with at least one error (including a parse
// error) is failed; warnings are reported but do not fail.
//
// Usage: node scripts/lint.mjs [--json .reports/eslint.json] [--concurrency N]
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const jsonIndex = args.indexOf("--json");
const jsonOut = jsonIndex >= 0 ? args[jsonIndex + 1] : undefined;

const concurrencyIndex = args.indexOf("--concurrency");
// Two workers alone on the machine: type-aware rules make each file's lint CPU-bound, and the CI machine has two
// cores. But each worker builds its own TypeScript program (about a third more CPU in all), so scripts/test-all.mjs,
// which runs other suites beside this one, asks for one (decision 0060).
const concurrency = concurrencyIndex >= 0 ? Number(args[concurrencyIndex + 1]) : 2;

console.log("eslint: linting the repository ...");
const eslint = new ESLint({ cwd: root, concurrency: concurrency > 1 ? concurrency : "off" });
const results = await eslint.lintFiles(["."]);
const formatter = await eslint.loadFormatter("stylish");
const text = await formatter.format(results, { cwd: root, rulesMeta: eslint.getRulesMetaForResults(results) });
if (text) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);

const failed = results.filter((r) => r.errorCount > 0 || r.fatalErrorCount > 0);
const warnings = results.reduce((sum, r) => sum + r.warningCount, 0);
const summary = {
  files: results.length,
  passed: results.length - failed.length,
  failed: failed.length,
  warnings,
  errors: results.reduce((sum, r) => sum + r.errorCount, 0),
  failedFiles: failed.map((r) => relative(root, r.filePath)),
};
console.log(
  `eslint: ${String(summary.files)} files linted, ${String(summary.failed)} with errors (${String(summary.errors)} errors), ${String(warnings)} warnings`,
);
if (jsonOut) {
  mkdirSync(dirname(resolve(jsonOut)), { recursive: true });
  writeFileSync(jsonOut, `${JSON.stringify(summary, null, 2)}\n`);
}
process.exitCode = failed.length > 0 ? 1 : 0;

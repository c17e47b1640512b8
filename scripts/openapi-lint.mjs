#!/usr/bin/env node
// The "openapi" suite of npm test: the document generated from the contract (as dist/openapi.json
// has it), linted by Spectral (spectral:oas, .spectral.yaml) and Redocly (recommended,
// redocly.yaml). One check per linter, passed with 0 errors and 0 warnings; Spectral's info and
// hint results are listed but do not fail. A rule is turned off only in those files, with its reason.
//
//   node scripts/openapi-lint.mjs [--json report.json]
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const document = join(root, ".reports", "openapi.json");

function bin(pkg, name) {
  const manifestPath = require.resolve(`${pkg}/package.json`, { paths: [root] });
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  return join(dirname(manifestPath), typeof manifest.bin === "string" ? manifest.bin : manifest.bin[name]);
}

/** Runs a Node CLI; its stdout is the linter's JSON, its stderr passes through. */
function runNode(args) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
    // No network here, and none needed: no telemetry, no update check.
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
  });
  return { code: result.status ?? 1, stdout: result.stdout ?? "", error: result.error };
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const SPECTRAL_SEVERITY = ["error", "warning", "info", "hint"];

function spectral() {
  const output = join(root, ".reports", "spectral.json");
  rmSync(output, { force: true });
  const run = runNode([
    bin("@stoplight/spectral-cli", "spectral"),
    "lint",
    document,
    "--ruleset",
    join(root, ".spectral.yaml"),
    "-f",
    "json",
    "-o",
    output,
    "--fail-severity=hint",
  ]);
  const results = parse(existsSync(output) ? readFileSync(output, "utf8") : "");
  if (!Array.isArray(results)) return { name: "spectral", crashed: `no JSON report (exit ${String(run.code)})`, problems: [] };
  return {
    name: "spectral",
    problems: results.map((r) => ({ severity: SPECTRAL_SEVERITY[r.severity] ?? "error", rule: r.code, where: r.path.join("."), message: r.message })),
  };
}

function redocly() {
  const run = runNode([bin("@redocly/cli", "redocly"), "lint", document, "--config", join(root, "redocly.yaml"), "--format", "json"]);
  const report = parse(run.stdout);
  if (!report || !Array.isArray(report.problems)) return { name: "redocly", crashed: `no JSON report (exit ${String(run.code)})`, problems: [] };
  return {
    name: "redocly",
    problems: report.problems.map((p) => ({
      severity: p.severity === "warn" ? "warning" : p.severity,
      rule: p.ruleId,
      where: p.location?.[0]?.pointer ?? "",
      message: p.message,
    })),
  };
}

const jsonIndex = process.argv.indexOf("--json");
const reportPath = jsonIndex < 0 ? undefined : process.argv[jsonIndex + 1];

const written = runNode([bin("tsx", "tsx"), join(root, "scripts/write-openapi.ts"), document]);
const checks =
  written.code !== 0 ? [{ name: "document", crashed: "the document could not be generated from the contract", problems: [] }] : [spectral(), redocly()];

for (const check of checks) {
  const count = (severity) => check.problems.filter((p) => p.severity === severity).length;
  check.errors = count("error");
  check.warnings = count("warning");
  check.passed = !check.crashed && check.errors === 0 && check.warnings === 0;
  for (const p of check.problems) console.log(`${check.name}: ${p.severity} ${p.rule} at ${p.where}: ${p.message}`);
  console.log(
    `${check.name}: ${check.crashed ?? `${String(check.errors)} errors, ${String(check.warnings)} warnings, ${String(check.problems.length - check.errors - check.warnings)} other`}` +
      (check.passed ? "" : " (failed)"),
  );
}
if (reportPath) writeFileSync(reportPath, JSON.stringify({ checks }, null, 2));
process.exit(checks.every((check) => check.passed) ? 0 : 1);

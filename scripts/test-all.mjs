#!/usr/bin/env node
// Runs every suite, up to three at once (--jobs; see "Order" below), shows each suite's own output whole
// (a suite running alone streams it), then prints a per-suite table and, as the very last line,
// `N passed, N failed` (`, N skipped` only when some were skipped). Exit code 1 when anything failed.
//
// Suites and how they count (one "check" = one unit in the final line):
//   eslint  one check per linted file; a file with an error is failed (warnings do not fail)
//   tsc     one check: `tsc --noEmit`; failed on any error
//   prettier one check: `prettier --check .` (what .prettierignore leaves); failed when any file is not formatted
//   vitest  one check per test, from Vitest's JSON report; skipped/todo tests are skipped;
//           a test file that fails without a failed test (e.g. it does not import) adds 1 failed
//   postgres one check per test of the PostgreSQL suite (vitest.postgres.config.ts: the store's
//           shared suites and *.postgres.test.ts on a throwaway cluster), after
//           scripts/ensure-postgres.mjs installed Debian's PostgreSQL if it was missing; PostgreSQL
//           missing adds 1 failed (and the suite fails to start its cluster, saying why)
//   openapi one check per linter (Spectral spectral:oas, Redocly recommended) of the document
//           generated from the contract (scripts/openapi-lint.mjs): passed with 0 errors and 0 warnings
//   snippets one check per test of the generated code snippets run with their real runtimes
//           (vitest.snippets.config.ts), after scripts/ensure-runtimes.mjs installed what was
//           missing; a runtime it could not install adds 1 failed (and its tests fail too)
//   native  one check: better-sqlite3's native module built (`npm test` installs without it and builds it here, beside
//           the first suites; a moment when it is there). It comes with the suites that need it: vitest, postgres,
//           snippets, package, e2e
//   build   one check: `vite build`
//   bundle  one check per budget (first-screen JS, all JS), from scripts/check-bundle.mjs
//   package one check per test of vitest.package.config.ts: the project packed (the build's dist/ and a fresh
//           server build), installed into an empty folder and used as psd2-sandbox (issue 29)
//   e2e     one check per Playwright test, from its JSON reports: expected and flaky (passed on
//           retry) are passed, unexpected are failed, skipped are skipped; errors outside tests
//           (web server, config) add 1 failed. Two runs: the "chromium" project beside the other
//           suites, then the "performance" project (first-screen timings) alone, after all of them
// Crash rules: a suite that leaves no report counts 1 failed; a suite whose exit code is
// non-zero while its report shows no failure gets 1 failed added; a suite that exceeds its
// time limit is killed and counts 1 failed.
// Time limits (docs/decisions/0020): each suite's limit is several times its normal time on a
// 2-core machine, so a machine three times slower or busy with other work still passes; and the
// whole run ends within --budget minutes (default 85, under CI's 90), so its last line is always
// printed: a suite never gets more than what is left of the budget. If `vite build` fails, bundle and e2e are not
// run (1 skipped each) so they never judge a stale dist/.
//
// Options: --only a,b  run only these suites;  --skip a,b  run all but these;
//          --budget N  minutes for the whole run (default 85);
//          --jobs N    suites at once (default 3; 1 runs them one after another, as before decision 0060).
// Suite names: native, eslint, tsc, prettier, vitest, postgres, openapi, snippets, build, bundle, package, e2e.
import { AsyncLocalStorage } from "node:async_hooks";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { NATIVE_PACKAGE, nativeBinding, npmCommand } from "./ensure-deps.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const reports = join(root, ".reports");
const require = createRequire(import.meta.url);
const node = process.execPath;
const tty = Boolean(process.stdout.isTTY);

/** Absolute path of a package's bin script (no npx, no PATH lookups). */
function bin(pkg, name) {
  const manifestPath = require.resolve(`${pkg}/package.json`, { paths: [root] });
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const entry = typeof manifest.bin === "string" ? manifest.bin : manifest.bin[name];
  return join(dirname(manifestPath), entry);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

const children = new Set(); // the running children, so a signal can stop their whole process groups

// ---------------------------------------------------------------------------------------------
// Output. Suites run at once (see "Order" below), so their output would interleave: each suite writes
// into a buffer of its own, and the screen shows one suite at a time. A suite that runs alone goes
// straight through (live); the others' output is printed whole, under its header, when they end and
// no live suite is writing.
// ---------------------------------------------------------------------------------------------
const screen = { live: null, running: new Set(), ended: [] };
const suiteOf = new AsyncLocalStorage();

class SuiteOutput {
  constructor(name) {
    this.name = name;
    this.chunks = [];
  }
  write(stream, chunk) {
    if (screen.live === this) stream.write(chunk);
    else this.chunks.push([stream, chunk]);
  }
  flush() {
    process.stdout.write(`\n━━━ ${this.name} ${"━".repeat(Math.max(0, 60 - this.name.length))}\n`);
    for (const [stream, chunk] of this.chunks) stream.write(chunk);
    this.chunks = [];
  }
}

/** A line of test-all's own about the suite being run (into its output, like its commands' lines). */
function say(line) {
  const output = suiteOf.getStore();
  if (output) output.write(process.stdout, `${line}\n`);
  else console.log(line);
}

function promote(output) {
  screen.live = output;
  output.flush();
}

function begin(output) {
  screen.running.add(output);
  if (!screen.live && screen.running.size === 1) promote(output);
  else if (!screen.live) console.log(`test-all: ${output.name} started; its output follows when it ends`);
}

function end(output) {
  screen.running.delete(output);
  if (screen.live === output) screen.live = null;
  else screen.ended.push(output);
  if (screen.live) return;
  for (const ended of screen.ended.splice(0)) ended.flush();
  if (screen.running.size === 1) promote([...screen.running][0]);
}

/** Whether `port` can be listened on at 127.0.0.1 right now. */
function isFree(port) {
  return new Promise((resolvePromise) => {
    const probe = createServer();
    probe.once("error", () => resolvePromise(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolvePromise(true)));
  });
}

/** A port for the e2e preview, free with the one settings.spec adds to it (+19, a port nothing listens on). */
async function e2ePort() {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    const all = await Promise.all([0, 19].map((offset) => isFree(port + offset)));
    if (all.every(Boolean)) return port;
  }
  return 4173;
}

/** Runs a command, its output into the suite's (see "Output"); resolves with its exit status and, with `capture`, its output. */
function run(command, args, { timeoutMs, capture = false, env = {} } = {}) {
  const sink = suiteOf.getStore();
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...(tty && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {}), ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: process.platform !== "win32", // own process group: a timeout kills it all
    });
    children.add(child);
    let output = "";
    const forward = (stream) => (chunk) => {
      if (capture) output += chunk;
      if (sink) sink.write(stream, chunk);
      else stream.write(chunk);
    };
    child.stdout.on("data", forward(process.stdout));
    child.stderr.on("data", forward(process.stderr));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      say(`\ntest-all: ${command} ${args.join(" ")} exceeded ${String(timeoutMs / 1000)}s; stopping it`);
      kill(child, "SIGTERM");
      setTimeout(() => kill(child, "SIGKILL"), 5000).unref();
    }, timeoutMs);
    child.on("error", (error) => {
      output += String(error);
      say(`test-all: could not start ${command}: ${error.message}`);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolvePromise({ code: code ?? (signal ? 128 : 1), signal, timedOut, timeoutMs, output });
    });
  });
}

function kill(child, signal) {
  try {
    if (process.platform !== "win32" && child.pid) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // already gone
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) kill(child, signal);
    console.error(`\ntest-all: interrupted (${signal})`);
    process.exit(130);
  });
}

/** Applies the crash rules to a suite result. */
function settle(result, status) {
  const { code, timedOut } = status;
  const out = { ...result };
  if (timedOut) {
    out.failed += 1;
    out.notes.push(`timed out after ${String(Math.round(status.timeoutMs / 1000))} s`);
  } else if (code !== 0 && out.failed === 0) {
    out.failed += 1;
    out.notes.push(`exit ${String(code)} without a failure in its report`);
  }
  return out;
}

const blank = () => ({ passed: 0, failed: 0, skipped: 0, notes: [] });

/** A suite that left no report: 1 failed. */
function noReport({ code, timedOut }) {
  return { ...blank(), failed: 1, notes: [timedOut ? "timed out, no report" : `crashed: no report (exit ${String(code)})`] };
}
const MIN = 60_000;

/** Limits per suite: normal time alone on the 2-core machine in the comment, the limit well above it (with other suites beside it, a suite takes up to about twice as long). */
const LIMITS = {
  eslint: 10 * MIN, // ~1 min
  tsc: 8 * MIN, // ~30 s
  prettier: 5 * MIN, // ~15 s
  vitest: 20 * MIN, // ~2-3 min
  "postgres-install": 15 * MIN, // ~0 s when installed; apt-get install of postgresql otherwise (~1 min)
  postgres: 10 * MIN, // ~70 s quiet alone, ~150 s at load 10 (cluster start ~2 s, 103 tests; two of them start real server processes)
  openapi: 5 * MIN, // ~20 s (generating the document, then both linters)
  runtimes: 15 * MIN, // ~0 s when installed; apt-get install of a JDK and Go otherwise (~1-3 min)
  snippets: 12 * MIN, // ~2.5-3 min (26 runs, Java and Go compile each time; newman and playwright test of the exports ~1 min)
  build: 8 * MIN, // ~30 s
  bundle: 3 * MIN, // ~1 s
  package: 6 * MIN, // ~45 s at load 18 (pack, an offline install, a server, Chromium, 25 runs of the command)
  chromium: 15 * MIN, // ~0 s when installed; apt-get install otherwise
  native: 10 * MIN, // ~0 s when built; ~70 s on one core compiling better-sqlite3 otherwise
  e2e: 40 * MIN, // ~5-8 min
};

const jobsIndex = process.argv.indexOf("--jobs");
const jobs = jobsIndex < 0 ? 3 : Number(process.argv[jobsIndex + 1]);
if (!(Number.isInteger(jobs) && jobs > 0)) {
  console.error("test-all: --jobs takes a whole number of suites to run at once, such as --jobs 3");
  process.exit(2);
}
const budgetIndex = process.argv.indexOf("--budget");
const budgetMinutes = budgetIndex < 0 ? 85 : Number(process.argv[budgetIndex + 1]);
if (!(budgetMinutes > 0)) {
  console.error("test-all: --budget takes a number of minutes, such as --budget 85");
  process.exit(2);
}
const runStarted = performance.now();
/** Beside other suites a suite gets about half the machine (or less, with other work on it): its limit doubles. */
const shared = jobs > 1 ? 2 : 1;
/** A suite's limit: its own, or what is left of the run's budget (less a minute for the summary), whichever is less. */
const limit = (name) => Math.max(MIN / 2, Math.min(shared * LIMITS[name], budgetMinutes * MIN - (performance.now() - runStarted) - MIN));

/** Vitest with a JSON report: its exit status, the report, and the counts read from it. */
async function runVitest(reportName, extraArgs, suite) {
  const report = join(reports, reportName);
  const args = [bin("vitest", "vitest"), "run", ...extraArgs, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  const status = await run(node, args, { timeoutMs: limit(suite) });
  const data = readJson(report);
  const result = data && {
    passed: data.numPassedTests ?? 0,
    failed: data.numFailedTests ?? 0,
    skipped: (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0),
    notes: [],
  };
  return { data, status, result };
}

const suites = [
  {
    // better-sqlite3's native module, which `npm test` leaves out of its install (scripts/ensure-deps.mjs --native-later):
    // compiled here beside the suites that do not need it, instead of before all of them on one core (decision 0063).
    name: "native",
    async run() {
      if (existsSync(nativeBinding)) return { passed: 1, failed: 0, skipped: 0, notes: [`${NATIVE_PACKAGE} already built`] };
      say(`test-all: building ${NATIVE_PACKAGE}'s native module (npm rebuild ${NATIVE_PACKAGE}) beside the first suites ...`);
      const [command, args] = npmCommand(["rebuild", NATIVE_PACKAGE]);
      const status = await run(command, args, { timeoutMs: limit("native") });
      const ok = status.code === 0 && !status.timedOut && existsSync(nativeBinding);
      return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, notes: status.timedOut ? ["timed out"] : ok ? [`${NATIVE_PACKAGE} built`] : [] };
    },
  },
  {
    name: "eslint",
    async run() {
      const report = join(reports, "eslint.json");
      // One thread when other suites run beside it: each thread builds its own TypeScript program (decision 0060).
      const threads = jobs > 1 ? ["--concurrency", "1"] : [];
      const status = await run(node, [join(root, "scripts/lint.mjs"), "--json", report, ...threads], { timeoutMs: limit("eslint") });
      const data = readJson(report);
      if (!data) return noReport(status);
      const notes = [`${String(data.files)} files`];
      if (data.failed) notes.push(`${String(data.errors)} errors`);
      if (data.warnings) notes.push(`${String(data.warnings)} warnings`);
      return settle({ passed: data.passed, failed: data.failed, skipped: 0, notes }, status);
    },
  },
  {
    name: "tsc",
    async run() {
      const args = [bin("typescript", "tsc"), "--noEmit", "-p", "tsconfig.json", "--pretty", String(tty)];
      const status = await run(node, args, { timeoutMs: limit("tsc"), capture: true });
      const errors = (status.output.match(/error TS\d+/g) ?? []).length;
      const ok = status.code === 0;
      const notes = ok ? [] : [errors ? `${String(errors)} errors` : `exit ${String(status.code)}`];
      if (ok) say("tsc: no type errors");
      return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, notes: status.timedOut ? ["timed out"] : notes };
    },
  },
  {
    name: "prettier",
    async run() {
      const status = await run(node, [bin("prettier", "prettier"), "--check", "."], { timeoutMs: limit("prettier"), capture: true });
      const unformatted = (status.output.match(/^\[warn\] (?!Code style)/gm) ?? []).length;
      const ok = status.code === 0;
      const notes = ok ? [] : [unformatted ? `${String(unformatted)} files not formatted: npm run format` : `exit ${String(status.code)}`];
      return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, notes: status.timedOut ? ["timed out"] : notes };
    },
  },
  {
    name: "vitest",
    after: ["native"],
    async run() {
      const { data, status, result } = await runVitest("vitest.json", [], "vitest");
      if (!data) return noReport(status);
      result.notes.push(`${String(data.testResults?.length ?? 0)} files`);
      for (const file of data.testResults ?? []) {
        const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed").length;
        if (file.status === "failed" && failedTests === 0) {
          result.failed += 1;
          result.notes.push(`${file.name.replace(`${root}/`, "")} failed to run`);
        }
      }
      return settle(result, status);
    },
  },
  {
    name: "postgres",
    after: ["native"],
    async run() {
      const installed = await run(node, [join(root, "scripts/ensure-postgres.mjs")], { timeoutMs: limit("postgres-install") });
      const { data, status, result } = await runVitest("postgres.json", ["--config", "vitest.postgres.config.ts"], "postgres");
      if (!data) return noReport(status);
      if (installed.code !== 0) {
        result.failed += 1;
        result.notes.push("PostgreSQL missing (see ensure-postgres above)");
      }
      return settle(result, status);
    },
  },
  {
    name: "openapi",
    async run() {
      const report = join(reports, "openapi-lint.json");
      const status = await run(node, [join(root, "scripts/openapi-lint.mjs"), "--json", report], { timeoutMs: limit("openapi") });
      const data = readJson(report);
      if (!data) return noReport(status);
      const passed = data.checks.filter((check) => check.passed).length;
      const notes = data.checks.map((check) => check.crashed ?? `${check.name} ${String(check.errors)} errors ${String(check.warnings)} warnings`);
      return settle({ passed, failed: data.checks.length - passed, skipped: 0, notes }, status);
    },
  },
  {
    name: "snippets",
    after: ["native"],
    async run() {
      const installed = await run(node, [join(root, "scripts/ensure-runtimes.mjs")], { timeoutMs: limit("runtimes") });
      const { data, status, result } = await runVitest("snippets.json", ["--config", "vitest.snippets.config.ts"], "snippets");
      if (!data) return noReport(status);
      // Said in the summary as well as above: a runtime missing is a failure, never a silent skip.
      if (installed.code !== 0) {
        result.failed += 1;
        result.notes.push("runtimes missing (see ensure-runtimes above)");
      }
      return settle(result, status);
    },
  },
  {
    name: "build",
    async run() {
      // --manifest: dist/.vite/manifest.json lets check-bundle follow static imports exactly.
      const status = await run(node, [bin("vite", "vite"), "build", "--manifest"], { timeoutMs: limit("build") });
      const ok = status.code === 0 && !status.timedOut;
      return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, notes: status.timedOut ? ["timed out"] : [] };
    },
  },
  {
    name: "bundle",
    needsBuild: true,
    async run() {
      const report = join(reports, "bundle.json");
      const status = await run(node, [join(root, "scripts/check-bundle.mjs"), "--json", report], { timeoutMs: limit("bundle") });
      const data = readJson(report);
      if (!data) return noReport(status);
      const passed = data.checks.filter((c) => c.ok).length;
      const notes = data.checks.map((c) => `${c.name} ${c.kib.toFixed(1)}/${String(c.budgetKiB)} KiB`);
      return settle({ passed, failed: data.checks.length - passed, skipped: 0, notes }, status);
    },
  },
  {
    name: "package",
    needsBuild: true,
    // Both build build/server/ (vitest through `npm run sandbox`): one after the other, never at the same moment.
    after: ["native", "vitest"],
    async run() {
      const { data, status, result } = await runVitest("package-suite.json", ["--config", "vitest.package.config.ts"], "package");
      if (!data) return noReport(status);
      return settle(result, status);
    },
  },
  {
    name: "e2e",
    needsBuild: true,
    // The specs that drive a sandbox server start one (better-sqlite3).
    after: ["native"],
    async run() {
      const browser = await run(node, [join(root, "scripts/ensure-chromium.mjs")], { timeoutMs: limit("chromium") });
      if (browser.code !== 0) return { ...blank(), failed: 1, notes: ["no Chromium (see ensure-chromium above)"] };
      return playwright("chromium", "playwright.json");
    },
    // The first screens' timings (e2e/performance.spec.ts), with nothing else of the run on the machine.
    async alone(result) {
      if (result.notes.includes("no Chromium (see ensure-chromium above)")) return result;
      const timings = await playwright("performance", "playwright-performance.json");
      return {
        passed: result.passed + timings.passed,
        failed: result.failed + timings.failed,
        skipped: result.skipped + timings.skipped,
        notes: [...result.notes, ...timings.notes.map((note) => `performance: ${note}`)],
      };
    },
  },
];

/** "suite: file › test: first line of its error" for every failed test in the reports this run wrote. */
function failedTests() {
  const firstLine = (text) =>
    stripVTControlCharacters(String(text ?? ""))
      .trim()
      .split("\n")[0]
      .slice(0, 240);
  const lines = [];
  for (const [suite, file] of [
    ["vitest", "vitest.json"],
    ["postgres", "postgres.json"],
    ["snippets", "snippets.json"],
    ["package", "package-suite.json"],
  ]) {
    for (const testFile of readJson(join(reports, file))?.testResults ?? []) {
      for (const test of testFile.assertionResults ?? []) {
        if (test.status !== "failed") continue;
        lines.push(`${suite}: ${relative(root, testFile.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
    }
  }
  for (const file of ["playwright.json", "playwright-performance.json"]) {
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== "unexpected") continue;
          const error = test.results?.find((r) => r.error)?.error;
          lines.push(`e2e: ${spec.file}:${String(spec.line)} › ${spec.title}: ${firstLine(error?.message)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of readJson(join(reports, file))?.suites ?? []) walk(suite);
  }
  return lines;
}

/** One Playwright project (playwright.config.ts) on a preview of its own; its counts from its JSON report. */
async function playwright(project, reportName) {
  const report = join(reports, reportName);
  // A port of its own, and a preview of its own: a server someone left on 4173 (another checkout, a
  // `vite preview`) is never tested instead of this build, and cannot vanish under the run.
  const port = process.env.E2E_PORT ?? String(await e2ePort());
  // --no-deps: the performance project depends on the chromium one, which has run by then.
  const status = await run(node, [bin("@playwright/test", "playwright"), "test", `--project=${project}`, "--no-deps"], {
    timeoutMs: limit("e2e"),
    // Each project its own output folder: Playwright empties it at the start, and the timings run after the rest
    // would otherwise wipe a failed test's screenshot, trace and error context.
    env: { E2E_PORT: port, E2E_OWN_SERVER: "1", E2E_JSON_REPORT: report, E2E_OUTPUT: join("test-results", project) },
  });
  const data = readJson(report);
  if (!data?.stats) return noReport(status);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = data.stats;
  const result = { passed: expected + flaky, failed: unexpected, skipped, notes: [] };
  if (flaky) result.notes.push(`${String(flaky)} flaky (passed on retry)`);
  if ((data.errors?.length ?? 0) > 0) {
    result.notes.push(`${String(data.errors.length)} errors outside tests`);
    if (result.failed === 0) result.failed = 1;
  }
  return settle(result, status);
}

function parseList(flag) {
  const index = process.argv.indexOf(flag);
  if (index < 0) return null;
  const names = (process.argv[index + 1] ?? "").split(",").filter(Boolean);
  const unknown = names.filter((name) => !suites.some((suite) => suite.name === name));
  if (unknown.length) {
    console.error(`test-all: unknown suite(s) ${unknown.join(", ")}; known: ${suites.map((s) => s.name).join(", ")}`);
    process.exit(2);
  }
  return names;
}

const only = parseList("--only");
const skip = parseList("--skip") ?? [];
const chosen = (name) => (only ? only.includes(name) : true) && !skip.includes(name);
// "native" comes with any suite that needs it, unless skipped by name: it is a moment's check when the module is built.
const selected = suites.filter(
  (suite) =>
    chosen(suite.name) ||
    (suite.name === "native" && !skip.includes("native") && suites.some((other) => chosen(other.name) && other.after?.includes("native"))),
);

mkdirSync(reports, { recursive: true });
for (const file of [
  "eslint.json",
  "vitest.json",
  "postgres.json",
  "openapi-lint.json",
  "snippets.json",
  "bundle.json",
  "package-suite.json",
  "playwright.json",
  "playwright-performance.json",
]) {
  rmSync(join(reports, file), { force: true }); // a stale report must never count
}

// ---------------------------------------------------------------------------------------------
// Order. Up to --jobs suites (default 3) run at once: on two cores, one suite alone leaves a core
// idle much of the time (eslint and tsc are one thread each, e2e waits on its browsers). The longest,
// e2e, starts as soon as the build is there; the others follow in START_ORDER. What must be alone
// (e2e's first-screen timings) runs after everything else (docs/decisions/0060).
// ---------------------------------------------------------------------------------------------
const START_ORDER = ["native", "build", "e2e", "eslint", "tsc", "prettier", "vitest", "postgres", "openapi", "snippets", "bundle", "package"];
const waiting = [...selected].sort((a, b) => START_ORDER.indexOf(a.name) - START_ORDER.indexOf(b.name));
const build = selected.find((suite) => suite.name === "build");
const finished = new Map(); // suite name → its result
const seconds = new Map();
let buildFailed = false;
const started = performance.now();

/** Runs one suite (in its own output) and records its result. */
async function runSuite(suite, step = (s) => s.run()) {
  const output = new SuiteOutput(suite.name);
  begin(output);
  const t0 = performance.now();
  let result;
  try {
    result = await suiteOf.run(output, () => step(suite));
  } catch (error) {
    output.write(process.stderr, `test-all: ${suite.name} crashed: ${error instanceof Error ? error.stack : String(error)}\n`);
    result = { ...blank(), failed: 1, notes: ["crashed in test-all"] };
  }
  end(output);
  seconds.set(suite.name, (seconds.get(suite.name) ?? 0) + (performance.now() - t0) / 1000);
  return result;
}

const selectedNames = new Set(selected.map((suite) => suite.name));
const ready = (suite) =>
  (!suite.needsBuild || !build || finished.has("build")) && (suite.after ?? []).every((name) => !selectedNames.has(name) || finished.has(name));
await new Promise((allDone) => {
  let running = 0;
  const next = () => {
    while (running < jobs) {
      const index = waiting.findIndex(ready);
      if (index < 0) break;
      const [suite] = waiting.splice(index, 1);
      if (suite.needsBuild && buildFailed) {
        finished.set(suite.name, { ...blank(), skipped: 1, notes: ["not run: build failed"] });
        console.log(`test-all: ${suite.name} not run because the build failed`);
        continue;
      }
      running += 1;
      void runSuite(suite).then((result) => {
        if (suite.name === "build" && result.failed > 0) buildFailed = true;
        finished.set(suite.name, result);
        running -= 1;
        next();
      });
    }
    if (waiting.length === 0 && running === 0) allDone();
  };
  next();
});
for (const suite of selected.filter((s) => s.alone && !finished.get(s.name)?.notes.includes("not run: build failed"))) {
  finished.set(suite.name, await runSuite(suite, (s) => s.alone(finished.get(s.name))));
}
const results = selected.map((suite) => ({ name: suite.name, seconds: seconds.get(suite.name) ?? 0, ...finished.get(suite.name) }));

const totals = results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});

// The failed tests by name, just above the summary: a CI log is often read from its end only.
const failures = failedTests();
if (failures.length) {
  console.log("\nfailed tests:");
  for (const line of failures.slice(0, 30)) console.log(`  ${line}`);
  if (failures.length > 30) console.log(`  … and ${String(failures.length - 30)} more (see each suite's output above)`);
}

const rows = [
  ["suite", "result", "passed", "failed", "skipped", "time", "notes"],
  ...results.map((r) => [
    r.name,
    r.failed > 0 ? "FAIL" : r.passed > 0 ? "ok" : "skipped",
    String(r.passed),
    String(r.failed),
    String(r.skipped),
    `${r.seconds.toFixed(1)}s`,
    r.notes.join("; "),
  ]),
];
const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
const numeric = new Set([2, 3, 4, 5]);
console.log("");
for (const row of rows) {
  const cells = row.map((cell, col) => (col === row.length - 1 ? cell : numeric.has(col) ? cell.padStart(widths[col]) : cell.padEnd(widths[col])));
  console.log(cells.join("  ").trimEnd());
}
console.log(`total time ${((performance.now() - started) / 1000).toFixed(1)}s`);

const last = `${String(totals.passed)} passed, ${String(totals.failed)} failed${totals.skipped > 0 ? `, ${String(totals.skipped)} skipped` : ""}`;
console.log(last);
process.exitCode = totals.failed > 0 ? 1 : 0;

#!/usr/bin/env node
// Installs the locked dependencies when they are missing or stale, and is silent otherwise.
// Plain Node with no dependencies: it runs before node_modules exists.
//
// "Stale" means package-lock.json is newer than node_modules/.package-lock.json, the file
// npm writes after every install (`npm ci` and `npm install` both refresh it), and names other
// packages: a checkout or a copy leaves the lock newer than an install that matches it, and an
// `npm ci` then would only waste minutes (and, started by a test's `npm run` during a test run,
// pull node_modules from under the run). A matching install has its timestamp brought up to date.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, utimesSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const lockFile = join(root, "package-lock.json");
const modules = join(root, "node_modules");
const installedLock = join(modules, ".package-lock.json");

/**
 * better-sqlite3's compiled module. Where npm cannot fetch a prebuilt one it is compiled from source: about 70 s on one
 * core, most of a fresh install. `--native-later` (what `npm test` passes) installs without it, so the test run builds
 * it beside its first suites (scripts/test-all.mjs, suite "native"; decision 0063); without the flag a missing one is
 * built here, so `npm start` and `npm run sandbox` after an interrupted test run still find it.
 */
export const NATIVE_PACKAGE = "better-sqlite3";
export const nativeBinding = join(modules, NATIVE_PACKAGE, "build", "Release", "better_sqlite3.node");

/** npm with these arguments: under `npm run`/`npm test` npm_execpath is npm's own CLI, run with this Node (works on every platform); else the npm on PATH. */
export function npmCommand(args) {
  const npmCli = process.env.npm_execpath;
  return npmCli && /npm-cli\.js$/.test(npmCli) ? [process.execPath, [npmCli, ...args]] : ["npm", args];
}

/**
 * Whether the installed packages (npm's hidden lockfile) are the ones the lock names: every package of
 * the lock at its version and integrity, but optional ones (another platform's builds) that npm left out,
 * and nothing else.
 */
export function installMatchesLock(lock, installed) {
  const locked = lock?.packages ?? {};
  const present = installed?.packages ?? {};
  for (const [path, entry] of Object.entries(locked)) {
    if (path === "") continue;
    const found = present[path];
    if (found === undefined) {
      if (entry.optional === true) continue;
      return false;
    }
    if (found.version !== entry.version || found.integrity !== entry.integrity) return false;
  }
  return Object.keys(present).every((path) => path in locked);
}

const readJson = (path) => {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
};

function reason() {
  if (!existsSync(modules)) return "node_modules is missing";
  if (!existsSync(installedLock)) return "node_modules/.package-lock.json is missing";
  if (existsSync(lockFile) && statSync(lockFile).mtimeMs > statSync(installedLock).mtimeMs) {
    if (!installMatchesLock(readJson(lockFile), readJson(installedLock))) return "package-lock.json names other packages than node_modules holds";
    const now = new Date();
    utimesSync(installedLock, now, now);
  }
  return null;
}

/** Runs npm in the project, its output passed through; exits this process, saying what failed, when npm fails. */
function npm(args, what) {
  const [command, commandArgs] = npmCommand(args);
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: "inherit", shell: process.platform === "win32" && command === "npm" });
  if (result.error) {
    console.error(`ensure-deps: could not start npm: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`ensure-deps: ${what} failed (exit ${String(result.status ?? result.signal)}).`);
    process.exit(result.status ?? 1);
  }
}

/** The packages of the lock with install scripts, but the native one. */
function scriptedPackages() {
  const locked = readJson(lockFile)?.packages ?? {};
  return Object.entries(locked)
    .filter(([path, entry]) => path.startsWith("node_modules/") && entry.hasInstallScript === true && path !== `node_modules/${NATIVE_PACKAGE}`)
    .map(([path]) => path.slice("node_modules/".length));
}

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const nativeLater = process.argv.includes("--native-later");
  const why = reason();
  if (why !== null) {
    if (!existsSync(lockFile)) {
      console.error("ensure-deps: package-lock.json is missing, so `npm ci` cannot run; run `npm install` once.");
      process.exit(1);
    }
    if (nativeLater) {
      console.log(`ensure-deps: ${why}; running npm ci, ${NATIVE_PACKAGE}'s native module left for the test run to build ...`);
      npm(["ci", "--no-audit", "--no-fund", "--ignore-scripts"], "npm ci");
      const scripted = scriptedPackages();
      if (scripted.length > 0) npm(["rebuild", ...scripted], `npm rebuild ${scripted.join(" ")}`);
    } else {
      console.log(`ensure-deps: ${why}; running npm ci ...`);
      npm(["ci", "--no-audit", "--no-fund"], "npm ci");
    }
  }
  if (!nativeLater && !existsSync(nativeBinding)) {
    console.log(
      `ensure-deps: ${NATIVE_PACKAGE}'s native module is missing (an install without scripts, or a test run stopped before it built it); building it ...`,
    );
    npm(["rebuild", NATIVE_PACKAGE], `npm rebuild ${NATIVE_PACKAGE}`);
  }
}

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

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
const why = isMain ? reason() : null;
if (why === null) {
  if (isMain) process.exit(0);
} else {
  if (!existsSync(lockFile)) {
    console.error("ensure-deps: package-lock.json is missing, so `npm ci` cannot run; run `npm install` once.");
    process.exit(1);
  }

  console.log(`ensure-deps: ${why}; running npm ci ...`);
  // Under `npm run`/`npm test`, npm_execpath is npm's own CLI: run it with this Node (works on
  // every platform). Otherwise fall back to the npm on PATH.
  const npmCli = process.env.npm_execpath;
  const [command, args] =
    npmCli && /npm-cli\.js$/.test(npmCli) ? [process.execPath, [npmCli, "ci", "--no-audit", "--no-fund"]] : ["npm", ["ci", "--no-audit", "--no-fund"]];
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32" && command === "npm",
  });
  if (result.error) {
    console.error(`ensure-deps: could not start npm: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`ensure-deps: npm ci failed (exit ${String(result.status ?? result.signal)}).`);
    process.exit(result.status ?? 1);
  }
}

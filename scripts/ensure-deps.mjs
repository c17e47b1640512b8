#!/usr/bin/env node
// Installs the locked dependencies when they are missing or stale, and is silent otherwise.
// Plain Node with no dependencies: it runs before node_modules exists.
//
// "Stale" means package-lock.json is newer than node_modules/.package-lock.json, the file
// npm writes after every install (`npm ci` and `npm install` both refresh it).
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const lockFile = join(root, "package-lock.json");
const modules = join(root, "node_modules");
const installedLock = join(modules, ".package-lock.json");

function reason() {
  if (!existsSync(modules)) return "node_modules is missing";
  if (!existsSync(installedLock)) return "node_modules/.package-lock.json is missing";
  if (existsSync(lockFile) && statSync(lockFile).mtimeMs > statSync(installedLock).mtimeMs) {
    return "package-lock.json is newer than node_modules";
  }
  return null;
}

const why = reason();
if (why === null) process.exit(0);

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

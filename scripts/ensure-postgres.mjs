#!/usr/bin/env node
// Makes sure Debian's PostgreSQL server programs are here (the "postgres" suite of
// scripts/test-all.mjs starts a throwaway cluster with them: scripts/postgres/throwaway-cluster.ts).
// What it looks for: initdb, pg_ctl and postgres in /usr/lib/postgresql/<version>/bin (Debian keeps
// them off PATH), or on PATH elsewhere. When missing, it installs Debian's `postgresql` as
// scripts/ensure-runtimes.mjs installs the snippet runtimes: `apt-get install -y` (as root, or
// through `sudo -n`), then `apt-get update` and a second try when the first fails. Installing the
// package does not leave a cluster running that the tests use: they start their own.
// Exits 1, saying why, when PostgreSQL is still missing. Usable on its own: `node scripts/ensure-postgres.mjs`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const log = (message) => {
  console.log(`ensure-postgres: ${message}`);
};

const PROGRAMS = ["initdb", "pg_ctl", "postgres"];

/** The directory holding initdb, pg_ctl and postgres (the newest Debian version first), or null. */
export function findPostgresBin() {
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = versions.map((version) => join(debian, version, "bin"));
  const onPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  if (onPath.status === 0 && onPath.stdout.trim()) candidates.push(resolve(onPath.stdout.trim(), ".."));
  return candidates.find((bin) => PROGRAMS.every((program) => existsSync(join(bin, program)))) ?? null;
}

function aptGet(args) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const [command, fullArgs] = isRoot ? ["apt-get", args] : ["sudo", ["-n", "apt-get", ...args]];
  log(`running: ${[command, ...fullArgs].join(" ")}`);
  return spawnSync(command, fullArgs, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status === 0;
}

/** The bin directory, installing Debian's postgresql first when it is missing; null when that failed. */
export function ensurePostgres() {
  const found = findPostgresBin();
  if (found) return found;
  log("PostgreSQL's server programs (initdb, pg_ctl, postgres) are missing; installing Debian's postgresql");
  if (process.platform !== "linux" || spawnSync("sh", ["-c", "command -v apt-get"]).status !== 0) {
    log("apt-get is not available here: install PostgreSQL (15 or newer) with your system's package manager");
    return null;
  }
  const install = ["install", "-y", "--no-install-recommends", "postgresql"];
  if (!aptGet(install)) {
    log("the install failed; refreshing the package lists and trying again");
    if (aptGet(["update"])) aptGet(install);
  }
  return findPostgresBin();
}

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const bin = ensurePostgres();
  if (bin === null) {
    console.error("ensure-postgres: PostgreSQL could not be installed (see above); the postgres suite will fail.");
    process.exit(1);
  }
  log(`PostgreSQL: ${bin}`);
}

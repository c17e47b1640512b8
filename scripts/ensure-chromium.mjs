#!/usr/bin/env node
// Makes sure a Chromium for the end-to-end tests exists, in this order:
//   1. CHROMIUM_PATH (if set) or /usr/bin/chromium (Debian's package) already there -> done;
//   2. on Linux with apt-get: `apt-get install -y chromium` (as root, or through `sudo -n`),
//      running `apt-get update` first when the plain install fails (fresh machines have no lists);
//   3. Playwright's own downloaded Chromium, if present;
//   4. otherwise fail with a message that says what to do.
// playwright.config.ts makes the same choice (CHROMIUM_PATH / /usr/bin/chromium, else Playwright's).
// It also makes sure `curl` exists (same apt-get route): e2e/curl.spec.ts runs the portal's
// "Copy as curl" commands with it. A missing curl is reported; the browser decides the exit code.
// Usable on its own: `node scripts/ensure-chromium.mjs`; exit 0 when a browser is available.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function log(message) {
  console.log(`ensure-chromium: ${message}`);
}

function has(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

function aptGet(args) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const [command, fullArgs] = isRoot ? ["apt-get", args] : ["sudo", ["-n", "apt-get", ...args]];
  log(`running: ${[command, ...fullArgs].join(" ")}`);
  const result = spawnSync(command, fullArgs, { stdio: "inherit", env });
  return result.status === 0;
}

function tryApt(packageName = "chromium", installed = () => existsSync(SYSTEM_CHROMIUM)) {
  if (process.platform !== "linux" || !has("apt-get")) {
    log("apt-get is not available here");
    return false;
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot && !has("sudo")) {
    log("not root and no sudo: cannot use apt-get");
    return false;
  }
  const install = ["install", "-y", packageName];
  if (aptGet(install) && installed()) return true;
  log("plain install failed; refreshing package lists and retrying");
  return aptGet(["update"]) && aptGet(install) && installed();
}

function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require("playwright-core");
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** Returns the path of a usable Chromium, installing Debian's package when needed; null if none. */
export function ensureChromium() {
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  log(`${SYSTEM_CHROMIUM} not found; trying to install Debian's chromium package`);
  if (tryApt()) {
    log(`installed ${SYSTEM_CHROMIUM}`);
    return SYSTEM_CHROMIUM;
  }
  const own = playwrightChromium();
  if (own) {
    log(`falling back to Playwright's own Chromium at ${own}`);
    return own;
  }
  return null;
}

/** true when curl can be run, installing Debian's package when needed. */
export function ensureCurl() {
  if (has("curl")) return true;
  log("curl not found; trying to install Debian's curl package");
  return tryApt("curl", () => has("curl"));
}

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  if (!ensureCurl()) console.error("ensure-chromium: curl is missing and could not be installed; e2e/curl.spec.ts will fail (install curl).");
  const path = ensureChromium();
  if (path) {
    log(`using ${path}`);
  } else {
    console.error(
      [
        "ensure-chromium: no Chromium available for the end-to-end tests.",
        `  - ${SYSTEM_CHROMIUM} does not exist (set CHROMIUM_PATH to use another binary),`,
        `  - installing it with \`apt-get install -y chromium\` was not possible (needs Debian/Ubuntu and root or sudo), failed, or did not provide ${SYSTEM_CHROMIUM},`,
        "  - and Playwright's own browser is not downloaded (`npx playwright install chromium` where the network allows it).",
      ].join("\n"),
    );
    process.exit(1);
  }
}

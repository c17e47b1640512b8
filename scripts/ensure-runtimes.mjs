#!/usr/bin/env node
// Makes sure the runtimes of the generated code snippets exist (the "snippets" suite of
// scripts/test-all.mjs runs every snippet with its real runtime against the sandbox server):
//   bash, curl, openssl               the bash snippets
//   node                              the Node.js snippets (this very node)
//   python3 with requests and cryptography
//   java 17+ with its compiler (a JDK: `java File.java` compiles in memory)
//   go                                `go run file.go`
// What is missing is installed from Debian's packages, as scripts/ensure-chromium.mjs installs
// Chromium: one `apt-get install -y` of everything missing (as root, or through `sudo -n`), and
// `apt-get update` then a second try when the first fails (fresh machines have no package lists).
// It says what it installs, and exits 1 naming each runtime still missing: nothing is skipped
// silently. Usable on its own: `node scripts/ensure-runtimes.mjs`.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const log = (message) => {
  console.log(`ensure-runtimes: ${message}`);
};

const run = (command, args) => spawnSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const works = (command, args) => {
  const result = run(command, args);
  return result.status === 0 ? `${result.stdout}${result.stderr}` : null;
};

/** Where python3 with requests and cryptography is: the one on PATH (pyenv, venv), else Debian's. */
function findPython() {
  for (const candidate of ["python3", "/usr/bin/python3"]) {
    if (works(candidate, ["-c", "import requests, cryptography"]) !== null) return candidate;
  }
  return null;
}

/** java 17 or newer that can launch a source file (needs jdk.compiler, i.e. a JDK, not a JRE). */
function findJava() {
  const version = works("java", ["-version"]);
  const major = Number(/version "(\d+)/.exec(version ?? "")?.[1] ?? 0);
  if (major < 17) return null;
  return (works("java", ["--list-modules"]) ?? "").includes("jdk.compiler") ? "java" : null;
}

const onPath = (command) => (works("sh", ["-c", `command -v ${command}`]) === null ? null : command);

/** Each runtime: how to find it, and the Debian packages that provide it. */
export const RUNTIMES = [
  { name: "bash", find: () => onPath("bash"), packages: ["bash"] },
  { name: "curl", find: () => onPath("curl"), packages: ["curl"] },
  { name: "openssl", find: () => onPath("openssl"), packages: ["openssl"] },
  { name: "node", find: () => process.execPath, packages: [] },
  { name: "python", find: findPython, packages: ["python3", "python3-requests", "python3-cryptography"] },
  { name: "java", find: findJava, packages: ["default-jdk-headless"] },
  { name: "go", find: () => onPath("go") ?? (works("/usr/lib/go/bin/go", ["version"]) === null ? null : "/usr/lib/go/bin/go"), packages: ["golang-go"] },
];

/** The command of each runtime, or null where it is missing. Installs nothing. */
export function findRuntimes() {
  return Object.fromEntries(RUNTIMES.map((runtime) => [runtime.name, runtime.find()]));
}

function aptGet(args) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const [command, fullArgs] = isRoot ? ["apt-get", args] : ["sudo", ["-n", "apt-get", ...args]];
  log(`running: ${[command, ...fullArgs].join(" ")}`);
  return spawnSync(command, fullArgs, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status === 0;
}

/** Finds every runtime, installing the missing ones from Debian; returns the commands and what is still missing. */
export function ensureRuntimes() {
  let found = findRuntimes();
  const missing = RUNTIMES.filter((runtime) => !found[runtime.name]);
  if (missing.length > 0) {
    const packages = [...new Set(missing.flatMap((runtime) => runtime.packages))];
    log(`missing: ${missing.map((runtime) => runtime.name).join(", ")}; installing Debian's ${packages.join(" ")}`);
    if (process.platform !== "linux" || onPath("apt-get") === null) {
      log("apt-get is not available here: install them with your system's package manager");
    } else if (!aptGet(["install", "-y", "--no-install-recommends", ...packages])) {
      log("the install failed; refreshing the package lists and trying again");
      if (aptGet(["update"])) aptGet(["install", "-y", "--no-install-recommends", ...packages]);
    }
    found = findRuntimes();
  }
  return { found, missing: RUNTIMES.filter((runtime) => !found[runtime.name]).map((runtime) => runtime.name) };
}

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const { found, missing } = ensureRuntimes();
  for (const [name, command] of Object.entries(found)) log(`${name}: ${command ?? "MISSING"}`);
  if (missing.length > 0) {
    console.error(
      `ensure-runtimes: cannot run the ${missing.join(", ")} snippets: ${missing.join(", ")} could not be installed (see above). Their tests will fail.`,
    );
    process.exit(1);
  }
}

/**
 * The stateless mock the sandbox server is compared with: Prism serving dist/openapi.json. Prism is
 * heavy (about 185 packages), so it is not a dependency of the project: the benchmark installs it on
 * first use into .cache/prism (git-ignored, outside the project's node_modules) with npm.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

const PRISM_VERSION = "5";
const CACHE = ".cache/prism";
const BIN = join(CACHE, "node_modules/@stoplight/prism-cli/dist/index.js");

/** Installs Prism into .cache/prism when it is not there yet; returns the path of its CLI. */
export function ensurePrism(): string {
  if (existsSync(BIN)) return BIN;
  console.log(`benchmark: installing @stoplight/prism-cli@${PRISM_VERSION} into ${CACHE} (once; about 30 s)…`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["install", "--prefix", CACHE, "--no-audit", "--no-fund", "--loglevel=error", `@stoplight/prism-cli@${PRISM_VERSION}`], {
    stdio: "inherit",
  });
  if (result.status !== 0 || !existsSync(BIN)) throw new Error(`Installing Prism into ${CACHE} failed (npm exit ${String(result.status)}).`);
  return BIN;
}

export interface RunningPrism {
  origin: string;
  child: ChildProcess;
  stop: () => void;
}

/** Starts `prism mock` on 127.0.0.1:port (quiet: logging every request would slow it) and waits until it answers. */
export async function startPrism(document: string, port: number): Promise<RunningPrism> {
  const bin = ensurePrism();
  // Something else on the port (a preview server left running) would answer for Prism: its index.html
  // made a "Prism" read of 1,500 requests/s and every creation a 404 in one run.
  await ensurePortFree(port);
  const child = spawn(process.execPath, [bin, "mock", document, "--host", "127.0.0.1", "--port", String(port), "--verboseLevel", "warn"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const origin = `http://127.0.0.1:${String(port)}`;
  const exited = () => child.exitCode !== null;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (exited()) break;
    try {
      await fetch(`${origin}/v1/sandbox/accounts`, { signal: AbortSignal.timeout(1000) });
      if (exited()) break; // what answered was not this Prism
      return { origin, child, stop: () => child.kill() };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill();
  throw new Error(`Prism did not start on ${origin}: ${errors.trim() || "no output"}`);
}

/** Resolves when nothing listens on 127.0.0.1:port; otherwise fails, naming the port. */
function ensurePortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => {
      reject(new Error(`Port ${String(port)} is in use, so Prism cannot start there; stop what listens on it, or set BENCH_PORT (Prism gets BENCH_PORT + 1).`));
    });
    probe.listen(port, "127.0.0.1", () => {
      probe.close(() => {
        resolve();
      });
    });
  });
}

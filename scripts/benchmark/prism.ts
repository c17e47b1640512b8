/**
 * The stateless mock the sandbox server is compared with: Prism serving dist/openapi.json. Prism is
 * heavy (about 185 packages), so it is not a dependency of the project: the benchmark installs it on
 * first use into .cache/prism (git-ignored, outside the project's node_modules) with npm.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
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
  const child = spawn(process.execPath, [bin, "mock", document, "--host", "127.0.0.1", "--port", String(port), "--verboseLevel", "warn"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const origin = `http://127.0.0.1:${String(port)}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${origin}/v1/sandbox/accounts`, { signal: AbortSignal.timeout(1000) });
      return { origin, child, stop: () => child.kill() };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill();
  throw new Error(`Prism did not start on ${origin}: ${errors.trim() || "no output"}`);
}

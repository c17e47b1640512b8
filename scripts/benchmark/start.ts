/**
 * Cold starts side by side (issue 29 point 3): from the command to its first answer, for Prism (a stateless mock of
 * dist/openapi.json), `psd2-sandbox` as the package runs it (the prebuilt server), `npm run sandbox` (the same, through
 * npm and the staleness check) and the server run from its TypeScript with tsx, as `npm run sandbox` did before.
 * The commands take turns, round after round, so a machine that gets busier or quieter meanwhile weighs on all alike;
 * each figure is the median of its rounds. A start ends when a request is answered at all (polled every 10 ms).
 */
import { spawn, spawnSync } from "node:child_process";
import { freePort } from "../postgres/throwaway-cluster";
import { ensurePrism } from "./prism";
import { percentile, round } from "./stats";

interface Contender {
  name: string;
  command: (port: number) => string[];
  /** A path it answers once it is up. */
  probe: string;
}

/** Milliseconds from spawning the command to its first answer on `probe`; the process group is then stopped. */
async function coldStart(contender: Contender): Promise<number> {
  const port = await freePort();
  const [command = "", ...args] = contender.command(port);
  const started = performance.now();
  const child = spawn(command, args, { stdio: "ignore", detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${contender.name} exited (${String(child.exitCode)}) before answering`);
      if (performance.now() - started > 60_000) throw new Error(`${contender.name} did not answer within 60 s`);
      try {
        const response = await fetch(`http://127.0.0.1:${String(port)}${contender.probe}`, { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        return performance.now() - started;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    await exited;
  }
}

export async function startFigures({ rounds = 7, openApiDocument = "dist/openapi.json" } = {}) {
  const prism = ensurePrism();
  // The prebuilt server, as `npm pack` ships it; built now if its sources changed, so no round pays for a build.
  spawnSync(process.execPath, ["scripts/build-server.mjs", "--if-stale"], { stdio: "inherit" });
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const contenders: Contender[] = [
    {
      name: "prism",
      command: (port) => [process.execPath, prism, "mock", openApiDocument, "--host", "127.0.0.1", "--port", String(port)],
      probe: "/v1/sandbox/accounts",
    },
    { name: "psd2-sandbox", command: (port) => [process.execPath, "build/server/psd2-sandbox.mjs", "--port", String(port)], probe: "/healthz" },
    { name: "npm run sandbox", command: (port) => [npm, "run", "--silent", "sandbox", "--", "--port", String(port)], probe: "/healthz" },
    { name: "tsx, from the sources", command: (port) => [process.execPath, "--import", "tsx", "mocks/server.ts", "--port", String(port)], probe: "/healthz" },
  ];
  const times = new Map<string, number[]>(contenders.map((contender) => [contender.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const contender of contenders) times.get(contender.name)?.push(await coldStart(contender));
  }
  const median = (name: string) => round(percentile(times.get(name) ?? [], 50));
  const prismMs = median("prism");
  const figures = Object.fromEntries(
    contenders.map(({ name }) => [name, { medianMs: median(name), ofPrism: round(median(name) / prismMs), runsMs: (times.get(name) ?? []).map(round) }]),
  );
  console.log(`cold start, median of ${String(rounds)} alternating runs: ${contenders.map(({ name }) => `${name} ${String(median(name))} ms`).join(", ")}`);
  return { rounds, ...figures };
}

/**
 * What large request bodies cost a server (issue 25, point 3; decision 0046): 16 imports of 32 MiB
 * sent at once, each as fast as the server takes it, to a server process of its own, while its
 * resident memory is read from /proc and GET /healthz is asked. Three cases: unsigned on a hosted
 * server (refused on their headers; targets: under 200 MiB more, /healthz under 100 ms), signed on a
 * hosted server (anyone can sign with a self-signed certificate: the budget of large bodies bounds
 * them), and on a local server, whose controls are unsigned by design (the budget again).
 * Linux only (/proc). `npx tsx scripts/benchmark.ts --only bodies`.
 */
import { existsSync } from "node:fs";
import { flood, residentMiB, type FloodResult } from "../../mocks/server/body-flood.test-helpers";
import { runCli } from "../../mocks/server/cli.test-helpers";
import { signRequest } from "../../src/signing/index";
import { tppCertificate } from "./signed";
import { percentile, round } from "./stats";

const MiB = 1024 * 1024;
const BODIES = 16;
const BODY_BYTES = 32 * MiB;
const IMPORT = "/__sandbox/import";

/** Headers of `count` imports of BODY_BYTES of "x" (what the flood sends), each signed with a new X-Request-ID. */
async function signedHeaders(count: number): Promise<Record<string, string>[]> {
  const tpp = await tppCertificate(46);
  const body = "x".repeat(BODY_BYTES);
  const all: Record<string, string>[] = [];
  for (let index = 0; index < count; index++) {
    const headers = { "X-Request-ID": crypto.randomUUID() };
    const signed = await signRequest({ method: "POST", url: IMPORT, headers, body }, { privateKey: tpp.privateKey, certificate: tpp.certificatePem });
    all.push({ ...headers, ...signed.headers });
  }
  return all;
}

/** /healthz one after another for `ms`, nothing else sent: what the machine gives it at rest. */
async function quietHealthz(url: string, ms: number) {
  const times: number[] = [];
  for (const end = performance.now() + ms; performance.now() < end;) {
    const started = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { p50Ms: round(percentile(times, 50)), worstMs: round(Math.max(...times)) };
}

const summary = (result: FloodResult, afterMiB: number, quiet: Awaited<ReturnType<typeof quietHealthz>>) => ({
  statuses: Object.fromEntries([...new Set(result.statuses)].map((status) => [status, result.statuses.filter((s) => s === status).length])),
  rssBeforeMiB: round(result.rssBeforeMiB),
  rssPeakGrowthMiB: round(result.rssPeakMiB - result.rssBeforeMiB),
  rssGrowthWhenDoneMiB: round(result.rssEndMiB - result.rssBeforeMiB),
  rssGrowth2sLaterMiB: round(afterMiB - result.rssBeforeMiB),
  healthz: { answers: result.healthzMs.length, p50Ms: round(percentile(result.healthzMs, 50)), worstMs: round(result.worstHealthzMs) },
  healthzAtRest: quiet,
  serverCpuMs: round(result.serverCpuMs),
  bodyMiBWritten: round(result.sentMiB),
  seconds: round(result.seconds),
});

async function measure(args: string[], headers?: Record<string, string>[]) {
  const cli = runCli(["--port", "0", ...args]);
  try {
    const url = await cli.url();
    const pid = cli.child.pid ?? 0;
    // Warm: the first refusals load the signing code and the worker threads, the first answers compile their paths.
    await flood({ url, pid, path: IMPORT, connections: 4, bytesPerBody: 8 * MiB });
    const quiet = await quietHealthz(url, 2000);
    const result = await flood({
      url,
      pid,
      path: IMPORT,
      connections: BODIES,
      bytesPerBody: BODY_BYTES,
      ...(headers ? { headers: (i) => headers[i] ?? {} } : {}),
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return summary(result, residentMiB(pid) ?? Number.NaN, quiet);
  } finally {
    cli.child.kill("SIGKILL");
    await cli.exited;
  }
}

export async function bodyFigures() {
  if (!existsSync("/proc/self/status")) return { skipped: "needs Linux's /proc to read the server's memory" };
  return {
    what: `${String(BODIES)} imports of ${String(BODY_BYTES / MiB)} MiB at once`,
    hostedUnsigned: await measure(["--multi-tenant"]),
    hostedSigned: await measure(["--multi-tenant"], await signedHeaders(BODIES)),
    localUnsigned: await measure([]),
  };
}

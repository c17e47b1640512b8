/**
 * Issue 25, point 3: no unauthenticated request makes a hosted server hold large memory. A real server
 * process (`tsx mocks/server.ts --multi-tenant`) gets 16 unsigned 32 MiB imports at once, each sent as
 * fast as the server takes it; its resident memory is read from /proc while they come, and /healthz is
 * asked meanwhile. Buffered, the bodies alone would be 512 MiB; refused on their headers, none of them
 * is read. The tight figures (under 200 MiB, /healthz under 100 ms) are the benchmark's
 * (`npm run benchmark -- --only bodies`); here the margins hold on a machine three times slower.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { flood, residentMiB } from "./body-flood.test-helpers";
import { runCli } from "./cli.test-helpers";

const MiB = 1024 * 1024;
let cli: ReturnType<typeof runCli>;
let url: string;

beforeAll(async () => {
  cli = runCli(["--port", "0", "--multi-tenant"]);
  url = await cli.url();
  // The first refusal loads the signing code: paid before the measurement, as on a server that has run a while.
  expect((await fetch(`${url}/__sandbox/reset`, { method: "POST" })).status).toBe(401);
}, 60_000);
afterAll(async () => {
  cli.child.kill("SIGKILL");
  await cli.exited;
});

describe.runIf(existsSync("/proc/self/status"))("16 unsigned 32 MiB bodies at once on a hosted server", { timeout: 180_000 }, () => {
  test("each is refused on its headers, none is read or held, and /healthz is answered meanwhile", async () => {
    const pid = cli.child.pid ?? 0;
    expect(residentMiB(pid)).toBeGreaterThan(0);
    const result = await flood({ url, pid, path: "/__sandbox/import", connections: 16, bytesPerBody: 32 * MiB });
    // Every one that got an answer got the 401 (a connection cut before its client read the answer counts as none).
    expect(result.statuses.filter((status) => status !== 401 && status !== "none")).toEqual([]);
    expect(result.statuses).toContain(401);
    // Read whole, the bodies would be 512 MiB of the server's memory (and as much again once joined).
    expect(result.rssPeakMiB - result.rssBeforeMiB).toBeLessThan(160);
    // The server closed each connection after its answer: most of each body was never sent.
    expect(result.sentMiB).toBeLessThan(256);
    expect(result.worstHealthzMs).toBeLessThan(5000);
    // Nothing was kept.
    expect(result.rssEndMiB - result.rssBeforeMiB).toBeLessThan(100);
  });

  test("a client that sends its whole body without waiting for an answer (fetch) still reads its 401: the server reads on a little before it closes", async () => {
    const body = " ".repeat(32 * MiB);
    for (let attempt = 0; attempt < 8; attempt++) {
      const refused = await fetch(`${url}/__sandbox/import`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
      expect(refused.status).toBe(401);
      expect(await refused.text()).toMatch(/hosted sandbox.*signed like the interface/);
    }
  });
});

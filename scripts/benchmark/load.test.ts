import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { runLoad, type LoadRequest } from "./load";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((done) => server?.close(done) ?? done(undefined));
  server = undefined;
});

/** A server that answers after `delayMs`, counting how many requests it holds at once. */
async function slowServer(delayMs: number, status = (path: string) => (path.startsWith("/fail") ? 500 : 200)) {
  const seen = { inFlight: 0, most: 0, paths: [] as string[] };
  server = createServer((req, res) => {
    seen.inFlight++;
    seen.most = Math.max(seen.most, seen.inFlight);
    seen.paths.push(req.url ?? "");
    setTimeout(() => {
      seen.inFlight--;
      res.writeHead(status(req.url ?? "")).end("{}");
    }, delayMs);
  });
  await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
  return { origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, seen };
}

const gets = (count: number, path = "/ok"): LoadRequest[] =>
  Array.from({ length: count }, (_, index) => ({ method: "GET", path: `${path}?n=${String(index)}`, headers: {} }));

test("sends every request once, never more than `concurrency` at a time", async () => {
  const { origin, seen } = await slowServer(5);
  const result = await runLoad(gets(60), { origin, concurrency: 10, maxSeconds: 30, ok: (status) => status === 200 });
  expect(result).toMatchObject({ sent: 60, ok: 60, failed: 0, statuses: { "200": 60 }, stoppedByTime: false });
  expect(seen.most).toBe(10);
  expect(new Set(seen.paths).size).toBe(60);
  expect(result.p50Ms).toBeGreaterThanOrEqual(5);
});

test("answers the caller did not expect, and no answer at all, are failures", async () => {
  const { origin } = await slowServer(1);
  const result = await runLoad([...gets(3), ...gets(2, "/fail")], { origin, concurrency: 2, maxSeconds: 30, ok: (status) => status === 200 });
  expect(result).toMatchObject({ sent: 5, ok: 3, failed: 2, statuses: { "200": 3, "500": 2 } });
  const closed = await runLoad(gets(2), { origin: "http://127.0.0.1:1", concurrency: 1, maxSeconds: 30, ok: () => true });
  expect(closed).toMatchObject({ sent: 2, ok: 0, failed: 2, statuses: { error: 2 } });
});

test("stops sending after maxSeconds", async () => {
  const { origin } = await slowServer(50);
  const result = await runLoad(gets(1000), { origin, concurrency: 2, maxSeconds: 0.3, ok: () => true });
  expect(result.stoppedByTime).toBe(true);
  expect(result.sent).toBeLessThan(100);
});

test("given several origins, sends the requests to them in turn", async () => {
  const first = await slowServer(1);
  const firstServer = server;
  const second = await slowServer(1);
  try {
    const result = await runLoad(gets(10), { origin: [first.origin, second.origin], concurrency: 3, maxSeconds: 30, ok: (status) => status === 200 });
    expect(result).toMatchObject({ sent: 10, ok: 10 });
    expect(first.seen.paths.map((path) => Number(path.split("=")[1])).sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 8]);
    expect(second.seen.paths.map((path) => Number(path.split("=")[1])).sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9]);
  } finally {
    await new Promise((done) => firstServer?.close(done) ?? done(undefined));
  }
});

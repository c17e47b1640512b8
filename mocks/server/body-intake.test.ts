/**
 * Bodies over real HTTP, bounded before they are read: a route's limit against the Content-Length (and
 * counted while a chunked body streams), and the server's budget of bodies held at once, with its
 * queue and its 503 beyond it (decision 0046).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import { createBodyBudgets, type BodyBudgets } from "./body-budget";
import { createRequestHandler } from "./handle-request";
import { rawConnection } from "./http-client.test-helpers";
import { MAX_BODY_BYTES } from "./node-request";

const MiB = 1024 * 1024;
const IMPORT = hrefOf("importSandbox", {});
const ADVANCE = hrefOf("advanceClock", {});

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  running?.closeAllConnections();
  if (running) await new Promise((done) => running.close(done));
});

/** A server whose one route answers how many body bytes it was given; `routed` counts the requests that reached it. */
async function serve(budgets?: BodyBudgets): Promise<{ port: number; routed: () => number }> {
  let routed = 0;
  const route = async (request: Request) => {
    routed++;
    return Response.json({ bytes: (await request.arrayBuffer()).byteLength });
  };
  const onRequest = createRequestHandler({ route, fallbackHost: () => "127.0.0.1:1", ...(budgets ? { budgets } : {}) });
  const running = createServer(onRequest);
  running.on("checkContinue", onRequest);
  server = running;
  await new Promise<void>((done) => running.listen(0, "127.0.0.1", done));
  return { port: (running.address() as AddressInfo).port, routed: () => routed };
}

const head = (path: string, headers: Record<string, string | number>) =>
  [`POST ${path} HTTP/1.1`, "Host: 127.0.0.1", "Content-Type: application/json", ...Object.entries(headers).map(([n, v]) => `${n}: ${String(v)}`), "", ""].join(
    "\r\n",
  );

/** Resolves once `check` holds, checking again on each turn of the event loop. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe("a route's limit, before the body is read", { timeout: 30_000 }, () => {
  test("a Content-Length over the limit is a 413 at once, without the body sent, and the connection is closed", async () => {
    const { port, routed } = await serve();
    const connection = rawConnection(port);
    connection.write(head(ADVANCE, { "Content-Length": MAX_BODY_BYTES + 1 }));
    const answer = await connection.until(/\r\n\r\n\{.*\}$/s);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("Connection: close");
    expect(answer).toContain(`The body is ${String(MAX_BODY_BYTES + 1)} bytes (none of it was read); this sandbox takes at most 1048576 bytes (1 MiB)`);
    await connection.closed;
    expect(routed()).toBe(0);
  });

  test("a control's body that is not JSON is a 415 on its Content-Type, before any of it is sent", async () => {
    const { port, routed } = await serve();
    const connection = rawConnection(port);
    connection.write(head(IMPORT, { "Content-Length": 32 * MiB }).replace("Content-Type: application/json", "Content-Type: text/plain"));
    const answer = await connection.until(/\r\n\r\n\{.*\}$/s);
    expect(answer).toMatch(/^HTTP\/1\.1 415 /);
    expect(answer).toContain("takes a JSON body only");
    await connection.closed;
    expect(routed()).toBe(0);
  });

  test("a route that takes no body takes a little (`{}`), but not 100 KiB", async () => {
    const { port } = await serve();
    const run = hrefOf("runBatch", {});
    const small = rawConnection(port);
    small.write(head(run, { "Content-Length": 2, Connection: "close" }) + "{}");
    expect(await small.until(/\r\n\r\n\{.*\}$/s)).toMatch(/^HTTP\/1\.1 200 /);
    const large = rawConnection(port);
    large.write(head(run, { "Content-Length": 100 * 1024 }));
    const refused = await large.until(/\r\n\r\n\{.*\}$/s);
    expect(refused).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused).toContain("at most 65536 bytes (64 KiB) for a request that takes no body");
  });

  test("a chunked body is counted as it streams: past the limit it is a 413, the rest is not read", async () => {
    const { port, routed } = await serve();
    const connection = rawConnection(port);
    connection.write(head(ADVANCE, { "Transfer-Encoding": "chunked" }));
    const chunk = Buffer.alloc(256 * 1024, "x");
    for (let sent = 0; sent <= MAX_BODY_BYTES; sent += chunk.length) connection.write(Buffer.concat([Buffer.from("40000\r\n"), chunk, Buffer.from("\r\n")]));
    const answer = await connection.until(/\r\n\r\n\{.*\}$/s);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("The body is more than 1048576 bytes (the rest was not read)");
    await connection.closed;
    expect(routed()).toBe(0);
  });
});

describe("the server's budget of large bodies", { timeout: 30_000 }, () => {
  test("a body without room waits unread (no 100 Continue); beyond the queue a 503 with Retry-After; the waiting one goes once room frees", async () => {
    const budgets = createBodyBudgets({ large: { bytes: 4 * MiB, waiting: 1 }, medium: { bytes: 4 * MiB, waiting: 1 } });
    const { port, routed } = await serve(budgets);
    const first = rawConnection(port);
    first.write(head(IMPORT, { "Content-Length": 3 * MiB, Connection: "close" }));
    first.write(Buffer.alloc(MiB, " "));
    await until(() => budgets.state().large.bytes === 3 * MiB);

    const waiting = rawConnection(port);
    waiting.write(head(IMPORT, { "Content-Length": 2 * MiB, Expect: "100-continue", Connection: "close" }));
    await until(() => budgets.state().large.waiting === 1);

    const refused = rawConnection(port);
    refused.write(head(IMPORT, { "Content-Length": 2 * MiB }));
    const busy = await refused.until(/\r\n\r\n\{.*\}$/s);
    expect(busy).toMatch(/^HTTP\/1\.1 503 /);
    expect(busy).toMatch(/\r\nRetry-After: 5\r\n/);
    expect(busy).toContain("Nothing was read or changed");
    await refused.closed;

    expect(waiting.received()).toBe("");
    first.write(Buffer.alloc(2 * MiB, " "));
    expect(await first.until(/\r\n\r\n\{.*\}$/s)).toContain(`{"bytes":${String(3 * MiB)}}`);
    await waiting.until(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    waiting.write(Buffer.alloc(2 * MiB, " "));
    expect(await waiting.until(/\r\n\r\n\{.*\}$/s)).toContain(`{"bytes":${String(2 * MiB)}}`);
    expect(routed()).toBe(2);
    await Promise.all([first.closed, waiting.closed]);
    expect(budgets.state()).toEqual({ large: { bytes: 0, waiting: 0 }, medium: { bytes: 0, waiting: 0 } });
  });
});

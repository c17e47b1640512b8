import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { KARI, initiationHeaders, NDCT, type ListedAccount, kariAndOla, paymentBody } from "../test-helpers";
import { serverAndClient, rawExchange, type HttpClient } from "./http-client.test-helpers";
import type { SandboxServer } from "./start";

// The server's edge (docs/standalone-server.md, "The edge"): path tricks, origins, JSON-only controls.

const FOREIGN = "https://evil.example";
const ALLOWED = "https://portal.example.com";

let server: SandboxServer;
let client: HttpClient;

beforeAll(async () => {
  ({ server, client } = await serverAndClient({ allowOrigins: [ALLOWED] }));
});
afterAll(async () => {
  await server.close();
});

const customerCount = async () => (await client.controlJson<unknown[]>("GET", "/__sandbox/customers")).length;

async function createPayment(): Promise<string> {
  const accounts = await client.controlJson<ListedAccount[]>("GET", "/__sandbox/accounts");
  const { kari, ola } = kariAndOla(accounts);
  const created = await client.send("POST", NDCT, {
    headers: initiationHeaders(KARI),
    body: paymentBody(kari, ola, { amount: "5.00", remittanceInformationUnstructured: "Kaffe" }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { paymentId: string }).paymentId;
}

describe("path tricks are 400 before routing, on the raw request target", { timeout: 20_000 }, () => {
  test.each([
    "/v1/../__sandbox/reset",
    "/v1/%2e%2e/__sandbox/reset",
    "/v1/%2E%2E/__sandbox/reset",
    "/v1/.%2e/__sandbox/reset",
    "/v1/./../__sandbox/reset",
    "/v1%2f..%2f__sandbox%2freset",
    "/v1/..%5c__sandbox%5creset",
    "/v1\\..\\__sandbox\\reset",
    "/__sandbox/./reset",
  ])("POST %s: 400 BAD_REQUEST, and the sandbox is not reset", async (target) => {
    const before = await customerCount();
    expect(before).toBeGreaterThan(0);
    const answer = await rawExchange(server.port, `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"BAD_REQUEST"');
    expect(await customerCount()).toBe(before);
  });
});

describe("origins: loopback and --allow-origin are granted; others cannot change anything or use the controls", { timeout: 20_000 }, () => {
  test("a preflight of an allowed origin is granted, with private-network access when asked", async () => {
    for (const origin of ["http://127.0.0.1:4173", "http://[::1]:5173", ALLOWED]) {
      const preflight = await fetch(`${server.url}/v1/payments/norwegian-domestic-credit-transfers`, {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Private-Network": "true" },
      });
      expect(preflight.status, origin).toBe(204);
      expect(preflight.headers.get("Access-Control-Allow-Origin"), origin).toBe(origin);
      expect(preflight.headers.get("Access-Control-Allow-Private-Network"), origin).toBe("true");
    }
  });

  test("a preflight of another origin is 403 with no grant, private network included", async () => {
    const preflight = await fetch(`${server.url}/v1/payments/norwegian-domestic-credit-transfers`, {
      method: "OPTIONS",
      headers: { Origin: FOREIGN, "Access-Control-Request-Method": "POST", "Access-Control-Request-Private-Network": "true" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(preflight.headers.get("Access-Control-Allow-Private-Network")).toBeNull();
  });

  test("a page on another origin: a simple text/plain POST to reset, an export read and a form post are 403; nothing changes", async () => {
    const before = await customerCount();
    const reset = await fetch(`${server.url}/__sandbox/reset`, { method: "POST", headers: { Origin: FOREIGN, "Content-Type": "text/plain" }, body: "{}" });
    expect(reset.status).toBe(403);
    expect(reset.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await reset.json()).toEqual({
      tppMessages: [{ category: "ERROR", code: "FORBIDDEN", text: expect.stringContaining(`start the server with --allow-origin ${FOREIGN}`) as string }],
    });
    expect((await fetch(`${server.url}/__sandbox/export`, { headers: { Origin: FOREIGN } })).status).toBe(403);
    expect(await customerCount()).toBe(before);

    const paymentId = await createPayment();
    const approve = await fetch(`${server.url}/bank/authorize/payment/${paymentId}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: FOREIGN, "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
    });
    expect(approve.status).toBe(403);
    expect((await client.controlJson<{ transactionStatus: string }>("GET", `/__sandbox/payments/${paymentId}`)).transactionStatus).toBe("RCVD");
  });

  test("a page on another origin may still fetch public reads, but gets no grant to see them", async () => {
    const openapi = await fetch(`${server.url}/openapi.json`, { headers: { Origin: FOREIGN } });
    expect(openapi.status).toBe(200);
    expect(openapi.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(openapi.headers.get("Vary")).toMatch(/Origin/);
  });

  test("the bank page's own form (same loopback origin, form-encoded) still approves", async () => {
    const paymentId = await createPayment();
    const approve = await fetch(`${server.url}/bank/authorize/payment/${paymentId}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
    });
    expect(approve.status).toBe(303);
    expect((await client.controlJson<{ transactionStatus: string }>("GET", `/__sandbox/payments/${paymentId}`)).transactionStatus).toBe("ACTC");
  });

  test("an origin added with --allow-origin may use the controls, granted by name", async () => {
    const clock = await fetch(`${server.url}/__sandbox/clock`, { headers: { Origin: ALLOWED } });
    expect(clock.status).toBe(200);
    expect(clock.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
  });
});

describe("state-changing controls take JSON only", { timeout: 20_000 }, () => {
  test.each([
    ["text/plain", '{"days":1}'],
    ["application/x-www-form-urlencoded", "days=1"],
    ["multipart/form-data; boundary=x", "--x--"],
  ])("POST /__sandbox/clock/advance with %s: 415 saying to send JSON; the clock does not move", async (type, body) => {
    const before = await client.controlJson<{ offsetMs: number }>("GET", "/__sandbox/clock");
    const response = await fetch(`${server.url}/__sandbox/clock/advance`, { method: "POST", headers: { "Content-Type": type }, body });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      tppMessages: [
        { category: "ERROR", code: "FORMAT_ERROR", text: expect.stringContaining("Send the body as JSON with Content-Type: application/json.") as string },
      ],
    });
    expect((await client.controlJson<{ offsetMs: number }>("GET", "/__sandbox/clock")).offsetMs).toBe(before.offsetMs);
  });

  test("a body without Content-Type is 415; no body and no Content-Type (curl -X POST) is fine; JSON with a charset is fine", async () => {
    const raw = await rawExchange(server.port, `PUT /__sandbox/batch/times HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
    expect(raw).toMatch(/^HTTP\/1\.1 415 /);
    expect((await fetch(`${server.url}/__sandbox/batch/run`, { method: "POST" })).status).toBe(200);
    const json = await fetch(`${server.url}/__sandbox/batch/times`, {
      method: "PUT",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ batchTimes: ["06:00", "09:00", "12:00", "15:00", "18:00"] }),
    });
    expect(json.status).toBe(200);
  });
});

describe("a server on loopback answers loopback host names only (DNS rebinding)", { timeout: 20_000 }, () => {
  test.each(["localhost", "127.0.0.1", "[::1]", "LOCALHOST", "app.localhost"])("Host: %s is answered", async (host) => {
    const answer = await rawExchange(server.port, `GET /__sandbox/clock HTTP/1.1\r\nHost: ${host}:${String(server.port)}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  test.each(["rebind.attacker.example", "192.168.1.20", "sandbox.internal"])(
    "Host: %s is 403 FORBIDDEN before anything is read or changed, and says how to serve other names",
    async (host) => {
      const before = await customerCount();
      for (const request of [
        `GET /__sandbox/export HTTP/1.1\r\nHost: ${host}:${String(server.port)}\r\nConnection: close\r\n\r\n`,
        `POST /__sandbox/reset HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      ]) {
        const answer = await rawExchange(server.port, request);
        expect(answer).toMatch(/^HTTP\/1\.1 403 /);
        expect(answer).toContain('"code":"FORBIDDEN"');
        expect(answer).toContain("--host 0.0.0.0");
        expect(answer).not.toContain('"stores"');
      }
      expect(await customerCount()).toBe(before);
    },
  );
});

test("a body that stops short of its Content-Length is answered 408 once the request's time is up, not held open", async () => {
  const { server: strict } = await serverAndClient({ requestTimeoutMs: 400 });
  try {
    const started = Date.now();
    const answer = await rawExchange(
      strict.port,
      `POST /__sandbox/clock/advance HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"min`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toContain("stopped short of its Content-Length");
    // Well before Node's own default of five minutes (the margin is for a slow machine).
    expect(Date.now() - started).toBeLessThan(30_000);
    // The server goes on, and the request is in its traffic as the 408 it got.
    expect((await fetch(`${strict.url}/healthz`)).status).toBe(200);
    const listed = async () => (await (await fetch(`${strict.url}/__sandbox/requests`)).json()) as { requests: { path: string; status: number }[] };
    let requests = (await listed()).requests;
    while (requests.length === 0) requests = (await listed()).requests;
    expect(requests.map((request) => [request.path, request.status])).toEqual([["/__sandbox/clock/advance", 408]]);
  } finally {
    await strict.close();
  }
});

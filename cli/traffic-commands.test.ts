/**
 * `tail` and `report` read the recorded traffic (issue 26). A stub server answers `tail` with the contract's shapes
 * (src/contract/traffic.ts) to pin the lines; both run against a real server.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ExplorerAccount } from "../src/contract/control-schemas";
import { hrefOf } from "../src/contract/paths";
import { ClientReport, TrafficPage, type TrafficSummary } from "../src/contract/traffic";
import { serverAndClient } from "../mocks/server/http-client.test-helpers";
import { startSandboxServer } from "../mocks/server/start";
import { initiationHeaders, KARI, kariAndOla, NDCT, paymentBody } from "../mocks/test-helpers";
import { runCommand } from "./cli.test-helpers";
import { FOLLOW_INTERVAL_MS } from "./commands/tail";
import { runCli } from "./run";

const summary = (id: string, at: string, fields: Partial<TrafficSummary> = {}): TrafficSummary => ({
  id,
  at,
  method: "POST",
  path: "/v1/payments/norwegian-domestic-credit-transfers",
  query: "",
  operation: "createPayment",
  status: 201,
  ms: 12.4,
  tpp: { keySha256: "a".repeat(64), certificateSha256: "b".repeat(64), subject: "CN=TPP", organizationIdentifier: "PSDNO-FSA-123", verified: true },
  requestId: "8a4b7c1e-0000-4000-8000-000000000001",
  scenario: null,
  changes: [{ kind: "payment", id: "p-1", to: "RCVD" }],
  diagnosisCodes: [],
  ...fields,
});

const seen: string[] = [];
let stub: Server;
let url: string;

beforeAll(async () => {
  const page = TrafficPage.parse({
    requests: [
      summary("0002", "2026-11-24T09:00:02.000Z", {
        method: "GET",
        path: "/v1/payments/x/status",
        query: "fields=all",
        operation: "getPaymentStatus",
        status: 401,
        changes: [],
        tpp: null,
        diagnosisCodes: ["LINE_ENDINGS"],
      }),
      summary("0001", "2026-11-24T09:00:01.000Z"),
    ],
    next: null,
  });
  stub = createServer((request, response) => {
    seen.push(request.url ?? "");
    const path = (request.url ?? "").split("?")[0];
    const body = path === "/__sandbox/requests" ? page : undefined;
    response.writeHead(body === undefined ? 404 : 200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body ?? { tppMessages: [{ category: "ERROR", code: "RESOURCE_UNKNOWN", text: "Nothing here." }] }));
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${String((stub.address() as AddressInfo).port)}`;
});
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

describe("tail", () => {
  test("prints one line per recorded request, oldest first, with its answer, signer, changes and the doctor's codes", async () => {
    const ran = await runCommand(["tail", "--url", url, "--limit", "20"]);
    expect(ran.code).toBe(0);
    const lines = ran.out.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^2026-11-24T09:00:01\.000Z POST \/v1\/payments\/norwegian-domestic-credit-transfers → 201 \(12 ms\) {2}createPayment {2}PSDNO-FSA-123 {2}payment p-1 RCVD$/,
    );
    expect(lines[1]).toContain("GET /v1/payments/x/status?fields=all → 401");
    expect(lines[1]).toContain("unsigned");
    expect(lines[1]).toContain("signature: LINE_ENDINGS");
    expect(seen.at(-1)).toBe("/__sandbox/requests?limit=20");
    const json = await runCommand(["tail", "--url", url, "--json"]);
    expect(json.out.split("\n").map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(["0001", "0002"]);
    expect((await runCommand(["tail", "--url", url, "--limit", "0"])).code).toBe(2);
  });

  test("against a real server: what a client sent, refused or not, and what a control changed", async () => {
    const server = await startSandboxServer({ port: 0, verifyWorkers: 0 });
    try {
      const refused = await fetch(`${server.url}/v1/payments/norwegian-domestic-credit-transfers/no-such-payment/status`);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect((await runCommand(["clock", "advance", "1", "--url", server.url])).code).toBe(0);
      const ran = await runCommand(["tail", "--url", server.url]);
      expect(ran.code).toBe(0);
      const lines = ran.out.split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain(`GET /v1/payments/norwegian-domestic-credit-transfers/no-such-payment/status → ${String(refused.status)}`);
      expect(lines[0]).toContain("unsigned");
      expect(lines[1]).toMatch(/POST \/__sandbox\/clock\S* → 200 .*clock/);
    } finally {
      await server.close();
    }
  });
});

describe("tail --follow", () => {
  /** Runs `tail --follow` in this process, its lines readable as they come, until stopped as Ctrl+C would. */
  function following(argv: readonly string[]) {
    const lines: string[] = [];
    const errors: string[] = [];
    const stop = new AbortController();
    const ran = runCli(["tail", "--follow", ...argv], {
      io: { out: (line) => lines.push(line), err: (line) => errors.push(line) },
      env: {},
      signal: stop.signal,
    });
    return {
      lines,
      errors,
      /** Waits until `done` holds of the lines printed so far. */
      until: async (done: (printed: readonly string[]) => boolean) => {
        while (!done(lines)) await new Promise((resolve) => setTimeout(resolve, 50));
      },
      stop: async () => {
        stop.abort();
        return ran;
      },
    };
  }

  test("prints every request once, however close together, only those after the --limit it began with", async () => {
    const server = await startSandboxServer({ port: 0, verifyWorkers: 0 });
    try {
      for (const n of [1, 2, 3]) expect((await fetch(`${server.url}/__sandbox/clock?before=${String(n)}`)).status).toBe(200);
      await waitForRecords(server.url, 3);
      const tail = following(["--url", server.url, "--limit", "1"]);
      await tail.until((printed) => printed.length === 1);
      expect(tail.lines[0]).toContain("GET /__sandbox/clock?before=3 → 200");
      // Eight at once: more than --limit, all within one of tail's readings.
      await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => fetch(`${server.url}/__sandbox/clock?after=${String(n)}`)));
      await tail.until((printed) => printed.length >= 9);
      // Another reading or two: nothing printed twice, none of the three it left out by --limit printed late.
      await new Promise((resolve) => setTimeout(resolve, 2.5 * FOLLOW_INTERVAL_MS));
      expect(await tail.stop()).toBe(0);
      expect(tail.lines).toHaveLength(9);
      expect(tail.errors).toEqual([]);
      const page = TrafficPage.parse(await (await fetch(`${server.url}/__sandbox/requests?limit=9`)).json());
      const ids = page.requests.map((request) => request.id);
      const json = following(["--url", server.url, "--limit", "9", "--json"]);
      await json.until((printed) => printed.length === 9);
      await json.stop();
      expect(json.lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(ids.toReversed());
    } finally {
      await server.close();
    }
  });

  test("a request recorded after a later one (its answer took longer) is still printed, once; a sandbox away is waited for", async () => {
    const b = summary("0000000000000002-000000000002", "2026-11-24T09:00:02.000Z");
    const c = summary("0000000000000003-000000000003", "2026-11-24T09:00:03.000Z");
    const late = summary("0000000000000002-000000000009", "2026-11-24T09:00:02.500Z");
    // What each reading answers: first B, then C, then a moment without the server, then C and the late one.
    const readings: (TrafficSummary[] | "away")[] = [[b], [c, b], "away", [c, late, b]];
    const asked: string[] = [];
    const sequence = createServer((request, response) => {
      asked.push(request.url ?? "");
      const reading = readings[Math.min(asked.length - 1, readings.length - 1)];
      if (reading === "away") {
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(TrafficPage.parse({ requests: reading, next: null })));
    });
    await new Promise<void>((resolve) => sequence.listen(0, "127.0.0.1", resolve));
    try {
      const tail = following(["--url", `http://127.0.0.1:${String((sequence.address() as AddressInfo).port)}`, "--json"]);
      await tail.until((printed) => printed.length === 3);
      await new Promise((resolve) => setTimeout(resolve, 1.5 * FOLLOW_INTERVAL_MS));
      expect(await tail.stop()).toBe(0);
      expect(tail.lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual([b.id, c.id, late.id]);
      // Each reading after the first starts a few seconds before the newest arrival printed.
      expect(new URLSearchParams(asked[1]?.split("?")[1]).get("since")).toBe("2026-11-24T08:59:57.000Z");
      expect(new URLSearchParams(asked[3]?.split("?")[1]).get("since")).toBe("2026-11-24T08:59:58.000Z");
      expect(tail.errors).toHaveLength(2);
      expect(tail.errors[0]).toMatch(/^psd2-sandbox tail: No sandbox answers at .* Trying again every 1 s\.$/);
      expect(tail.errors[1]).toContain("answers again");
    } finally {
      await new Promise<void>((resolve) => sequence.close(() => resolve()));
    }
  });
});

/** Waits until the server has recorded at least `count` requests (a record is written once its answer has gone). */
async function waitForRecords(origin: string, count: number): Promise<void> {
  while (TrafficPage.parse(await (await fetch(`${origin}/__sandbox/requests`)).json()).requests.length < count)
    await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("report", () => {
  test("against a real server: exits 1 naming a failed check and its requests, 0 for a client or a time without failures", async () => {
    const { server, client } = await serverAndClient({ verifyWorkers: 0 });
    try {
      const { kari, ola } = kariAndOla(await client.controlJson<ExplorerAccount[]>("GET", hrefOf("sandboxAccounts", {})));
      const created = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola) });
      expect(created.status).toBe(201);
      const { paymentId } = (await created.json()) as { paymentId: string };
      const status = hrefOf("getPaymentStatus", { paymentId });
      const reused = { "X-Request-ID": crypto.randomUUID() };
      expect((await client.send("GET", status, { headers: reused })).status).toBe(200);
      expect((await client.send("GET", status, { headers: reused })).status).toBeGreaterThanOrEqual(400);

      // A record is written once its answer has gone: wait for the last one.
      const statusReads = () => client.controlJson<TrafficPage>("GET", hrefOf("sandboxRequests", {}, { operation: "getPaymentStatus" }));
      while ((await statusReads()).requests.length < 2) await new Promise((resolve) => setImmediate(resolve));

      const failing = await runCommand(["report", "--url", server.url]);
      expect(failing.code, failing.err).toBe(1);
      expect(failing.out).toMatch(/^client report for every client: \d+ recorded requests since /);
      expect(failing.out).toMatch(/FAIL {5}A new X-Request-ID for every request \(spec 4\.1[^)]*\)\): 2 requests reused an X-Request-ID/);
      expect(failing.out).toMatch(/\npass {5}After the SCA redirect, the status is read \(spec 5\.9\)\n/);
      const json = ClientReport.parse(JSON.parse((await runCommand(["report", "--url", server.url, "--json"])).out));
      const listed = await statusReads();
      expect(json.checks.find((check) => check.id === "request-id-unique")?.evidence).toEqual(listed.requests.map((request) => request.id).reverse());

      const later = await runCommand(["report", "--url", server.url, "--since", new Date(Date.now() + 60_000).toISOString()]);
      expect(later.code).toBe(0);
      expect(later.out).toContain("0 passed, 0 failed, 10 untested");
      const stranger = await runCommand(["report", "--url", server.url, "--json", "--tpp", "a".repeat(64)]);
      expect(stranger.code).toBe(0);
      expect(ClientReport.parse(JSON.parse(stranger.out))).toMatchObject({ tpp: "a".repeat(64), requests: 0 });
      const bad = await runCommand(["report", "--url", server.url, "--tpp", "nope"]);
      expect(bad.code).toBe(2);
      expect(bad.err).toContain("tpp is the SHA-256 fingerprint");
    } finally {
      await server.close();
    }
  });

  test("a server that keeps no traffic record is exit 1 with its answer", async () => {
    const server = await startSandboxServer({ port: 0, verifyWorkers: 0, traffic: { maxRecords: 0 } });
    try {
      const ran = await runCommand(["report", "--url", server.url]);
      expect(ran.code).toBe(1);
      expect(ran.err).toContain("GET /__sandbox/report → 404");
    } finally {
      await server.close();
    }
  });
});

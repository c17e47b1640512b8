/**
 * The traffic record on the server (issue 26, decision 0055): every request answered is kept, in the sandbox's
 * database, with what it changed; the control routes list it newest first and show one whole; the bound holds.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { TrafficPage, TrafficRecord } from "../../src/contract/traffic";
import { hrefOf } from "../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, paymentBody as bodyOf } from "../test-helpers";
import { httpClient, serverAndClient, type HttpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

/** Kari's account to Ola's, of the fixed data (the durability test's). */
const paymentBody = () => bodyOf({ bban: "97100000028" }, { bban: "97100000044" });

let directory: string;
const servers: SandboxServer[] = [];
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "sandbox-traffic-"));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await rm(directory, { recursive: true, force: true });
});

async function started(options: Parameters<typeof startSandboxServer>[0] = {}) {
  const server = await startSandboxServer({ port: 0, verifyWorkers: 0, ...options });
  servers.push(server);
  return { server, client: httpClient(server.url) };
}

const page = (client: HttpClient, query: Record<string, string> = {}) => client.controlJson<TrafficPage>("GET", hrefOf("sandboxRequests", {}, query));

/** Records are written once their answer has gone: the list shows one as soon as that unit has committed. */
async function untilListed(client: HttpClient, count: number, query: Record<string, string> = {}): Promise<TrafficPage> {
  for (let attempt = 0; ; attempt++) {
    const listed = await page(client, query);
    if (listed.requests.length >= count || attempt > 200) return listed;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("every request answered is recorded", () => {
  test("a payment creation, a refused request and a control: newest first, with TPP, request id, bodies and what changed", async () => {
    const { client } = await started();
    const created = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody() });
    expect(created.status).toBe(201);
    const { paymentId } = (await created.json()) as { paymentId: string };
    const unsigned = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(), sign: false });
    expect(unsigned.status).toBe(401);
    await client.control("POST", hrefOf("scaDecision", { subject: "payment", id: paymentId }), { decision: "approve" });

    const listed = await untilListed(client, 3);
    expect(listed.requests.map((request) => [request.operation, request.status])).toEqual([
      ["scaDecision", 200],
      ["createPayment", 401],
      ["createPayment", 201],
    ]);
    const [decision, refused, creation] = listed.requests;
    expect(decision?.changes).toEqual([{ kind: "payment", id: paymentId, from: "RCVD", to: "ACTC" }]);
    expect(refused?.tpp).toBeNull();
    expect(creation?.tpp?.verified).toBe(true);
    expect(creation?.tpp?.certificateSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(creation?.changes).toEqual([{ kind: "payment", id: paymentId, to: "RCVD" }]);

    const whole = await client.controlJson<TrafficRecord>("GET", hrefOf("sandboxRequest", { id: creation?.id ?? "" }));
    expect(whole.request.headers["x-request-id"]).toBe(whole.requestId);
    expect(JSON.parse(whole.request.body.text)).toEqual(paymentBody());
    expect(whole.request.body.keptBytes).toBe(whole.request.body.bytes);
    expect(JSON.parse(whole.response.body.text)).toMatchObject({ paymentId, transactionStatus: "RCVD" });
    expect(whole.response.headers["content-type"]).toBe("application/json");
  });

  test("the traffic's own reads and the server's pages are not recorded; the bank page and unknown paths are", async () => {
    const { client, server } = await started();
    await page(client);
    await client.control("GET", hrefOf("sandboxChanges", {}));
    await fetch(`${server.url}/openapi.json`);
    await fetch(`${server.url}/healthz`);
    await client.control("GET", "/__sandbox/no-such-route");
    await fetch(`${server.url}/bank/authorize/payment/unknown`);
    const listed = await untilListed(client, 2);
    expect(listed.requests.map((request) => [request.path, request.status])).toEqual([
      ["/bank/authorize/payment/unknown", 404],
      ["/__sandbox/no-such-route", 404],
    ]);
  });

  test("with the portal served beside it, its files and pages are not recorded; a path trick is recorded as it was sent", async () => {
    const portal = join(directory, "portal");
    await mkdir(join(portal, "assets"), { recursive: true });
    await writeFile(join(portal, "index.html"), "<!doctype html><html><head><title>Portal</title></head><body></body></html>");
    await writeFile(join(portal, "assets", "index-AbC123.js"), "console.log('portal');");
    const { client, server } = await started({ portalDir: portal });
    // As a browser asks: a client route is the portal's page only for one that wants HTML.
    const html = { headers: { Accept: "text/html" } };
    for (const path of ["/assets/index-AbC123.js", "/quick-start", "/reference", "/"]) expect((await fetch(`${server.url}${path}`, html)).status).toBe(200);
    // fetch() resolves "..", as a browser would: a client that sends the path as it is (curl --path-as-is) is what the trick is.
    const { hostname, port } = new URL(server.url);
    const trick = await new Promise<number>((resolve, reject) => {
      request({ hostname, port, method: "POST", path: "/v1/../__sandbox/reset" }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on("error", reject)
        .end();
    });
    expect(trick).toBe(400);
    await client.control("GET", hrefOf("sandboxClock", {}));
    const listed = await untilListed(client, 2);
    expect(listed.requests.map((recorded) => [recorded.method, recorded.path, recorded.operation, recorded.status])).toEqual([
      ["GET", "/__sandbox/clock", "sandboxClock", 200],
      ["POST", "/v1/../__sandbox/reset", null, 400],
    ]);
  });

  test("filters: status class, one status, operation, TPP, time; pages by cursor; bad filters are 400 saying the fix", async () => {
    const { client } = await started();
    const before = new Date().toISOString();
    for (let n = 0; n < 5; n++) await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody() });
    await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(), sign: false });
    await client.control("GET", hrefOf("sandboxClock", {}));
    const all = await untilListed(client, 7);
    expect(all.requests).toHaveLength(7);
    const tpp = all.requests.find((request) => request.tpp)?.tpp?.certificateSha256 ?? "";

    expect((await page(client, { status: "4xx" })).requests.map((request) => request.status)).toEqual([401]);
    expect((await page(client, { status: "201" })).requests).toHaveLength(5);
    expect((await page(client, { operation: "sandboxClock" })).requests).toHaveLength(1);
    // A portal's own polling left out; a control read asked for by name still shown.
    expect((await page(client, { controlReads: "exclude" })).requests.map((request) => request.operation)).not.toContain("sandboxClock");
    expect((await page(client, { controlReads: "exclude" })).requests).toHaveLength(6);
    expect((await page(client, { controlReads: "exclude", operation: "sandboxClock" })).requests).toHaveLength(1);
    expect((await page(client, { tpp: tpp.toUpperCase().replace(/(..)(?!$)/g, "$1:") })).requests).toHaveLength(5);
    expect((await page(client, { since: before, until: new Date(Date.now() + 1000).toISOString() })).requests).toHaveLength(7);
    expect((await page(client, { until: before })).requests).toHaveLength(0);

    const first = await page(client, { limit: "3" });
    const second = await page(client, { limit: "3", cursor: first.next ?? "" });
    const third = await page(client, { limit: "3", cursor: second.next ?? "" });
    expect([...first.requests, ...second.requests, ...third.requests].map((request) => request.id)).toEqual(all.requests.map((request) => request.id));
    expect(third.next).toBeNull();

    for (const [query, path, fix] of [
      [{ limit: "201" }, "limit", /200 or fewer/],
      [{ cursor: "yesterday" }, "cursor", /the `next` of the page before/],
      [{ status: "4x" }, "status", /2xx, 3xx, 4xx or 5xx/],
      [{ tpp: "abc" }, "tpp", /64 hex digits/],
      [{ since: "today" }, "since", /ISO 8601/],
      [{ operation: "createpayment" }, "operation", /no operation or control route; did you mean createPayment/],
      [{ controlReads: "hide" }, "controlReads", /include \(the default\) or exclude/],
    ] as const) {
      const refused = await client.control("GET", hrefOf("sandboxRequests", {}, query));
      expect(refused.status).toBe(400);
      const { tppMessages } = (await refused.json()) as { tppMessages: { code: string; path: string; text: string }[] };
      expect(tppMessages[0]).toMatchObject({ code: "FORMAT_ERROR", path });
      expect(tppMessages[0]?.text).toMatch(fix);
    }
    expect((await client.control("GET", hrefOf("sandboxRequest", { id: "0000000000000000-000000000000" }))).status).toBe(404);
  });
});

test("records survive a restart on the same data file", async () => {
  const file = join(directory, "sandbox.db");
  const first = await started({ dataFile: file });
  await first.client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody() });
  const recorded = await untilListed(first.client, 1);
  await first.server.close();
  servers.splice(servers.indexOf(first.server), 1);
  const second = await started({ dataFile: file });
  expect((await page(second.client)).requests.map((request) => request.id)).toEqual(recorded.requests.map((request) => request.id));
});

test("retention keeps its bound, in records and in bytes, with more requests than it holds: the oldest go first", async () => {
  const { client } = await started({ traffic: { maxRecords: 5 } });
  for (let n = 0; n < 12; n++) await client.control("GET", hrefOf("sandboxClock", {}, {}));
  await client.control("GET", hrefOf("sandboxCustomers", {}));
  const kept = await untilListed(client, 5, { limit: "200" });
  expect(kept.requests).toHaveLength(5);
  expect(kept.requests[0]?.operation).toBe("sandboxCustomers");

  const small = await started({ traffic: { maxBytes: 12_000 } });
  for (let n = 0; n < 30; n++) await small.client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody() });
  const held = await untilListed(small.client, 1, { limit: "200" });
  // A payment creation's record is some 3 KB of JSON: 12,000 bytes hold a few of the 30, the newest.
  expect(held.requests.length).toBeGreaterThan(0);
  expect(held.requests.length).toBeLessThan(10);
  // What the bound counts is what is stored: each record without its certificate header, and the certificate once.
  const records = await Promise.all(
    held.requests.map((request) => small.client.controlJson<TrafficRecord>("GET", hrefOf("sandboxRequest", { id: request.id }))),
  );
  const certificates = new Set(records.map((record) => record.request.headers["tpp-signature-certificate"] ?? ""));
  expect(certificates.size).toBe(1);
  const stored = records.map(
    (record) => JSON.stringify({ ...record, request: { ...record.request, headers: { ...record.request.headers, "tpp-signature-certificate": "" } } }).length,
  );
  expect(stored.reduce((sum, size) => sum + size, 0) + [...certificates][0]!.length).toBeLessThanOrEqual(12_000);
});

test("--traffic-max-records 0 records nothing, and the routes say so", async () => {
  const { client } = await serverAndClient({ traffic: { maxRecords: 0 } }).then((made) => {
    servers.push(made.server);
    return made;
  });
  await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody() });
  const answer = await client.control("GET", hrefOf("sandboxRequests", {}));
  expect(answer.status).toBe(404);
  expect(await answer.text()).toContain("keeps no traffic record");
});

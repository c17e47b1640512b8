/**
 * `tail` and `report` read the recorded traffic (issue 26). A stub server answers with the contract's shapes
 * (src/contract/traffic.ts) to pin the lines; `tail` also runs against a real server. The report's route is being
 * built beside this: until it lands, the real server's answer today (404) shows the error path.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ClientReport, TrafficPage, type TrafficSummary } from "../src/contract/traffic";
import { startSandboxServer } from "../mocks/server/start";
import { runCommand } from "./cli.test-helpers";

const summary = (id: string, at: string, fields: Partial<TrafficSummary> = {}): TrafficSummary => ({
  id,
  at,
  method: "POST",
  path: "/v1/payments/norwegian-domestic-credit-transfers",
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

let report: ClientReport;
const seen: string[] = [];
let stub: Server;
let url: string;

beforeAll(async () => {
  const page = TrafficPage.parse({
    requests: [
      summary("0002", "2026-11-24T09:00:02.000Z", {
        method: "GET",
        path: "/v1/payments/x/status",
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
    const body = path === "/__sandbox/requests" ? page : path === "/__sandbox/report" ? report : undefined;
    response.writeHead(body === undefined ? 404 : 200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body ?? { tppMessages: [{ category: "ERROR", code: "RESOURCE_UNKNOWN", text: "Nothing here." }] }));
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${String((stub.address() as AddressInfo).port)}`;
});
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

const check = (status: "pass" | "fail" | "untested") => ({
  id: `check-${status}`,
  title: `A ${status} check`,
  status,
  evidence: status === "fail" ? ["0002"] : [],
  source: "spec 5.2",
  detail: "Sign with CRLF-free signing strings.",
});

describe("tail", () => {
  test("prints one line per recorded request, oldest first, with its answer, signer, changes and the doctor's codes", async () => {
    const ran = await runCommand(["tail", "--url", url, "--limit", "20"]);
    expect(ran.code).toBe(0);
    const lines = ran.out.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^2026-11-24T09:00:01\.000Z POST \/v1\/payments\/norwegian-domestic-credit-transfers → 201 \(12 ms\) {2}createPayment {2}PSDNO-FSA-123 {2}payment p-1 RCVD$/,
    );
    expect(lines[1]).toContain("→ 401");
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

describe("report", () => {
  test("exits 1 when a check fails, naming it and its requests; 0 when none does", async () => {
    report = ClientReport.parse({ tpp: null, requests: 2, since: "2026-11-24T09:00:01.000Z", checks: [check("pass"), check("fail"), check("untested")] });
    const failing = await runCommand(["report", "--url", url]);
    expect(failing.code).toBe(1);
    expect(failing.out).toContain("FAIL     A fail check (spec 5.2): Sign with CRLF-free signing strings. [requests 0002]");
    expect(failing.out).toContain("1 passed, 1 failed, 1 untested");
    report = ClientReport.parse({ ...report, checks: [check("pass"), check("untested")] });
    const passing = await runCommand(["report", "--url", url, "--json", "--tpp", "a".repeat(64)]);
    expect(passing.code).toBe(0);
    expect(ClientReport.parse(JSON.parse(passing.out)).checks).toHaveLength(2);
    expect(seen.at(-1)).toBe(`/__sandbox/report?tpp=${"a".repeat(64)}`);
  });

  test("a server without the recorded traffic is exit 1 with its answer", async () => {
    const server = await startSandboxServer({ port: 0, verifyWorkers: 0 });
    try {
      const ran = await runCommand(["report", "--url", server.url]);
      expect(ran.code).toBe(1);
      expect(ran.err).toContain("GET /__sandbox/report → 404");
    } finally {
      await server.close();
    }
  });
});

/**
 * Scenarios over real HTTP against the standalone server on SQLite (decision 0037-scenarios): the same
 * dispatcher as the browser's, so the forced answers are the same; here what only a server shows: a
 * delay holds up no other request, the marker reaches another origin, and rules outlive a restart.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, kariAndOla, paymentBody, type ListedAccount } from "../test-helpers";
import { OUTCOME_CASES, walkOutcome, type ScenarioTransport, type SeenAnswer } from "../scenarios/every-outcome.test-helpers";
import { httpClient, type HttpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

let directory: string;
let server: SandboxServer;
let client: HttpClient;
let body: ReturnType<typeof paymentBody>;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "sandbox-scenarios-"));
  server = await startSandboxServer({ port: 0, dataFile: join(directory, "sandbox.db") });
  client = httpClient(server.url);
  await client.send("POST", "/v1/sandbox/initialize");
  const { kari, ola } = kariAndOla(await client.controlJson<ListedAccount[]>("GET", hrefOf("sandboxAccounts", {})));
  body = paymentBody(kari, ola);
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

const initiate = (scenario?: string) =>
  client.send("POST", NDCT, { headers: { ...initiationHeaders(KARI), ...(scenario ? { "X-Sandbox-Scenario": scenario } : {}) }, body });

describe("scenarios on the standalone server", { timeout: 30_000 }, () => {
  test("a forced 503 carries Retry-After and the marker, exposed to the portal on another origin", async () => {
    const response = await client.send("GET", `${NDCT}/no-such-payment/status`, {
      headers: { "X-Sandbox-Scenario": "service-unavailable;retry-after=20", Origin: "http://localhost:5173" },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("20");
    expect(response.headers.get("X-Sandbox-Scenario-Applied")).toBe("header (service-unavailable;retry-after=20)");
    expect(response.headers.get("Access-Control-Expose-Headers")).toMatch(/X-Sandbox-Scenario-Applied, Retry-After/);
  });

  test("a delayed request holds up no other: the clock answers while a 1.5 s delay runs", async () => {
    const started = performance.now();
    let clockAt = 0;
    const [delayed] = await Promise.all([
      initiate("delay;ms=1500").then((response) => ({ response, at: performance.now() - started })),
      client.controlJson("GET", hrefOf("sandboxClock", {})).then(() => (clockAt = performance.now() - started)),
    ]);
    expect(delayed.response.status).toBe(201);
    expect(delayed.at).toBeGreaterThanOrEqual(1450);
    expect(clockAt).toBeLessThan(delayed.at);
  });

  test("a held payment is released and booked; the rules outlive a restart of the server on its data file", async () => {
    const created = (await (await initiate("hold;status=ACSP")).json()) as { paymentId: string };
    await client.controlJson("POST", hrefOf("scaDecision", { subject: "payment", id: created.paymentId }), { decision: "approve" });
    const status = async () =>
      ((await (await client.send("GET", `${NDCT}/${created.paymentId}/status`)).json()) as { transactionStatus: string }).transactionStatus;
    expect(await status()).toBe("ACSP");
    await client.controlJson("POST", hrefOf("releasePayment", { paymentId: created.paymentId }));
    await client.controlJson("POST", hrefOf("runBatch", {}));
    expect(await status()).toBe("ACSC");

    await client.controlJson("PUT", hrefOf("setScenarioRules", {}), {
      rules: [{ id: "kept", enabled: true, match: { operations: ["createPayment"] }, outcome: { kind: "system-error" } }],
    });
    await server.close();
    server = await startSandboxServer({ port: 0, dataFile: join(directory, "sandbox.db") });
    client = httpClient(server.url);
    const forced = await initiate();
    expect(forced.status).toBe(500);
    expect(forced.headers.get("X-Sandbox-Scenario-Applied")).toBe("rule kept (system-error)");
  });

  test("a rule set replaced takes effect with the next request: switched on, changed, and switched off", async () => {
    const rules = (enabled: boolean, kind: "system-error" | "too-many-requests") => ({
      rules: [{ id: "now", enabled, match: { operations: ["createPayment"] }, outcome: kind === "system-error" ? { kind } : { kind, "retry-after": 5 } }],
    });
    expect((await initiate()).status).toBe(500); // the rule "kept" of the test before
    await client.controlJson("PUT", hrefOf("setScenarioRules", {}), rules(true, "too-many-requests"));
    expect((await initiate()).status).toBe(429);
    await client.controlJson("PUT", hrefOf("setScenarioRules", {}), rules(false, "too-many-requests"));
    expect((await initiate()).status).toBe(201);
    await client.controlJson("PUT", hrefOf("setScenarioRules", {}), rules(true, "system-error"));
    expect((await initiate()).status).toBe(500);
    await client.controlJson("PUT", hrefOf("setScenarioRules", {}), { rules: [] });
    expect((await initiate()).status).toBe(201);
  });
});

const seen = async (response: Response): Promise<SeenAnswer> => {
  const text = await response.text();
  return { status: response.status, header: (name) => response.headers.get(name), json: text === "" ? null : (JSON.parse(text) as unknown) };
};

describe("every outcome over HTTP, as a TPP's back end sees it", { timeout: 60_000 }, () => {
  const transport = (): ScenarioTransport => ({
    initiate: async (scenario) => seen(await initiate(scenario)),
    status: async (id) => seen(await client.send("GET", `${NDCT}/${id}/status`)),
    approve: async (id) => seen(await client.control("POST", hrefOf("scaDecision", { subject: "payment", id }), { decision: "approve" })),
    runBatch: async () => seen(await client.control("POST", hrefOf("runBatch", {}))),
    advanceClockMinutes: async (minutes) => seen(await client.control("POST", hrefOf("advanceClock", {}), { minutes })),
    release: async (id) => seen(await client.control("POST", hrefOf("releasePayment", { paymentId: id }))),
  });

  test.each(OUTCOME_CASES)("$scenario", async (outcome) => {
    expect(await walkOutcome(transport(), outcome)).toEqual(outcome.expected);
  });
});

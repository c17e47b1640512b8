/**
 * Every control route answers with the shape its row of the control table promises: the portal
 * parses these answers with the same schemas, so a drift here would be an error on its pages.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { controlRoutes, type ControlRouteId } from "../../src/contract/control";
import { hrefOf } from "../../src/contract/paths";
import { KARI, NDCT, OLA, ORIGIN, initiationHeaders, testClient, type TestClient } from "../test-helpers";
import { createMemorySandbox } from "../memory-sandbox";
import { BROWSER_TRAFFIC_LIMITS, recordingDispatch } from "../recording-dispatch";
import type { TrafficPage } from "../../src/contract/traffic";

let client: TestClient;
let paymentId = "";
let heldPaymentId = "";

let recordedId = "";

beforeAll(async () => {
  client = await testClient({ sandbox: await createMemorySandbox({ traffic: BROWSER_TRAFFIC_LIMITS }) });
  // One request through the recording dispatcher (the service worker's), for the traffic routes to show.
  await recordingDispatch(client.sandbox)(new Request(`${ORIGIN}${hrefOf("sandboxClock", {})}`));
  while (recordedId === "") {
    const listed = (await (await client.control("GET", hrefOf("sandboxRequests", {}))).json()) as TrafficPage;
    recordedId = listed.requests[0]?.id ?? "";
    await new Promise((resolve) => setImmediate(resolve));
  }
  await client.send("POST", "/v1/sandbox/initialize");
  // advanceClock (a day) runs before scaDecision: a week's SCA window keeps the payment awaiting SCA until then.
  await client.control("PUT", hrefOf("setScaWindow", {}), { minutes: 7 * 24 * 60 });
  const accounts = (await (await client.control("GET", hrefOf("sandboxAccounts", {}))).json()) as { customerNumber: string; bban: string }[];
  const kari = accounts.find((account) => account.customerNumber === KARI.customerNumber);
  const ola = accounts.find((account) => account.customerNumber === OLA.customerNumber);
  const created = await client.send("POST", NDCT, {
    headers: initiationHeaders(KARI),
    body: {
      instructedAmount: { amount: "12.50", currency: "NOK" },
      creditorName: "Ola",
      creditorAccount: { bban: ola?.bban, currency: "NOK" },
      debtorAccount: { bban: kari?.bban, currency: "NOK" },
    },
  });
  paymentId = ((await created.json()) as { paymentId: string }).paymentId;
  // A payment a scenario holds once approved: what the release route acts on.
  const held = await client.send("POST", NDCT, {
    headers: { ...initiationHeaders(KARI), "X-Sandbox-Scenario": "hold;status=ACSP" },
    body: {
      instructedAmount: { amount: "1.00", currency: "NOK" },
      creditorName: "Ola",
      creditorAccount: { bban: ola?.bban, currency: "NOK" },
      debtorAccount: { bban: kari?.bban, currency: "NOK" },
    },
  });
  heldPaymentId = ((await held.json()) as { paymentId: string }).paymentId;
  await client.control("POST", hrefOf("scaDecision", { subject: "payment", id: heldPaymentId }), { decision: "approve" });
});

/** One valid request per route, in an order that leaves each one something to act on. */
const requests: Record<ControlRouteId, () => { path: string; body?: unknown }> = {
  sandboxClock: () => ({ path: hrefOf("sandboxClock", {}) }),
  sandboxCustomers: () => ({ path: hrefOf("sandboxCustomers", {}) }),
  sandboxAccounts: () => ({ path: hrefOf("sandboxAccounts", {}) }),
  sandboxAgreements: () => ({ path: hrefOf("sandboxAgreements", {}) }),
  sandboxPayments: () => ({ path: hrefOf("sandboxPayments", {}, { limit: "10" }) }),
  sandboxPayment: () => ({ path: hrefOf("sandboxPayment", { paymentId }) }),
  releasePayment: () => ({ path: hrefOf("releasePayment", { paymentId: heldPaymentId }) }),
  scenarioRules: () => ({ path: hrefOf("scenarioRules", {}) }),
  setScenarioRules: () => ({
    path: hrefOf("setScenarioRules", {}),
    body: { rules: [{ enabled: true, match: { operations: ["getPaymentStatus"] }, outcome: { kind: "delay", ms: 1 } }] },
  }),
  scaRequest: () => ({ path: hrefOf("scaRequest", { subject: "payment", id: paymentId }) }),
  sandboxSettings: () => ({ path: hrefOf("sandboxSettings", {}) }),
  sandboxInfo: () => ({ path: hrefOf("sandboxInfo", {}) }),
  sandboxChanges: () => ({ path: hrefOf("sandboxChanges", {}) }),
  testIdentities: () => ({ path: hrefOf("testIdentities", {}, { count: "20" }) }),
  scaDecision: () => ({ path: hrefOf("scaDecision", { subject: "payment", id: paymentId }), body: { decision: "approve" } }),
  runBatch: () => ({ path: hrefOf("runBatch", {}) }),
  catchUpBatches: () => ({ path: hrefOf("catchUpBatches", {}) }),
  advanceClock: () => ({ path: hrefOf("advanceClock", {}), body: { days: 1 } }),
  setBatchTimes: () => ({ path: hrefOf("setBatchTimes", {}), body: { batchTimes: ["06:00", "12:00"] } }),
  setScaWindow: () => ({ path: hrefOf("setScaWindow", {}), body: { minutes: 7 * 24 * 60 } }),
  exportSandbox: () => ({ path: hrefOf("exportSandbox", {}) }),
  importSandbox: () => ({ path: hrefOf("importSandbox", {}), body: exported }),
  resetSandbox: () => ({ path: hrefOf("resetSandbox", {}) }),
  sandboxRequests: () => ({ path: hrefOf("sandboxRequests", {}, { limit: "10", status: "2xx" }) }),
  sandboxRequest: () => ({ path: hrefOf("sandboxRequest", { id: recordedId }) }),
  sandboxReport: () => ({ path: hrefOf("sandboxReport", {}, { since: "2020-01-01T00:00:00Z" }) }),
  // Hosted only (mocks/server/tenants/tenant-keys.test.ts answers them); here a 404, tested below.
  tenantKeys: () => ({ path: hrefOf("tenantKeys", {}) }),
  addTenantKey: () => ({ path: hrefOf("addTenantKey", {}), body: { certificate: "AA==" } }),
  removeTenantKey: () => ({ path: hrefOf("removeTenantKey", { spkiSha256: "0".repeat(64) }) }),
};
let exported: unknown;

describe("the control routes answer what the control table says", () => {
  for (const route of controlRoutes.filter((row) => !("hostedOnly" in row))) {
    test(`${route.method} ${route.path} (${route.id})`, async () => {
      const { path, body } = requests[route.id]();
      const response = await client.control(route.method, path, body);
      const json = await response.json();
      expect(response.status, JSON.stringify(json)).toBe(200);
      const parsed = route.response.safeParse(json);
      expect(parsed.error?.issues ?? []).toEqual([]);
      if (route.id === "exportSandbox") exported = json;
    });
  }

  test("a sandbox without tenants answers the tenant-key routes 404, saying they are a hosted server's", async () => {
    for (const route of controlRoutes.filter((row) => "hostedOnly" in row)) {
      const { path, body } = requests[route.id]();
      const response = await client.control(route.method, path, body);
      expect(response.status).toBe(404);
      expect(JSON.stringify(await response.json())).toContain("only on a hosted server");
    }
  });

  test("the change count grows with every committed change, and only then", async () => {
    const read = async () => ((await (await client.control("GET", hrefOf("sandboxChanges", {}))).json()) as { revision: number }).revision;
    const before = await read();
    await client.control("GET", hrefOf("sandboxAccounts", {}));
    expect(await read()).toBe(before);
    await client.control("POST", hrefOf("advanceClock", {}), { minutes: 1 });
    expect(await read()).toBeGreaterThan(before);
  });
});

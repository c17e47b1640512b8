/**
 * Scenarios answered at once (decision 0037-scenarios): 500, 503, 429 and delays, by header and by rule,
 * only for a request the bank would take, always marked, and changing nothing.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, paymentBody } from "../test-helpers";
import { scenarioSandbox } from "./scenarios.test-helpers";

let sandbox: Awaited<ReturnType<typeof scenarioSandbox>>;
beforeEach(async () => {
  sandbox = await scenarioSandbox();
});
const tppCodes = async (response: Response | { json: () => Promise<unknown> }) =>
  ((await response.json()) as { tppMessages: { code: string; path?: string }[] }).tppMessages.map((message) => message.code);

describe("the X-Sandbox-Scenario header", () => {
  test("system-error, service-unavailable and too-many-requests answer 500, 503 and 429, marked, creating no payment", async () => {
    const before = await sandbox.paymentCount();
    const error = await sandbox.initiate({ scenario: "system-error" });
    expect(error.status).toBe(500);
    expect(await tppCodes(error)).toEqual(["SYSTEM_ERROR"]);
    expect(error.headers.get("X-Sandbox-Scenario-Applied")).toBe("header (system-error)");

    const unavailable = await sandbox.initiate({ scenario: "service-unavailable;retry-after=30" });
    expect(unavailable.status).toBe(503);
    expect(await tppCodes(unavailable)).toEqual(["SERVICE_UNAVAILABLE"]);
    expect(unavailable.headers.get("Retry-After")).toBe("30");
    expect(unavailable.headers.get("X-Sandbox-Scenario-Applied")).toBe("header (service-unavailable;retry-after=30)");

    const limited = await sandbox.initiate({ scenario: "Too-Many-Requests; Retry-After=5" });
    expect(limited.status).toBe(429);
    expect(await tppCodes(limited)).toEqual(["ACCESS_EXCEEDED"]);
    expect(limited.headers.get("Retry-After")).toBe("5");
    expect(await sandbox.paymentCount()).toBe(before);
  });

  test("a delay answers as usual, that much later, marked", async () => {
    const started = performance.now();
    const response = await sandbox.initiate({ scenario: "delay;ms=300" });
    expect(response.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(response.headers.get("X-Sandbox-Scenario-Applied")).toBe("header (delay;ms=300)");
  });

  test("a value outside the grammar, a delay over 30 s or a later outcome on a read is a 400 at the header, and changes nothing", async () => {
    const before = await sandbox.paymentCount();
    for (const value of ["explode", "delay;ms=30001", "service-unavailable", "settlement-rejected;reason=XX99", "hold;status=ACSC", "delay;ms"]) {
      const response = await sandbox.initiate({ scenario: value });
      expect(response.status, value).toBe(400);
      const body = (await response.json()) as { tppMessages: { code: string; path: string; text: string }[] };
      expect(body.tppMessages[0]).toMatchObject({ code: "FORMAT_ERROR", path: "X-Sandbox-Scenario" });
    }
    const { id } = await sandbox.created();
    const read = await sandbox.client.send("GET", `${NDCT}/${id}/status`, { headers: { "X-Sandbox-Scenario": "sca-declined" } });
    expect(read.status).toBe(400);
    expect(await read.text()).toMatch(/acts on the payment it creates/);
    expect(await sandbox.paymentCount()).toBe(before + 1);
  });

  test("an unsigned, invalid or replayed request is refused as the bank would refuse it, scenario or not", async () => {
    const unsigned = await sandbox.client.send("POST", NDCT, {
      headers: { ...initiationHeaders(KARI), "X-Sandbox-Scenario": "system-error" },
      body: paymentBody(sandbox.kari, sandbox.ola),
      sign: false,
    });
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get("X-Sandbox-Scenario-Applied")).toBeNull();
    const invalid = await sandbox.initiate({ scenario: "delay;ms=30000", amount: "-1" });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("X-Sandbox-Scenario-Applied")).toBeNull();
    const id = crypto.randomUUID();
    expect((await sandbox.initiate({ scenario: "service-unavailable;retry-after=1", headers: { "X-Request-ID": id } })).status).toBe(503);
    const replayed = await sandbox.initiate({ scenario: "service-unavailable;retry-after=1", headers: { "X-Request-ID": id } });
    expect(replayed.status).toBe(409);
    expect(replayed.headers.get("X-Sandbox-Scenario-Applied")).toBeNull();
  });
});

describe("rules under /__sandbox/scenarios", () => {
  test("the first enabled rule whose operation, PSU, accounts and amount match fires; others pass as usual", async () => {
    const saved = await sandbox.setRules([
      { id: "off", enabled: false, match: {}, outcome: { kind: "system-error" } },
      {
        id: "big-from-kari",
        label: "Large payments from Kari",
        enabled: true,
        match: { operations: ["createPayment"], psuId: KARI.psuId, debtorAccount: `NO00${sandbox.kari.bban}`, amount: { min: "1000", max: "5000.50" } },
        outcome: { kind: "too-many-requests", "retry-after": 7 },
      },
      { enabled: true, match: { operations: ["getPaymentStatus"] }, outcome: { kind: "service-unavailable", "retry-after": 2 } },
    ]);
    expect(saved.status).toBe(200);
    const { rules } = (await saved.json()) as { rules: { id: string }[] };
    expect(rules[2]?.id).toMatch(/^rule-[0-9a-f]{8}$/);

    const fired = await sandbox.initiate({ amount: "1000.00" });
    expect(fired.status).toBe(429);
    expect(fired.headers.get("Retry-After")).toBe("7");
    expect(fired.headers.get("X-Sandbox-Scenario-Applied")).toBe("rule big-from-kari (too-many-requests;retry-after=7)");
    expect((await sandbox.initiate({ amount: "5000.51" })).status).toBe(201);
    const small = await sandbox.created({ amount: "999.99" });
    expect(small.marker).toBeNull();
    const read = await sandbox.client.send("GET", `${NDCT}/${small.id}/status`);
    expect(read.status).toBe(503);
    expect(read.headers.get("X-Sandbox-Scenario-Applied")).toBe(`rule ${rules[2]?.id ?? ""} (service-unavailable;retry-after=2)`);
    // The header wins over the rules.
    expect((await sandbox.initiate({ amount: "1000.00", scenario: "delay;ms=1" })).status).toBe(201);
  });

  test("a bad rule set is refused whole and the rules stay as they were", async () => {
    await sandbox.setRules([{ id: "keep", enabled: true, match: {}, outcome: { kind: "delay", ms: 5 } }]);
    for (const rules of [
      [{ enabled: true, match: {}, outcome: { kind: "delay", ms: 30_001 } }],
      [{ enabled: true, match: { operations: ["noSuchOperation"] }, outcome: { kind: "system-error" } }],
      [{ enabled: true, match: { amount: { min: "1,5" } }, outcome: { kind: "system-error" } }],
      [
        { id: "twice", enabled: true, match: {}, outcome: { kind: "system-error" } },
        { id: "twice", enabled: true, match: {}, outcome: { kind: "system-error" } },
      ],
      Array.from({ length: 51 }, () => ({ enabled: true, match: {}, outcome: { kind: "system-error" } })),
    ]) {
      const refused = await sandbox.setRules(rules);
      expect(refused.status).toBe(400);
    }
    const now = (await (await sandbox.client.control("GET", hrefOf("scenarioRules", {}))).json()) as { rules: { id: string }[] };
    expect(now.rules.map((rule) => rule.id)).toEqual(["keep"]);
  });

  test("rules ride the export and import with the rest of the sandbox", async () => {
    await sandbox.setRules([{ id: "exported", label: "kept", enabled: true, match: { operations: ["getPayment"] }, outcome: { kind: "system-error" } }]);
    const { id } = await sandbox.created({ scenario: "hold;status=PDNG" });
    const exported = await (await sandbox.client.control("GET", hrefOf("exportSandbox", {}))).json();
    await sandbox.client.control("POST", hrefOf("resetSandbox", {}));
    expect(await (await sandbox.client.control("GET", hrefOf("scenarioRules", {}))).json()).toEqual({ rules: [] });
    expect((await sandbox.client.control("POST", hrefOf("importSandbox", {}), exported)).status).toBe(200);
    const rules = (await (await sandbox.client.control("GET", hrefOf("scenarioRules", {}))).json()) as { rules: { id: string; label: string }[] };
    expect(rules.rules).toMatchObject([{ id: "exported", label: "kept" }]);
    expect((await sandbox.status(id)).marker).toBe("header (hold;status=PDNG)");
  });
});

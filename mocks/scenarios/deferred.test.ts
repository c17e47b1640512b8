/**
 * Scenarios that act later (decision 0037-scenarios): remembered on the payment at initiation, applied at
 * the bank page, in the SCA window, in the batch and on release, and marked on every read of the payment.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import { ScaRequest } from "../../src/contract/control-schemas";
import { KARI, NDCT, initiationHeaders } from "../test-helpers";
import { OUTCOME_CASES, walkOutcome, type ScenarioTransport, type SeenAnswer } from "./every-outcome.test-helpers";
import { scenarioSandbox } from "./scenarios.test-helpers";

let sandbox: Awaited<ReturnType<typeof scenarioSandbox>>;
beforeEach(async () => {
  sandbox = await scenarioSandbox();
});
const release = (id: string) => sandbox.client.control("POST", hrefOf("releasePayment", { paymentId: id }));

describe("SCA scenarios", () => {
  test("sca-declined: approving at the bank still rejects, the TPP is sent back with scaResult=nok, every read is marked", async () => {
    const { id, marker } = await sandbox.created({ scenario: "sca-declined" });
    expect(marker).toBe("header (sca-declined)");
    const decided = await sandbox.decide(id, "approve");
    expect(decided.status).toBe(200);
    expect(((await decided.json()) as { redirect: string }).redirect).toContain("scaResult=nok");
    expect(await sandbox.status(id)).toMatchObject({ transactionStatus: "RJCT", marker: "header (sca-declined)" });
    const bank = ScaRequest.parse(await (await sandbox.client.control("GET", hrefOf("scaRequest", { subject: "payment", id }))).json());
    expect(bank.statusReason).toMatch(/forced by the sandbox's scenario header \(sca-declined\)/);
    expect(bank.payments[0]?.scenario).toBe("header (sca-declined)");
  });

  test("sca-abandoned: no decision can be taken; the payment is rejected when its SCA window ends", async () => {
    const { id } = await sandbox.created({ scenario: "sca-abandoned" });
    const refused = await sandbox.decide(id, "approve");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/abandons SCA/);
    expect((await sandbox.status(id)).transactionStatus).toBe("RCVD");
    await sandbox.client.control("POST", hrefOf("advanceClock", {}), { minutes: 11 });
    expect((await sandbox.status(id)).transactionStatus).toBe("RJCT");
  });

  test("sca-expired: RJCT at once, and deciding answers 401 SCA_EXPIRED", async () => {
    const { id } = await sandbox.created({ scenario: "sca-expired" });
    expect((await sandbox.status(id)).transactionStatus).toBe("RJCT");
    const late = await sandbox.decide(id, "approve");
    expect(late.status).toBe(401);
    expect(await late.text()).toContain("SCA_EXPIRED");
  });
});

test("a payment in a signing basket is decided by the basket's SCA, which no SCA scenario changes", async () => {
  const declined = await sandbox.created({ scenario: "sca-declined" });
  const abandoned = await sandbox.created({ scenario: "sca-abandoned" });
  const basket = await sandbox.client.send("POST", "/v1/signing-baskets", {
    headers: initiationHeaders(KARI),
    body: { paymentIds: [declined.id, abandoned.id] },
  });
  expect(basket.status).toBe(201);
  const { basketId } = (await basket.json()) as { basketId: string };
  expect((await sandbox.client.control("POST", hrefOf("scaDecision", { subject: "basket", id: basketId }), { decision: "approve" })).status).toBe(200);
  for (const { id } of [declined, abandoned]) expect((await sandbox.status(id)).transactionStatus).toBe("ACTC");
});

describe("settlement and held statuses", () => {
  test("settlement-rejected: AM04 is insufficient funds, AC04 a closed account; nothing is booked", async () => {
    const balance = await sandbox.balanceOf(sandbox.kari.bban);
    const funds = await sandbox.created({ scenario: "settlement-rejected;reason=AM04" });
    const closed = await sandbox.created({ scenario: "settlement-rejected;reason=AC04" });
    for (const { id } of [funds, closed]) expect((await sandbox.decide(id)).status).toBe(200);
    expect((await sandbox.runBatch()).status).toBe(200);
    expect(await sandbox.status(funds.id)).toMatchObject({ transactionStatus: "RJCT", fundsAvailable: false });
    const other = await sandbox.status(closed.id);
    expect(other.transactionStatus).toBe("RJCT");
    expect(other.fundsAvailable).toBeUndefined();
    expect(other.tppMessages?.[0]).toMatchObject({ code: "PAYMENT_FAILED" });
    expect(other.tppMessages?.[0]?.text).toMatch(/AC04 Closed account number \(forced by/);
    expect(await sandbox.balanceOf(sandbox.kari.bban)).toEqual(balance);
  });

  test("hold in ACSP or PDNG and accepted-with-change rest until released; then the batch books them", async () => {
    const acsp = await sandbox.created({ scenario: "hold;status=ACSP" });
    const pdng = await sandbox.created({ scenario: "hold;status=PDNG" });
    const acwc = await sandbox.created({ scenario: "accepted-with-change" });
    for (const { id } of [acsp, pdng, acwc]) expect((await sandbox.decide(id)).status).toBe(200);
    await sandbox.runBatch();
    expect((await sandbox.status(acsp.id)).transactionStatus).toBe("ACSP");
    expect((await sandbox.status(pdng.id)).transactionStatus).toBe("PDNG");
    expect((await sandbox.status(acwc.id)).transactionStatus).toBe("ACWC");

    const notHeld = await sandbox.created();
    expect((await release(notHeld.id)).status).toBe(409);
    for (const { id } of [acsp, pdng, acwc]) {
      const released = await release(id);
      expect(released.status).toBe(200);
      expect(((await released.json()) as { transactionStatus: string }).transactionStatus).toBe("ACTC");
    }
    expect((await release(acsp.id)).status).toBe(409);
    await sandbox.runBatch();
    for (const { id } of [acsp, pdng, acwc]) expect((await sandbox.status(id)).transactionStatus).toBe("ACSC");
  });

  test("a rule's later outcome is remembered on the payment it matched and named in its marker", async () => {
    await sandbox.setRules([{ id: "review", enabled: true, match: { amount: { min: "500" } }, outcome: { kind: "hold", status: "ACSP" } }]);
    const big = await sandbox.created({ amount: "500" });
    const small = await sandbox.created({ amount: "10" });
    expect(big.marker).toBe("rule review (hold;status=ACSP)");
    expect(small.marker).toBeNull();
    // The rule is gone; the payment keeps what it matched.
    await sandbox.setRules([]);
    await sandbox.decide(big.id);
    expect(await sandbox.status(big.id)).toMatchObject({ transactionStatus: "ACSP", marker: "rule review (hold;status=ACSP)" });
    const listed = (await (await sandbox.client.control("GET", hrefOf("sandboxPayment", { paymentId: big.id }))).json()) as { scenario?: unknown };
    expect(listed.scenario).toEqual({ source: { by: "rule", ruleId: "review" }, outcome: { kind: "hold", status: "ACSP" } });
  });
});

describe("every outcome in-process, from the table the HTTP and browser suites walk too", () => {
  const seen = async (response: Pick<Response, "status" | "headers" | "text">): Promise<SeenAnswer> => {
    const text = await response.text();
    return { status: response.status, header: (name) => response.headers.get(name), json: text === "" ? null : (JSON.parse(text) as unknown) };
  };
  test.each(OUTCOME_CASES)("$scenario", async (outcome) => {
    const transport: ScenarioTransport = {
      initiate: async (scenario) => seen(await sandbox.initiate({ scenario })),
      status: async (id) => seen(await sandbox.client.send("GET", `${NDCT}/${id}/status`)),
      approve: async (id) => seen(await sandbox.decide(id)),
      runBatch: async () => seen(await sandbox.runBatch()),
      advanceClockMinutes: async (minutes) => seen(await sandbox.client.control("POST", hrefOf("advanceClock", {}), { minutes })),
      release: async (id) => seen(await release(id)),
    };
    expect(await walkOutcome(transport, outcome)).toEqual(outcome.expected);
  });
});

import { expect, test } from "vitest";
import type { DataContext } from "../code-export/own-data";
import type { Exchange } from "../exchange";
import { historyCollection } from "./history-collection";
import { playwrightSpec } from "./playwright-spec";
import { recordedJourney } from "./recorded-journey";
import { standAloneJourney } from "./stand-alone-journey";

const KARI = "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21";
const NDCT = "/v1/payments/norwegian-domestic-credit-transfers";
const context: DataContext = {
  customers: [{ customerNumber: "01017012345", kind: "private", psuId: KARI, name: "Kari Nordmann" }],
  accounts: [{ resourceId: "acc-001", bban: "97100000028", iban: "NO2897100000028", currency: "NOK", customerNumber: "01017012345" }],
  today: "2026-11-24",
};
let clock = 0;
function exchange(operationId: Exchange["operationId"], method: string, path: string, status: number, answer: unknown, body?: unknown): Exchange {
  clock += 1;
  return {
    id: `e${String(clock)}`,
    sentAt: clock,
    operationId,
    request: { method, url: `http://127.0.0.1:4010${path}`, headers: { "PSU-ID": KARI }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
    unsentHeaders: {},
    response: { status, statusText: "", headers: {}, body: JSON.stringify(answer), durationMs: 1 },
  };
}

test("the portal's data becomes the export's own; an id no answer gave, in a path or a basket, is the user's to fill", () => {
  const history = [
    exchange("createPayment", "POST", NDCT, 201, { paymentId: "p-new" }, { debtorAccount: { bban: "97100000028" }, requestedExecutionDate: "2026-11-24" }),
    exchange("getPaymentStatus", "GET", `${NDCT}/p-old/status`, 200, { transactionStatus: "RCVD" }),
    exchange("createSigningBasket", "POST", "/v1/signing-baskets", 201, { basketId: "b-1" }, { paymentIds: ["p-new", "p-older"] }),
  ];
  const { steps, own } = standAloneJourney(recordedJourney(history), context);
  // The PSU of a payment made before the journey is the user's, and so are that PSU's accounts.
  expect(own.fromUser.map((value) => value.env)).toEqual(["ACCOUNT1_BBAN", "PAYMENT_ID", "PAYMENT_ID1", "PSU_ID"]);
  expect(steps[0]).toMatchObject({
    kind: "request",
    body: [
      expect.stringContaining('"bban":"'),
      { variable: "account1Bban", own: true },
      expect.anything(),
      { variable: "today", own: true },
      expect.anything(),
    ],
  });
  // The basket's payment made earlier in the journey stays the answer's id.
  expect(steps[2]).toMatchObject({ body: ['{"paymentIds":["', { variable: "payment1" }, '","', { variable: "paymentId1", own: true }, '"]}'] });

  const spec = playwrightSpec(steps, "http://127.0.0.1:4010", own);
  expect(spec).toContain('if (!process.env["PAYMENT_ID1"]) throw new Error(');
  const collection = JSON.stringify(historyCollection(steps, "http://127.0.0.1:4010", { privateKeyPem: "k", certificatePem: "c" }, own));
  expect(collection).toContain('"key":"paymentId1","value":""');
  expect(collection).toContain("Addressed to http://127.0.0.1:4010");
  for (const value of [KARI, "97100000028", "2026-11-24", "p-old", "p-older"]) {
    expect(spec).not.toContain(value);
    expect(collection).not.toContain(value);
  }
});

test("a recorded reset runs only when asked, in both exports", () => {
  const { steps, own } = standAloneJourney(recordedJourney([exchange("initializeSandbox", "POST", "/v1/sandbox/initialize", 200, {}, {})]), context);
  expect(playwrightSpec(steps, "http://h", own)).toContain('if (process.env.RESET_SANDBOX === "yes") await send(');
  const collection = historyCollection(steps, "http://h", { privateKeyPem: "k", certificatePem: "c" }, own);
  expect(JSON.stringify(collection.item)).toContain("pm.execution.skipRequest()");
  expect(collection.variable).toContainEqual(expect.objectContaining({ key: "resetSandbox", value: "no" }));
});

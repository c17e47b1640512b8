import { beforeEach, describe, expect, test } from "vitest";
import { operations } from "../../src/contract/operations";
import { PaymentInitiationResponse, SigningBasketResponse } from "../../src/contract/payments";
import { FJORDLINE, KARI, NDCT, OLA, PERIODIC, initiationHeaders, testClient, type ListedAccount, type TestClient } from "../test-helpers";
import { actsForPsu } from "./psu";

let client: TestClient;
let today: string;
let paymentId: string;
let periodicId: string;
let basketId: string;
let basketPaymentId: string;

const corporate = { "PSU-Corporate-ID": FJORDLINE.customerNumber };
const store = async () => (await client.sandbox.env.store.exportAll()).stores;

async function accounts() {
  return (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
}

function paymentBody(from: { bban: string }, to: { bban: string }) {
  return {
    instructedAmount: { amount: "120.00", currency: "NOK" },
    creditorName: "Ola Nordmann",
    creditorAccount: { bban: to.bban, currency: "NOK" },
    debtorAccount: { bban: from.bban, currency: "NOK" },
    remittanceInformationUnstructured: "Faktura 17",
  };
}

async function created(path: string, body: unknown, headers: Record<string, string>) {
  const response = await client.send("POST", path, { headers, body });
  expect(response.status).toBe(201);
  return PaymentInitiationResponse.parse(await response.json()).paymentId;
}

beforeEach(async () => {
  client = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  const all = await accounts();
  const drift = all.find((a) => a.customerNumber === FJORDLINE.customerNumber && a.accountName === "Driftskonto")!;
  const ola = all.find((a) => a.customerNumber === OLA.customerNumber)!;
  today = ((await (await client.control("GET", "/__sandbox/clock")).json()) as { today: string }).today;
  paymentId = await created(NDCT, paymentBody(drift, ola), initiationHeaders(FJORDLINE, corporate));
  periodicId = await created(
    PERIODIC,
    { ...paymentBody(drift, ola), startDate: today, frequency: "Monthly", dayOfExecution: "15" },
    initiationHeaders(FJORDLINE, { ...corporate, "x-accept-fix": "longer-name" }),
  );
  basketPaymentId = await created(NDCT, paymentBody(drift, ola), initiationHeaders(FJORDLINE, corporate));
  const basket = await client.send("POST", "/v1/signing-baskets", {
    headers: initiationHeaders(FJORDLINE, corporate),
    body: { paymentIds: [basketPaymentId] },
  });
  expect(basket.status).toBe(201);
  basketId = SigningBasketResponse.parse(await basket.json()).basketId;
});

/** One request per operation that acts for a PSU, made as Fjordline's PSU would, minus PSU-Corporate-ID. */
function requestFor(id: string): { method: string; path: string; headers: Record<string, string>; body?: unknown } | undefined {
  const psu = { "PSU-ID": FJORDLINE.psuId };
  const payment = `${NDCT}/${paymentId}`;
  const periodic = `${PERIODIC}/${periodicId}`;
  const basket = `/v1/signing-baskets/${basketId}`;
  // The initiations are refused for the missing header before their accounts are looked at.
  const any = { bban: "86011117947" };
  const requests: Record<string, { method: string; path: string; headers: Record<string, string>; body?: unknown }> = {
    createPayment: { method: "POST", path: NDCT, headers: initiationHeaders(FJORDLINE), body: paymentBody(any, any) },
    getPayment: { method: "GET", path: payment, headers: psu },
    getPaymentStatus: { method: "GET", path: `${payment}/status`, headers: psu },
    deletePayment: { method: "DELETE", path: payment, headers: psu },
    createPeriodicPayment: {
      method: "POST",
      path: PERIODIC,
      headers: initiationHeaders(FJORDLINE, { "x-accept-fix": "longer-name" }),
      body: { ...paymentBody(any, any), startDate: today, frequency: "Monthly", dayOfExecution: "15" },
    },
    getPeriodicPayment: { method: "GET", path: periodic, headers: psu },
    getPeriodicPaymentStatus: { method: "GET", path: `${periodic}/status`, headers: psu },
    deletePeriodicPayment: { method: "DELETE", path: periodic, headers: psu },
    createSigningBasket: { method: "POST", path: "/v1/signing-baskets", headers: initiationHeaders(FJORDLINE), body: { paymentIds: [paymentId] } },
    getSigningBasket: { method: "GET", path: basket, headers: psu },
    getSigningBasketStatus: { method: "GET", path: `${basket}/status`, headers: psu },
    deleteSigningBasket: { method: "DELETE", path: basket, headers: psu },
  };
  return requests[id];
}

describe("spec 7 rule 1 holds for every operation that acts for a PSU", () => {
  const acting = operations.filter(actsForPsu);

  test("the operations that take PSU headers: initiations, baskets, reads, status reads and deletes", () => {
    expect(acting.map((operation) => operation.id).sort()).toEqual(
      [
        "createPayment",
        "getPayment",
        "getPaymentStatus",
        "deletePayment",
        "createPeriodicPayment",
        "getPeriodicPayment",
        "getPeriodicPaymentStatus",
        "deletePeriodicPayment",
        "createSigningBasket",
        "getSigningBasket",
        "getSigningBasketStatus",
        "deleteSigningBasket",
      ].sort(),
    );
  });

  test.each(acting.map((operation) => [operation.id]))("%s: a corporate PSU without PSU-Corporate-ID is 400 and changes nothing", async (id) => {
    const request = requestFor(id);
    expect(request, `a request for ${id}`).toBeDefined();
    if (!request) return;
    const before = await store();
    const response = await client.send(request.method, request.path, { headers: request.headers, body: request.body });
    expect(response.status).toBe(400);
    const { tppMessages } = (await response.json()) as { tppMessages: { code: string; path?: string; text: string }[] };
    expect(tppMessages).toEqual([expect.objectContaining({ code: "HTTP_HEADER_REQUIRED", path: "PSU-Corporate-ID" })]);
    expect(tppMessages[0]?.text).toContain(`PSU-Corporate-ID: ${FJORDLINE.customerNumber}`);
    expect(await store()).toEqual(before);
  });

  test("with PSU-Corporate-ID the same reads answer; another company is 403; a PSU that does not exist is 401", async () => {
    const psu = { "PSU-ID": FJORDLINE.psuId, ...corporate };
    expect((await client.send("GET", `${NDCT}/${paymentId}`, { headers: psu })).status).toBe(200);
    expect((await client.send("GET", `/v1/signing-baskets/${basketId}/status`, { headers: psu })).status).toBe(200);
    const other = await client.send("GET", `${NDCT}/${paymentId}/status`, { headers: { ...psu, "PSU-Corporate-ID": "999990029" } });
    expect(other.status).toBe(403);
    const privateAsCompany = await client.send("GET", `${NDCT}/${paymentId}/status`, { headers: { "PSU-ID": KARI.psuId, ...corporate } });
    expect(privateAsCompany.status).toBe(403);
    const unknown = await client.send("GET", `${NDCT}/${paymentId}/status`, { headers: { "PSU-ID": "00000000-0000-4000-8000-000000000000" } });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "PSU_CREDENTIALS_INVALID", path: "PSU-ID" })] });
  });

  test("a read that names no PSU acts for the payment's own PSU (decision 0058): a corporate one still needs PSU-Corporate-ID", async () => {
    expect((await client.send("GET", `${NDCT}/${paymentId}/status`)).status).toBe(400);
    expect((await client.send("GET", `${NDCT}/${paymentId}/status`, { headers: corporate })).status).toBe(200);
  });
});

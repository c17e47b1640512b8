import { beforeEach, describe, expect, test } from "vitest";
import { SigningBasket, SigningBasketResponse } from "../../src/contract/payments";
import { KARI, OLA, initiationHeaders, testClient, type TestClient, NDCT, type ListedAccount } from "../test-helpers";

const BASKETS = "/v1/signing-baskets";

let client: TestClient;
let today: string;
let kariBban: string;
let olaBban: string;

const store = async () => (await client.sandbox.env.store.exportAll()).stores;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function pay(psu = KARI, extra: Record<string, unknown> = {}) {
  const [from, to] = psu === KARI ? [kariBban, olaBban] : [olaBban, kariBban];
  const response = await client.send("POST", NDCT, {
    headers: initiationHeaders(psu),
    body: {
      instructedAmount: { amount: "10.00", currency: "NOK" },
      creditorName: "X",
      creditorAccount: { bban: to, currency: "NOK" },
      debtorAccount: { bban: from, currency: "NOK" },
      ...extra,
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { paymentId: string }).paymentId;
}
async function basket(paymentIds: string[], psu = KARI) {
  const response = await client.send("POST", BASKETS, { headers: initiationHeaders(psu), body: { paymentIds } });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}
const paymentStatus = async (id: string) =>
  ((await (await client.send("GET", `${NDCT}/${id}/status`)).json()) as { transactionStatus: string }).transactionStatus;
const basketStatus = async (id: string) =>
  ((await (await client.send("GET", `${BASKETS}/${id}/status`)).json()) as { transactionStatus: string }).transactionStatus;

beforeEach(async () => {
  client = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  const accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
  kariBban = accounts.find((a) => a.customerNumber === KARI.customerNumber && a.accountName === "Brukskonto")!.bban;
  olaBban = accounts.find((a) => a.customerNumber === OLA.customerNumber)!.bban;
  today = ((await (await client.control("GET", "/__sandbox/clock")).json()) as { today: string }).today;
});

describe("signing baskets", () => {
  test("create, read, status: RCVD with an SCA link and Location", async () => {
    const ids = [await pay(), await pay()];
    const created = await basket(ids);
    expect(created.status).toBe(201);
    const response = SigningBasketResponse.parse(created.body);
    expect(response.transactionStatus).toBe("RCVD");
    expect(Object.keys(response._links ?? {})).toEqual(["scaRedirect", "self", "status"]);
    expect(created.headers.get("Location")).toBe(response._links?.self?.href);
    const read = SigningBasket.parse(await (await client.send("GET", `${BASKETS}/${response.basketId}`)).json());
    expect(read).toMatchObject({ basketId: response.basketId, payments: ids, transactionStatus: "RCVD" });
    expect(await basketStatus(response.basketId)).toBe("RCVD");
  });

  test("one SCA approval at /__sandbox/sca/basket/{id} approves every payment (PDNG for a future one)", async () => {
    const ids = [await pay(), await pay(KARI, { requestedExecutionDate: addDays(today, 5) })];
    const { basketId } = (await basket(ids)).body as { basketId: string };
    const shown = (await (await client.control("GET", `/__sandbox/sca/basket/${basketId}`)).json()) as { payments: { paymentId: string }[] };
    expect(shown.payments.map((p) => p.paymentId)).toEqual(ids);
    const decided = await client.control("POST", `/__sandbox/sca/basket/${basketId}`, { decision: "approve" });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toEqual({ transactionStatus: "ACTC", redirect: `https://tpp.example/callback?basketId=${basketId}&scaResult=ok` });
    expect([await paymentStatus(ids[0]!), await paymentStatus(ids[1]!)]).toEqual(["ACTC", "PDNG"]);
    expect(await basketStatus(basketId)).toBe("ACTC");
    const read = SigningBasket.parse(await (await client.send("GET", `${BASKETS}/${basketId}`)).json());
    expect(Object.keys(read._links ?? {})).toEqual(["self", "status"]);
    expect((await client.control("POST", `/__sandbox/sca/basket/${basketId}`, { decision: "approve" })).status).toBe(409);
  });

  test("declining the basket rejects every payment", async () => {
    const ids = [await pay(), await pay()];
    const { basketId } = (await basket(ids)).body as { basketId: string };
    await client.control("POST", `/__sandbox/sca/basket/${basketId}`, { decision: "decline" });
    expect([await basketStatus(basketId), await paymentStatus(ids[0]!), await paymentStatus(ids[1]!)]).toEqual(["RJCT", "RJCT", "RJCT"]);
  });

  test("regression: a basket with a payment cancelled meanwhile is refused, and none of its payments changes", async () => {
    const ids = [await pay(), await pay()];
    const { basketId } = (await basket(ids)).body as { basketId: string };
    expect((await client.send("DELETE", `${NDCT}/${ids[1]!}`)).status).toBe(204);
    const before = await store();
    const decided = await client.control("POST", `/__sandbox/sca/basket/${basketId}`, { decision: "approve" });
    expect(decided.status).toBe(409);
    expect(await decided.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "CONFLICT", text: expect.stringContaining(ids[1]!) as string })] });
    expect(await store()).toEqual(before);
    expect(await paymentStatus(ids[0]!)).toBe("RCVD");
  });

  test("delete RCVD → 204 CANC; its payments can join another basket; delete again → 409", async () => {
    const ids = [await pay()];
    const { basketId } = (await basket(ids)).body as { basketId: string };
    expect((await basket(ids)).status).toBe(409); // already in a basket
    expect((await client.send("DELETE", `${BASKETS}/${basketId}`)).status).toBe(204);
    expect(await basketStatus(basketId)).toBe("CANC");
    expect(await paymentStatus(ids[0]!)).toBe("RCVD");
    expect((await basket(ids)).status).toBe(201);
    const again = await client.send("DELETE", `${BASKETS}/${basketId}`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "CONFLICT" })] });
  });

  test("refusals: unknown payment 404, another PSU's 403, not RCVD 409, unknown PSU 401; nothing stored", async () => {
    const mine = await pay();
    const theirs = await pay(OLA);
    const approved = await pay();
    await client.control("POST", `/__sandbox/sca/payment/${approved}`, { decision: "approve" });
    const before = await store();
    const unknown = await basket([mine, "nope"]);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ tppMessages: [expect.objectContaining({ code: "RESOURCE_UNKNOWN", path: "paymentIds[1]" })] });
    expect((await basket([theirs])).body).toEqual({ tppMessages: [expect.objectContaining({ code: "FORBIDDEN", path: "paymentIds[0]" })] });
    expect((await basket([approved])).body).toEqual({ tppMessages: [expect.objectContaining({ code: "CONFLICT", path: "paymentIds[0]" })] });
    const stranger = await client.send("POST", BASKETS, {
      headers: initiationHeaders({ psuId: "5f0c1a2b-3c4d-4e5f-8a6b-000000000000" }),
      body: { paymentIds: [mine] },
    });
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "PSU_CREDENTIALS_INVALID", path: "PSU-ID" })] });
    const repeated = await basket([mine, mine]);
    expect(repeated.body).toEqual({ tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", path: "paymentIds[1]" })] });
    expect(await store()).toEqual(before);
  });

  test("an unknown basket: 404 on read, status, delete and SCA", async () => {
    for (const [method, path] of [
      ["GET", `${BASKETS}/nope`],
      ["GET", `${BASKETS}/nope/status`],
      ["DELETE", `${BASKETS}/nope`],
    ] as const) {
      const response = await client.send(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "RESOURCE_UNKNOWN", path: "basketId" })] });
    }
    expect((await client.control("POST", "/__sandbox/sca/basket/nope", { decision: "approve" })).status).toBe(404);
    expect((await client.control("GET", "/__sandbox/sca/basket/nope")).status).toBe(404);
  });
});

import { beforeEach, describe, expect, test } from "vitest";
import { errorStatus } from "../../src/contract/errors";
import { operations } from "../../src/contract/operations";
import { PaymentInitiationResponse, SigningBasketResponse } from "../../src/contract/payments";
import { KARI, NDCT, PERIODIC, initiationHeaders, testClient, type ListedAccount, type TestClient, kariAndOla, paymentBody } from "../test-helpers";

let client: TestClient;
let ids: Record<string, string>;

const body = (from: ListedAccount, to: ListedAccount) => paymentBody(from, to, { remittanceInformationUnstructured: "Kino" });

beforeEach(async () => {
  client = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  const accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
  const { kari, ola } = kariAndOla(accounts);
  const create = async (path: string, extra: Record<string, unknown>, headers: Record<string, string>) =>
    PaymentInitiationResponse.parse(
      await (await client.send("POST", path, { headers: initiationHeaders(KARI, headers), body: { ...body(kari, ola), ...extra } })).json(),
    ).paymentId;
  const paymentId = await create(NDCT, {}, {});
  const today = ((await (await client.control("GET", "/__sandbox/clock")).json()) as { today: string }).today;
  const periodicId = await create(PERIODIC, { startDate: today, frequency: "Monthly", dayOfExecution: "15" }, { "x-accept-fix": "longer-name" });
  const basketPayment = await create(NDCT, {}, {});
  const basket = await client.send("POST", "/v1/signing-baskets", { headers: initiationHeaders(KARI), body: { paymentIds: [basketPayment] } });
  const basketId = SigningBasketResponse.parse(await basket.json()).basketId;
  const [transaction] = (await (await client.send("GET", `/v1/sandbox/accounts/${kari.resourceId}/transactions?limit=1`)).json()) as { id: string }[];
  ids = { paymentId, periodicId, basketId, mockAccountId: kari.resourceId, transactionId: transaction?.id ?? "" };
});

/** Headers that differ between any two requests: the echoed request id and the signing string that contains it and the method. */
const comparable = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => name !== "x-request-id" && name !== "x-sandbox-signing-string" && name !== "content-length"));

async function expectHeadLikeGet(send: (method: string) => Promise<{ status: number; headers: Headers; text: () => Promise<string> }>) {
  const get = await send("GET");
  const getBody = await get.text();
  const head = await send("HEAD");
  expect(head.status).toBe(get.status);
  expect(comparable(head.headers)).toEqual(comparable(get.headers));
  expect(await head.text()).toBe("");
  if (getBody !== "") expect(head.headers.get("Content-Length")).toBe(String(new TextEncoder().encode(getBody).length));
}

describe("HEAD on every GET resource", () => {
  const reads = operations.filter((operation) => operation.method === "GET");
  test.each(reads.map((operation) => [operation.id, operation.path]))("%s (%s): same status and headers as GET, no body", async (_id, template) => {
    const path = template
      .replace("{paymentId}", template.startsWith(PERIODIC) ? (ids.periodicId ?? "") : (ids.paymentId ?? ""))
      .replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? "");
    await expectHeadLikeGet((method) => client.send(method, path, { headers: { "PSU-ID": KARI.psuId } }));
  });

  test("an error answers HEAD as it answers GET (status, headers), without its body", async () => {
    await expectHeadLikeGet((method) => client.send(method, `${NDCT}/no-such-payment`));
  });

  test.each([
    "/__sandbox/clock",
    "/__sandbox/customers",
    "/__sandbox/accounts",
    "/__sandbox/agreements",
    "/__sandbox/payments",
    "/__sandbox/export",
    "/__sandbox/settings",
  ])("control %s: same status and headers as GET, no body", async (path) => {
    await expectHeadLikeGet((method) => client.control(method, path));
  });

  test("control reads of one payment and of its SCA request", async () => {
    await expectHeadLikeGet((method) => client.control(method, `/__sandbox/payments/${ids.paymentId ?? ""}`));
    await expectHeadLikeGet((method) => client.control(method, `/__sandbox/sca/payment/${ids.paymentId ?? ""}`));
  });

  test("HEAD where only POST is taken is 405 and lists what is", async () => {
    const response = await client.send("HEAD", "/v1/sandbox/initialize");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect((await client.control("HEAD", "/__sandbox/reset")).status).toBe(405);
  });
});

describe("an unknown payment product in the path", () => {
  test.each([
    ["POST", "/v1/payments/sepa-credit-transfers"],
    ["POST", "/v1/periodic-payments/instant-norwegian-domestic-credit-transfers"],
    ["GET", "/v1/payments/cross-border-credit-transfers/p1/status"],
    ["DELETE", "/v1/periodic-payments/sepa-credit-transfers/p1"],
  ])("%s %s is PRODUCT_UNKNOWN with the status of the error table, naming the product offered", async (method, path) => {
    const before = (await client.sandbox.env.store.exportAll()).stores;
    const response = await client.send(method, path, method === "POST" ? { body: {} } : {});
    expect(response.status).toBe(errorStatus.PRODUCT_UNKNOWN);
    const product = path.split("/")[3] ?? "";
    const { tppMessages } = (await response.json()) as { tppMessages: { code: string; text: string }[] };
    expect(tppMessages.map((message) => message.code)).toEqual(["PRODUCT_UNKNOWN"]);
    expect(tppMessages[0]?.text).toMatch(new RegExp(`"${product}".*norwegian-domestic-credit-transfers`));
    expect((await client.sandbox.env.store.exportAll()).stores).toEqual(before);
  });

  test("an unknown path under a known product stays RESOURCE_UNKNOWN", async () => {
    const response = await client.send("GET", `${NDCT}/p1/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ tppMessages: [{ code: "RESOURCE_UNKNOWN" }] });
  });
});

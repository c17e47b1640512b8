/**
 * Inputs the robustness properties found failing, kept as they were found and replayed through the
 * same invariant: never a 5xx, a refusal is a well-formed 4xx, and a refused request changes nothing.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { operationById, type OperationId } from "../../src/contract/operations";
import { KARI, OLA, ORIGIN, initiationHeaders, testClient, type TestClient, NDCT } from "../test-helpers";
import { build, deeplyNested, expectConsistent, expectRefusal, toRequest, type Generated, type Seed } from "./requests.test-helpers";

let client: TestClient;
let kari: string;
let ola: string;

beforeEach(async () => {
  client = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  const accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as { bban: string; customerNumber: string; accountName: string }[];
  kari = accounts.find((a) => a.customerNumber === KARI.customerNumber && a.accountName === "Brukskonto")!.bban;
  ola = accounts.find((a) => a.customerNumber === OLA.customerNumber)!.bban;
});

const stores = async () => (await client.sandbox.env.store.exportAll()).stores;

/** Sends a request and expects a refusal that changed nothing. */
async function expectRefusedUnchanged(request: Request, label: string) {
  const before = await stores();
  const response = await client.sandbox.dispatch(request);
  if (!response) throw new Error(`no answer to ${label}`);
  const body = await expectRefusal(response, label);
  expect(await stores(), label).toEqual(before);
  return body;
}

async function replay(id: OperationId, seed: Seed, drawn: Generated) {
  const built = await build(operationById(id), seed, drawn);
  return expectRefusedUnchanged(toRequest(built), `${id} ${JSON.stringify(drawn.mutation)}`);
}

describe("operations", () => {
  const payment = () => ({
    instructedAmount: { amount: "12.50", currency: "NOK" },
    creditorName: "Ola Nordmann",
    creditorAddress: { street: "Storgata 1", city: "Oslo", country: "NO" },
    creditorAccount: { bban: ola, currency: "NOK" },
    debtorAccount: { bban: kari, currency: "NOK" },
  });

  test.each([
    ["creditorAddress", "country"],
    ["instructedAmount", "currency"],
  ])("createPayment with %s.%s nested 4114 deep: 400 FORMAT_ERROR (was a stack-overflow 500)", async (...path) => {
    const refused = await replay(
      "createPayment",
      { params: {}, headers: initiationHeaders(KARI), body: payment() },
      { mutation: { kind: "body-field", path, value: deeplyNested(4114) }, sign: true },
    );
    expect(refused).toEqual({
      tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", text: expect.stringMatching(/more than 64 levels deep/) as string })],
    });
  });

  test("createSandboxAccount with balances[0].balanceType nested 4114 deep: 400 (was a 500)", async () => {
    const body = {
      customerNumber: "15829010019",
      accountName: "Konto",
      currency: "NOK",
      balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 10.5, currency: "NOK" } }],
    };
    await replay(
      "createSandboxAccount",
      { params: {}, headers: {}, body },
      { mutation: { kind: "body-field", path: ["balances", 0, "balanceType"], value: deeplyNested(4114) }, sign: true },
    );
  });

  test("createSandboxTransaction with currency nested 4114 deep, unsigned: 401 (was a 500 before the signature check)", async () => {
    const body = { amount: 100, currency: "NOK", creditorName: "Ola", creditorAccount: { bban: ola }, debtorAccount: { bban: kari } };
    await replay(
      "createSandboxTransaction",
      { params: { mockAccountId: "acc-001" }, headers: {}, body },
      { mutation: { kind: "body-field", path: ["currency"], value: deeplyNested(4114) }, sign: false },
    );
  });

  test("a payment beyond an int32 booking: 400 up front (was accepted, then booked as 3000000000 øre, breaking the list and export)", async () => {
    await replay(
      "createPayment",
      { params: {}, headers: initiationHeaders(KARI), body: payment() },
      {
        mutation: { kind: "body-field", path: ["instructedAmount", "amount"], value: "30000000.00" },
        sign: true,
      },
    );
  });

  test("an account created with an iban alone keeps iban and bban together (was: a new bban beside someone else's iban)", async () => {
    const response = await client.send("POST", "/v1/sandbox/accounts", {
      body: { customerNumber: "15829010019", accountName: "Konto", currency: "NOK", iban: "NO9386011117947" },
    });
    expect(response.status).toBe(201);
    expectConsistent(await client.sandbox.env.store.exportAll(), "iban alone");
  });

  test("?constructor=1 is an ordinary query parameter (was 400 'given twice')", async () => {
    const response = await client.send("GET", "/v1/sandbox/accounts/acc-001/transactions?constructor=1");
    expect(response.status).toBe(200);
  });
});

describe("control routes", () => {
  const control = (method: string, path: string, body?: string) =>
    new Request(ORIGIN + path, { method, ...(body === undefined ? {} : { body, headers: { "Content-Type": "application/json" } }) });

  test.each([
    ["GET", "/__sandbox/payments/%"],
    ["GET", "/__sandbox/sca/payment/%E0%A4%A"],
    ["POST", "/__sandbox/sca/basket/%"],
  ])("%s %s: 404 (was a URIError 500)", async (method, path) => {
    await expectRefusedUnchanged(control(method, path, method === "POST" ? '{"decision":"approve"}' : undefined), path);
  });

  test("GET /__sandbox/payments?limit=2.5: a 400 naming the range (was a RangeError 500, then read as 2)", async () => {
    await expectRefusedUnchanged(control("GET", "/__sandbox/payments?limit=2.5"), "limit 2.5");
  });

  test("an import with batchTimes [\"x\"]: refused and nothing imported (was imported, answered 'nothing changed', then every clock read was a 500)", async () => {
    const exported = await client.sandbox.env.store.exportAll();
    const body = JSON.stringify({ ...exported, stores: { ...exported.stores, meta: [...exported.stores.meta, { key: "batchTimes", value: ["x"] }] } });
    await expectRefusedUnchanged(control("POST", "/__sandbox/import", body), "import batchTimes x");
    expect((await client.sandbox.dispatch(control("GET", "/__sandbox/clock")))?.status).toBe(200);
  });

  test("approving a basket one of whose payments was cancelled: 409, and no payment changes (was: the others became ACTC)", async () => {
    const pay = async () => {
      const response = await client.send("POST", NDCT, {
        headers: initiationHeaders(KARI),
        body: {
          instructedAmount: { amount: "1.00", currency: "NOK" },
          creditorName: "Ola",
          creditorAccount: { bban: ola, currency: "NOK" },
          debtorAccount: { bban: kari, currency: "NOK" },
        },
      });
      return ((await response.json()) as { paymentId: string }).paymentId;
    };
    const ids = [await pay(), await pay()];
    const basket = await client.send("POST", "/v1/signing-baskets", { headers: initiationHeaders(KARI), body: { paymentIds: ids } });
    const { basketId } = (await basket.json()) as { basketId: string };
    await client.send("DELETE", `${NDCT}/${ids[1] ?? ""}`);
    await expectRefusedUnchanged(control("POST", `/__sandbox/sca/basket/${basketId}`, '{"decision":"approve"}'), "basket approval");
  });

  test('advancing the clock to "2999-12-31T23:59:59Z": 400 at once (was 200 after catching up 43 s of batch runs)', async () => {
    // The 43 s of catching up would pass this test's timeout on any machine: no timer of our own.
    await expectRefusedUnchanged(control("POST", "/__sandbox/clock/advance", '{"to":"2999-12-31T23:59:59Z"}'), "advance to 2999");
  });
});

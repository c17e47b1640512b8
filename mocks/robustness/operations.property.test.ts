/**
 * Every operation of the table, thrown random and malformed requests built from a valid seed: bad
 * JSON, wrong types, random keys, one field replaced (huge strings, unicode, lone surrogates), random
 * path parameters and query strings, removed and duplicated headers, signed (after the damage, so
 * the request reaches validation and the handler) and unsigned. The answer is always a 4xx with
 * tppMessages and the store unchanged, or a 2xx for a request that is signed and valid by the contract.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { operations, type Operation, type OperationId } from "../../src/contract/operations";
import {
  FJORDLINE,
  KARI,
  OLA,
  ORIGIN,
  initiationHeaders,
  testClient,
  type TestClient,
  NDCT,
  PERIODIC,
  type ListedAccount,
  kariAndOla,
  paymentBody,
} from "../test-helpers";
import { build, contractAccepts, describeBuilt, expectConsistent, expectRefusal, generated, type Seed, type Stores } from "./requests.test-helpers";

/** Runs per operation: writes reach more rules (and change state), so they get more. */
const runsFor = (method: string) => (method === "GET" ? 40 : 80);

/** A sandbox with the fixed data, a few payments and a basket, and a valid seed for each operation. */
async function world(): Promise<{ client: TestClient; seeds: Record<OperationId, Seed> }> {
  const client = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  const accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
  const { kari, ola } = kariAndOla(accounts);
  const { today } = (await (await client.control("GET", "/__sandbox/clock")).json()) as { today: string };
  const payment = paymentBody(kari, ola, {
    amount: "12.50",
    creditorAddress: { street: "Storgata 1", city: "Oslo", country: "NO" },
    remittanceInformationUnstructured: "Middag",
  });
  const periodic = { ...payment, startDate: today, frequency: "MonthlyVariable", monthsOfExecution: [1, 6], dayOfExecution: "15", executionRule: "following" };
  const initiate = async (path: string, body: unknown, headers = initiationHeaders(KARI, path === PERIODIC ? { "x-accept-fix": "longer-name" } : {})) => {
    const response = await client.send("POST", path, { headers, body });
    expect(response.status).toBe(201);
    return ((await response.json()) as { paymentId: string }).paymentId;
  };
  const single = await initiate(NDCT, payment);
  const forBasket = await initiate(NDCT, payment);
  const inBasket = await initiate(NDCT, payment);
  const standing = await initiate(PERIODIC, periodic);
  const basket = await client.send("POST", "/v1/signing-baskets", { headers: initiationHeaders(KARI), body: { paymentIds: [inBasket] } });
  const { basketId } = (await basket.json()) as { basketId: string };
  const [transaction] = (await (await client.send("GET", "/v1/sandbox/accounts/acc-001/transactions?limit=1")).json()) as { id: string }[];

  const read = {};
  const addDays = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const bbans = accounts.map((a) => a.bban);
  const values = [
    ...bbans,
    "86011117947",
    "NO9386011117947",
    "EUR",
    "SEK",
    "JPY",
    "KWD",
    "XDR",
    today,
    addDays(-1),
    addDays(3),
    addDays(400),
    "2000-02-29",
    "0.01",
    "0.001",
    "1",
    "21474836.47",
    "21474836.48",
    "30000000.00",
    "9999999999999.99",
    "12344",
    "KID",
    "OCR",
    [{ reference: "12344", referenceType: "KID" }],
    { reference: "12345", referenceType: "KID" },
    "MonthlyVariable",
    "Daily",
    [11],
    [1, 1],
    "31",
    "0",
    "preceeding",
    single,
    standing,
    forBasket,
    inBasket,
    basketId,
    [single, standing],
    [forBasket, forBasket],
    "acc-001",
    "acc-006",
    "acc-007",
    "999990010",
    "999990029",
    "01817010055",
    "15829010019",
    2_147_483_647,
    -1,
    0.5,
    1e20,
    { balanceType: "expected", balanceAmount: { amount: 1, currency: "EUR" } },
    true,
  ];
  const headerValues = [
    KARI.psuId,
    OLA.psuId,
    FJORDLINE.psuId,
    "5f0c1a2b-3c4d-4e5f-8a6b-000000000000",
    KARI.customerNumber,
    "15829010019",
    "999990010",
    "999990029",
    "cash-account-type-iso",
    "longer-name, cash-account-type-iso",
    "CORPORATE",
    "false",
    "::1",
    "GEO:59.91;10.75",
  ];
  const seeds: Record<OperationId, Seed> = {
    createPayment: {
      params: {},
      headers: initiationHeaders(KARI, { "PSU-Context": "PRIVATE", "PSU-Device-ID": "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a99" }),
      body: { ...payment, requestedExecutionDate: today },
    },
    getPayment: { params: { paymentId: single }, headers: read },
    getPaymentStatus: { params: { paymentId: single }, headers: read },
    deletePayment: { params: { paymentId: single }, headers: { "PSU-ID": KARI.psuId } },
    createPeriodicPayment: {
      params: {},
      headers: initiationHeaders(FJORDLINE, { "x-accept-fix": "longer-name", "PSU-Corporate-ID": FJORDLINE.customerNumber }),
      body: { ...periodic, debtorAccount: { bban: accounts.find((a) => a.accountName === "Driftskonto")!.bban, currency: "NOK" } },
    },
    getPeriodicPayment: { params: { paymentId: standing }, headers: read },
    getPeriodicPaymentStatus: { params: { paymentId: standing }, headers: read },
    deletePeriodicPayment: { params: { paymentId: standing }, headers: read },
    createSigningBasket: { params: {}, headers: initiationHeaders(KARI), body: { paymentIds: [forBasket] } },
    getSigningBasket: { params: { basketId }, headers: read },
    getSigningBasketStatus: { params: { basketId }, headers: read },
    deleteSigningBasket: { params: { basketId }, headers: read },
    createSandboxAccount: {
      params: {},
      headers: { "x-accept-fix": "longer-name" },
      body: {
        customerNumber: "15829010019",
        accountName: "Konto",
        currency: "NOK",
        creditLine: 10,
        balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 10.5, currency: "NOK" } }],
      },
    },
    listSandboxTransactions: { params: { mockAccountId: "acc-001" }, headers: read, query: "?limit=3&fromDate=2020-01-01" },
    createSandboxTransaction: {
      params: { mockAccountId: "acc-001" },
      headers: read,
      body: {
        amount: 100,
        currency: "NOK",
        creditorName: "Ola",
        creditorAccount: { bban: ola.bban },
        debtorAccount: { bban: kari.bban },
        remittanceInformationUnstructured: "Lån",
      },
    },
    getSandboxAccount: { params: { mockAccountId: "acc-001" }, headers: read },
    getSandboxTransaction: { params: { mockAccountId: "acc-001", transactionId: transaction?.id ?? "" }, headers: read },
    updateSandboxBalances: {
      params: { mockAccountId: "acc-001" },
      headers: read,
      body: { balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 100.25, currency: "NOK" } }], creditLine: 0 },
    },
    createAgreement: { params: {}, headers: read, body: { customerNumber: "999990010", accountIds: ["acc-006"] } },
    initializeSandbox: { params: {}, headers: read },
    registerContactEmail: { params: {}, headers: read, body: { email: "dev@tpp.example" } },
  };
  for (const seed of Object.values(seeds)) Object.assign(seed, { values, headerValues });
  return { client, seeds };
}

const snapshot = async (client: TestClient) => (await client.sandbox.env.store.exportAll()).stores;
const sameStores = (a: Stores, b: Stores) => JSON.stringify(a) === JSON.stringify(b);

describe("every operation answers random and malformed requests with a 4xx and changes nothing", () => {
  const table: readonly Operation[] = operations;
  test.each(table.map((operation) => [operation.id, operation] as const))(
    "%s",
    async (_id, operation) => {
      const { client, seeds } = await world();
      const seed = seeds[operation.id];
      // The seed itself is valid: the generators start from a request the sandbox accepts.
      let before = await snapshot(client);
      await fc.assert(
        fc.asyncProperty(generated(operation, seed), async (drawn) => {
          const built = await build(operation, seed, drawn);
          const label = describeBuilt(built, drawn.mutation);
          const response = await client.sandbox.dispatch(
            new Request(ORIGIN + built.target, { method: built.method, headers: built.headers, ...(built.body === undefined ? {} : { body: built.body }) }),
          );
          if (!response) {
            // `..` segments may take the path out of the sandbox's space; then it is not the sandbox's business.
            expect(new URL(ORIGIN + built.target).pathname, label).not.toMatch(/^\/(v1|__sandbox)\//);
            return;
          }
          if (response.status < 300) {
            expect(built.signatureIntact && contractAccepts(operation, built), `2xx for a request the contract refuses: ${label}`).toBe(true);
            expect(response.status, label).toBe(operation.success.status);
            if (operation.success.body) {
              const parsed = operation.success.body.safeParse(await response.json());
              expect(parsed.error?.issues ?? [], `response body of ${label}`).toEqual([]);
            }
            const exported = await client.sandbox.env.store.exportAll();
            expectConsistent(exported, label);
            before = exported.stores;
            return;
          }
          await expectRefusal(response, label);
          const after = await snapshot(client);
          if (!sameStores(before, after)) expect(after, `state changed by a refused request: ${label}`).toEqual(before);
        }),
        // The runs share one sandbox, so a shrunk case would replay against a changed store: report the first failure as it is.
        { numRuns: runsFor(operation.method), endOnFailure: true },
      );
    },
    60_000,
  );
});

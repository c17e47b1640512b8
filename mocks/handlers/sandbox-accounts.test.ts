import { isValidIBAN } from "ibantools";
import { beforeEach, describe, expect, test } from "vitest";
import { isValidNorwegianAccountNumber } from "../../src/contract/norwegian-numbers";
import { SandboxAccount } from "../../src/contract/sandbox";
import { ORIGIN, testClient, type TestClient, type ListedAccount } from "../test-helpers";

let client: TestClient;
let accounts: ListedAccount[];
const ACCOUNTS = "/v1/sandbox/accounts";
const NEW_PRIVATE = "15829010019";
const NEW_COMPANY = "923609016";

const listed = async () => (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
const store = async () => (await client.sandbox.env.store.exportAll()).stores;
const byName = (owner: string, name: string) => {
  const found = accounts.find((a) => a.customerNumber === owner && a.accountName === name);
  if (!found) throw new Error(`no ${name} of ${owner}`);
  return found;
};
async function create(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await client.send("POST", ACCOUNTS, { body, headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

beforeEach(async () => {
  client = await testClient();
  expect((await client.send("POST", "/v1/sandbox/initialize")).status).toBe(200);
  accounts = await listed();
});

describe("POST /v1/sandbox/accounts", () => {
  test("a private customer's account: 201, resourceId, Location, in the agreement at once", async () => {
    const created = await create({ customerNumber: NEW_PRIVATE, accountName: "Brukskonto", currency: "NOK" });
    expect(created.status).toBe(201);
    const account = SandboxAccount.parse(created.body);
    expect(account.inAgreement).toBe(true);
    expect(created.headers.get("Location")).toBe(`${ORIGIN}${ACCOUNTS}/${account.resourceId}`);
    expect(isValidNorwegianAccountNumber(account.bban)).toBe(true);
    expect(isValidIBAN(account.iban)).toBe(true);
    expect(accounts.some((a) => a.bban === account.bban)).toBe(false);
    const customers = (await (await client.control("GET", "/__sandbox/customers")).json()) as { customerNumber: string; kind: string }[];
    expect(customers.find((c) => c.customerNumber === NEW_PRIVATE)?.kind).toBe("private");
    const agreements = (await (await client.control("GET", "/__sandbox/agreements")).json()) as { customerNumber: string; accountIds: string[] }[];
    expect(agreements.find((a) => a.customerNumber === NEW_PRIVATE)?.accountIds).toEqual([account.resourceId]);
  });

  test("the Location can be followed: GET answers the account as created; an unknown id is 404 RESOURCE_UNKNOWN", async () => {
    const created = await create({ customerNumber: NEW_PRIVATE, accountName: "Brukskonto", currency: "NOK" });
    const location = created.headers.get("Location") ?? "";
    const read = await client.send("GET", location.slice(ORIGIN.length));
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(created.body);
    const unknown = await client.send("GET", `${ACCOUNTS}/no-such-account`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ tppMessages: [{ code: "RESOURCE_UNKNOWN", path: "mockAccountId" }] });
  });

  test("a corporate customer's account: not in the agreement until POST /v1/sandbox/agreements", async () => {
    const created = await create({ customerNumber: NEW_COMPANY, accountName: "Driftskonto", currency: "NOK", bban: "86011117947" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ inAgreement: false, bban: "86011117947", iban: "NO9386011117947" });
    const resourceId = created.body.resourceId as string;
    const joined = await client.send("POST", "/v1/sandbox/agreements", { body: { customerNumber: NEW_COMPANY, accountIds: [resourceId] } });
    expect(joined.status).toBe(201);
    expect(await joined.json()).toMatchObject({ customerNumber: NEW_COMPANY, accountIds: [resourceId] });
    expect((await listed()).find((a) => a.resourceId === resourceId)?.inAgreement).toBe(true);
  });

  test("the account's fields are kept: product, credit line, balances, KID", async () => {
    const balances = [{ balanceType: "interimAvailable", balanceAmount: { amount: 1000.5, currency: "EUR" } }];
    const created = await create({
      customerNumber: NEW_PRIVATE,
      accountName: "Euro",
      currency: "EUR",
      product: "Valuta",
      creditLine: 100,
      balances,
      kidRequired: true,
      cashAccountType: "SVGS",
    });
    expect(created.body).toMatchObject({ currency: "EUR", product: "Valuta", creditLine: 100, balances, kidRequired: true, cashAccountType: "Savings" });
  });

  test("a bban that exists already: 409 CONFLICT at bban, nothing stored", async () => {
    const before = await store();
    const taken = byName("01817010055", "Brukskonto").bban;
    const response = await create({ customerNumber: NEW_PRIVATE, accountName: "Dup", currency: "NOK", bban: taken });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ tppMessages: [expect.objectContaining({ code: "CONFLICT", path: "bban" })] });
    expect(await store()).toEqual(before);
  });

  test("regression: an iban sent alone names the account number (was: a new bban with someone else's iban)", async () => {
    const created = await create({ customerNumber: NEW_PRIVATE, accountName: "Iban", currency: "NOK", iban: "NO9386011117947" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ bban: "86011117947", iban: "NO9386011117947" });
    const taken = (await listed()).find((a) => a.accountName === "Sparekonto") as unknown as { iban: string };
    const conflict = await create({ customerNumber: NEW_PRIVATE, accountName: "Dup", currency: "NOK", iban: taken.iban });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ tppMessages: [expect.objectContaining({ code: "CONFLICT", path: "iban" })] });
  });

  test("contract errors: 400 FORMAT_ERROR with the field path", async () => {
    const response = await create({ customerNumber: "15829010018", accountName: "", currency: "NOK", colour: "red" });
    expect(response.status).toBe(400);
    const paths = (response.body.tppMessages as { path: string; code: string }[]).map((m) => `${m.code}@${m.path}`).sort();
    expect(paths).toEqual(["FORMAT_ERROR@accountName", "FORMAT_ERROR@colour", "FORMAT_ERROR@customerNumber"]);
  });
});

describe("x-accept-fix on account answers", () => {
  const longName = "Felleskonto for hytta på Hvaler og båten i Son";
  test("known values change the answer: cash-account-type-iso shows the ISO code, longer-name the full name", async () => {
    const plain = await create({ customerNumber: NEW_PRIVATE, accountName: longName, currency: "NOK", cashAccountType: "SVGS" });
    expect(plain.body).toMatchObject({ accountName: longName.slice(0, 35), cashAccountType: "Savings" });
    const iso = await create(
      { customerNumber: NEW_PRIVATE, accountName: longName, currency: "NOK", cashAccountType: "SVGS" },
      { "x-accept-fix": "cash-account-type-iso" },
    );
    expect(iso.body).toMatchObject({ accountName: longName.slice(0, 35), cashAccountType: "SVGS" });
    const both = await create(
      { customerNumber: NEW_PRIVATE, accountName: longName, currency: "NOK", cashAccountType: "SVGS" },
      { "x-accept-fix": "longer-name, cash-account-type-iso" },
    );
    expect(both.body).toMatchObject({ accountName: longName, cashAccountType: "SVGS" });
  });
  test("the neutral value none, or an empty value, answers as without the header: no breaking change", async () => {
    for (const neutral of ["none", ""]) {
      const response = await create(
        { customerNumber: NEW_PRIVATE, accountName: longName, currency: "NOK", cashAccountType: "SVGS" },
        { "x-accept-fix": neutral },
      );
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ accountName: longName.slice(0, 35), cashAccountType: "Savings" });
    }
  });
  test("the short name is 35 characters, not 35 UTF-16 units: an emoji is never cut in half", async () => {
    const name = "😀".repeat(40);
    const response = await create({ customerNumber: NEW_PRIVATE, accountName: name, currency: "NOK" });
    expect(response.body).toMatchObject({ accountName: "😀".repeat(35) });
  });
  test("an unknown value is a 400 that lists the known ones, and stores nothing", async () => {
    const before = await store();
    const response = await create({ customerNumber: NEW_PRIVATE, accountName: "X", currency: "NOK" }, { "x-accept-fix": "longer-name, shorter-name" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      tppMessages: [
        expect.objectContaining({
          code: "FORMAT_ERROR",
          path: "x-accept-fix",
          text: expect.stringMatching(/"shorter-name".*cash-account-type-iso, longer-name, cardaccount-switch/) as string,
        }),
      ],
    });
    expect(await store()).toEqual(before);
  });
});

describe("POST /v1/sandbox/agreements", () => {
  test("a company's account: 201, and it joins the agreement", async () => {
    const tax = byName("999990010", "Skattetrekkskonto");
    expect(tax.inAgreement).toBe(false);
    const response = await client.send("POST", "/v1/sandbox/agreements", { body: { customerNumber: "999990010", accountIds: [tax.resourceId] } });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { accountIds: string[] };
    expect(body.accountIds).toEqual([byName("999990010", "Driftskonto").resourceId, tax.resourceId]);
  });
  test("another customer's account: 400 BAD_REQUEST at accountIds[i], nothing changes", async () => {
    const before = await store();
    const tax = byName("999990010", "Skattetrekkskonto");
    const foreign = byName("999990029", "Innbetalinger KID");
    const response = await client.send("POST", "/v1/sandbox/agreements", {
      body: { customerNumber: "999990010", accountIds: [tax.resourceId, foreign.resourceId] },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      tppMessages: [expect.objectContaining({ code: "BAD_REQUEST", path: "accountIds[1]", text: expect.stringContaining("999990029") as string })],
    });
    expect(await store()).toEqual(before);
  });
  test("an unknown account or customer: 400 at the field", async () => {
    const unknownAccount = await client.send("POST", "/v1/sandbox/agreements", { body: { customerNumber: "999990010", accountIds: ["nope"] } });
    expect(await unknownAccount.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "BAD_REQUEST", path: "accountIds[0]" })] });
    const unknownCustomer = await client.send("POST", "/v1/sandbox/agreements", { body: { customerNumber: NEW_COMPANY, accountIds: ["acc-001"] } });
    expect(await unknownCustomer.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "BAD_REQUEST", path: "customerNumber" })] });
  });
  test("a private customer number or a repeated account: FORMAT_ERROR", async () => {
    const privateNumber = await client.send("POST", "/v1/sandbox/agreements", { body: { customerNumber: "01817010055", accountIds: ["acc-001"] } });
    expect(privateNumber.status).toBe(400);
    const repeated = await client.send("POST", "/v1/sandbox/agreements", { body: { customerNumber: "999990010", accountIds: ["acc-006", "acc-006"] } });
    expect(await repeated.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", path: "accountIds[1]" })] });
  });
});

describe("PUT /v1/sandbox/accounts/{id}/balances", () => {
  test("replaces the balances and the credit line; answers with the account", async () => {
    const kari = byName("01817010055", "Brukskonto");
    const balances = [{ balanceType: "closingBooked", balanceAmount: { amount: -10.25, currency: "NOK" } }];
    const response = await client.send("PUT", `${ACCOUNTS}/${kari.resourceId}/balances`, {
      body: { balances, creditLine: 500 },
      headers: { "x-accept-fix": "cash-account-type-iso" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ resourceId: kari.resourceId, balances, creditLine: 500, cashAccountType: "CACC" });
    const kept = await client.send("PUT", `${ACCOUNTS}/${kari.resourceId}/balances`, { body: { balances } });
    expect(await kept.json()).toMatchObject({ creditLine: 500, cashAccountType: "Current" });
  });
  test("a balance in another currency: 400 BAD_REQUEST at its path, nothing changes", async () => {
    const before = await store();
    const kari = byName("01817010055", "Brukskonto");
    const response = await client.send("PUT", `${ACCOUNTS}/${kari.resourceId}/balances`, {
      body: {
        balances: [
          { balanceType: "closingBooked", balanceAmount: { amount: 1, currency: "NOK" } },
          { balanceType: "expected", balanceAmount: { amount: 1, currency: "EUR" } },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "BAD_REQUEST", path: "balances[1].balanceAmount.currency" })] });
    expect(await store()).toEqual(before);
  });
  test("an unknown account: 404 RESOURCE_UNKNOWN at mockAccountId", async () => {
    const response = await client.send("PUT", `${ACCOUNTS}/nope/balances`, {
      body: { balances: [{ balanceType: "expected", balanceAmount: { amount: 1, currency: "NOK" } }] },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "RESOURCE_UNKNOWN", path: "mockAccountId" })] });
  });
});

describe("PUT /v1/sandbox/tpp/contact-email", () => {
  test("registers the address; the settings show it; initialize keeps it", async () => {
    const response = await client.send("PUT", "/v1/sandbox/tpp/contact-email", { body: { email: "dev@tpp.example" } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { email: string; registeredAt: string };
    expect(body.email).toBe("dev@tpp.example");
    expect(Number.isNaN(Date.parse(body.registeredAt))).toBe(false);
    expect(await (await client.control("GET", "/__sandbox/settings")).json()).toEqual({ contactEmail: body });
    await client.send("POST", "/v1/sandbox/initialize");
    expect(await (await client.control("GET", "/__sandbox/settings")).json()).toEqual({ contactEmail: body });
  });
  test("not an e-mail address: 400 FORMAT_ERROR at email", async () => {
    const response = await client.send("PUT", "/v1/sandbox/tpp/contact-email", { body: { email: "dev at tpp" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", path: "email" })] });
    expect(await (await client.control("GET", "/__sandbox/settings")).json()).toEqual({ contactEmail: null });
  });
});

describe("POST /v1/sandbox/initialize", () => {
  test("twice gives the same data, and throws away what was added", async () => {
    const fixed = Date.now();
    const local = await testClient({ now: () => fixed });
    const data = async () => {
      const { customers, accounts: stored, agreements, transactions, payments, baskets } = (await local.sandbox.env.store.exportAll()).stores;
      return { customers, stored, agreements, transactions, payments, baskets };
    };
    const first = await local.send("POST", "/v1/sandbox/initialize");
    expect(first.status).toBe(200);
    const counts = await first.json();
    const once = await data();
    expect(counts).toEqual({ customers: once.customers.length, accounts: once.stored.length, transactions: once.transactions.length });
    await local.send("POST", ACCOUNTS, { body: { customerNumber: NEW_PRIVATE, accountName: "Extra", currency: "NOK" } });
    const second = await local.send("POST", "/v1/sandbox/initialize");
    expect(await second.json()).toEqual(counts);
    expect(await data()).toEqual(once);
  });
});

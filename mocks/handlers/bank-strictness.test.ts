/**
 * Issue 27 point 6: what a bank refuses, the sandbox refuses, and one debtor has one name (decision 0059). Over the
 * dispatcher, as the service worker and the server call it.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { generateTestCertificate } from "../../src/signing/index";
import { FJORDLINE, KARI, NDCT, initiationHeaders, kariAndOla, paymentBody, testClient, type ListedAccount, type TestClient } from "../test-helpers";

let client: TestClient;
let accounts: ListedAccount[];
let kari: ListedAccount;
let ola: ListedAccount;

beforeEach(async () => {
  client = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
  ({ kari, ola } = kariAndOla(accounts));
});

const accountNamed = (name: string) => {
  const found = accounts.find((account) => account.accountName === name);
  if (!found) throw new Error(`The fixed data has no account ${name}`);
  return found;
};
const paymentsCount = async () => ((await (await client.control("GET", "/__sandbox/payments")).json()) as unknown[]).length;

describe("the creditor account's currency", () => {
  test("a sandbox creditor named in another currency than it is held in: 400 at creditorAccount.currency, nothing made", async () => {
    const before = await paymentsCount();
    const response = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: { ...paymentBody(kari, ola), creditorAccount: { bban: ola.bban, currency: "EUR" } },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      tppMessages: [
        expect.objectContaining({ code: "BAD_REQUEST", path: "creditorAccount.currency", text: expect.stringContaining("held in NOK, not EUR") as unknown }),
      ],
    });
    expect(await paymentsCount()).toBe(before);
  });
  test("an account of another bank named in another currency than the instructed one: 400", async () => {
    const response = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: { ...paymentBody(kari, ola), creditorAccount: { bban: "12345678903", currency: "SEK" } },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      tppMessages: [expect.objectContaining({ code: "BAD_REQUEST", path: "creditorAccount.currency", text: expect.stringContaining("send NOK") as unknown })],
    });
  });
});

describe("an account that requires a KID", () => {
  test("a sandbox transaction cannot credit it without a KID: 400 KID_MISSING, nothing booked", async () => {
    const kid = accountNamed("Innbetalinger KID");
    const path = `/v1/sandbox/accounts/${kari.resourceId}/transactions`;
    const response = await client.send("POST", path, {
      body: {
        amount: 10_000,
        currency: "NOK",
        creditorName: "Nordlys Energi Test AS",
        creditorAccount: { bban: kid.bban },
        debtorAccount: { bban: kari.bban },
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "KID_MISSING", path: "creditorAccount" })] });
    const listed = (await (await client.send("GET", `/v1/sandbox/accounts/${kid.resourceId}/transactions`)).json()) as unknown[];
    expect(listed).toHaveLength(kid.transactionCount);
  });
  test("a payment to it with a valid KID is taken; with an invalid one, KID_INVALID", async () => {
    const kid = accountNamed("Innbetalinger KID");
    const withKid = (reference: string) =>
      client.send("POST", NDCT, {
        headers: initiationHeaders(KARI),
        body: paymentBody(kari, kid, { remittanceInformationStructuredArray: [{ reference, referenceType: "KID" }] }),
      });
    expect((await withKid("12344")).status).toBe(201);
    const invalid = await withKid("12345");
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "KID_INVALID" })] });
  });
});

describe("PSU-Context", () => {
  test("CORPORATE for a private PSU, or PRIVATE for a company's: 400 at PSU-Context, nothing made", async () => {
    const before = await paymentsCount();
    const privateAsCorporate = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI, { "PSU-Context": "CORPORATE" }),
      body: paymentBody(kari, ola),
    });
    expect(privateAsCorporate.status).toBe(400);
    expect(await privateAsCorporate.json()).toEqual({
      tppMessages: [
        expect.objectContaining({ code: "BAD_REQUEST", path: "PSU-Context", text: expect.stringContaining("send PSU-Context: PRIVATE") as unknown }),
      ],
    });
    const drift = accounts.find((account) => account.customerNumber === FJORDLINE.customerNumber && account.accountName === "Driftskonto");
    if (!drift) throw new Error("The fixed data lacks Fjordline's Driftskonto");
    const corporateAsPrivate = await client.send("POST", NDCT, {
      headers: initiationHeaders(FJORDLINE, { "PSU-Corporate-ID": FJORDLINE.customerNumber, "PSU-Context": "PRIVATE" }),
      body: paymentBody(drift, ola),
    });
    expect(corporateAsPrivate.status).toBe(400);
    expect(await corporateAsPrivate.json()).toEqual({
      tppMessages: [expect.objectContaining({ path: "PSU-Context", text: expect.stringContaining("send PSU-Context: CORPORATE") as unknown })],
    });
    expect(await paymentsCount()).toBe(before);
  });
  test("the PSU's own context, or none, is taken; a value outside PRIVATE and CORPORATE is a FORMAT_ERROR", async () => {
    expect((await client.send("POST", NDCT, { headers: initiationHeaders(KARI, { "PSU-Context": "PRIVATE" }), body: paymentBody(kari, ola) })).status).toBe(
      201,
    );
    const lower = await client.send("POST", NDCT, { headers: initiationHeaders(KARI, { "PSU-Context": "private" }), body: paymentBody(kari, ola) });
    expect(lower.status).toBe(400);
    expect(await lower.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", path: "PSU-Context" })] });
  });
});

describe("one name for one debtor", () => {
  test("a sandbox transaction names its debtor as a payment from the same account does: the customer, not the account", async () => {
    const response = await client.send("POST", `/v1/sandbox/accounts/${kari.resourceId}/transactions`, {
      body: { amount: 12_550, currency: "NOK", creditorName: "REMA 1000", creditorAccount: { bban: "12345678903" }, debtorAccount: { bban: kari.bban } },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ debtorName: "Kari Nordmann" });
  });
  test("the fixed history names Kari's own account by her name, as debtor and as creditor", async () => {
    const rows = (await (await client.send("GET", `/v1/sandbox/accounts/${kari.resourceId}/transactions`)).json()) as {
      amount: number;
      debtorName: string;
      creditorName: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    const own = new Set(rows.map((row) => (row.amount < 0 ? row.debtorName : row.creditorName)));
    expect([...own]).toEqual(["Kari Nordmann"]);
  });
});

describe("the signature's algorithm and Digest", () => {
  const diagnosis = (response: { headers: Headers }) => response.headers.get("X-Sandbox-Signature-Diagnosis");
  test("a Signature without algorithm: 401 SIGNATURE_INVALID, algorithm-unsupported, nothing made", async () => {
    const before = await paymentsCount();
    const response = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: paymentBody(kari, ola),
      afterSigning: (request) => {
        request.headers.Signature = (request.headers.Signature ?? "").replace('algorithm="rsa-sha256",', "");
      },
    });
    expect(response.status).toBe(401);
    expect(diagnosis(response)).toBe("algorithm-unsupported");
    expect(await response.json()).toEqual({
      tppMessages: [expect.objectContaining({ code: "SIGNATURE_INVALID", text: expect.stringContaining('send algorithm="rsa-sha256"') as unknown })],
    });
    expect(await paymentsCount()).toBe(before);
  });
  test("a request signed rsa-sha512: 401 SIGNATURE_INVALID, algorithm-unsupported", async () => {
    const sha512 = await testClient({ sandbox: client.sandbox, certificate: await generateTestCertificate({ hash: "SHA-512" }) });
    const response = await sha512.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola) });
    expect(response.status).toBe(401);
    expect(diagnosis(response)).toBe("algorithm-unsupported");
    expect(await response.json()).toEqual({
      tppMessages: [
        expect.objectContaining({ code: "SIGNATURE_INVALID", text: expect.stringContaining('"rsa-sha512" is not one this bank verifies') as unknown }),
      ],
    });
  });
  test("a missing Digest is refused as a wrong one is: 401 SIGNATURE_INVALID with the doctor's code", async () => {
    const send = (edit: (headers: Record<string, string>) => void) =>
      client.send("POST", NDCT, {
        headers: initiationHeaders(KARI),
        body: paymentBody(kari, ola),
        afterSigning: (request) => {
          edit(request.headers);
        },
      });
    const wrong = await send((headers) => {
      headers.Digest = "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";
    });
    const missing = await send((headers) => {
      Reflect.deleteProperty(headers, "Digest");
    });
    expect([wrong.status, missing.status]).toEqual([401, 401]);
    expect(diagnosis(missing)).toBe("digest-missing");
    expect(await missing.json()).toEqual({
      tppMessages: [expect.objectContaining({ code: "SIGNATURE_INVALID", path: "Digest", text: expect.stringContaining("no Digest header") as unknown })],
    });
  });
});

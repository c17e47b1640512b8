import { beforeEach, describe, expect, test } from "vitest";
import { PaymentInitiationResponse, PeriodicPayment, SinglePayment } from "../../src/contract/payments";
import { isBusinessDay } from "../domain/calendar/business-days";
import {
  FJORDLINE,
  KARI,
  OLA,
  initiationHeaders,
  testClient,
  type TestClient,
  NDCT,
  PERIODIC,
  type ListedAccount,
  kariAndOla,
  paymentBody,
} from "../test-helpers";

let client: TestClient;
let today: string;
let kari: ListedAccount;
let ola: ListedAccount;

const body = (extra: Record<string, unknown> = {}) => paymentBody(kari, ola, { amount: "99.90", remittanceInformationUnstructured: "Kino", ...extra });
const periodicBody = (extra: Record<string, unknown> = {}) => body({ startDate: today, frequency: "Monthly", dayOfExecution: "15", ...extra });
const store = async () => (await client.sandbox.env.store.exportAll()).stores;

async function initiate(
  path = NDCT,
  payload: Record<string, unknown> = body(),
  headers: Record<string, string> = initiationHeaders(KARI, path === PERIODIC ? { "x-accept-fix": "longer-name" } : {}),
) {
  const response = await client.send("POST", path, { headers, body: payload });
  expect(response.status).toBe(201);
  return PaymentInitiationResponse.parse(await response.json()).paymentId;
}
const decide = (paymentId: string, decision: "approve" | "decline") => client.control("POST", `/__sandbox/sca/payment/${paymentId}`, { decision });
const statusOf = async (path: string) => ((await (await client.send("GET", `${path}/status`)).json()) as { transactionStatus: string }).transactionStatus;

beforeEach(async () => {
  client = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  const accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
  ({ kari, ola } = kariAndOla(accounts));
  today = ((await (await client.control("GET", "/__sandbox/clock")).json()) as { today: string }).today;
});

describe("initiation", () => {
  test("201 with RCVD, links, Location and ASPSP-SCA-Approach", async () => {
    const response = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: body() });
    expect(response.status).toBe(201);
    const created = PaymentInitiationResponse.parse(await response.json());
    expect(created.transactionStatus).toBe("RCVD");
    expect(Object.keys(created._links ?? {})).toEqual(["scaRedirect", "self", "status"]);
    expect(response.headers.get("Location")).toBe(created._links?.self?.href);
    expect(response.headers.get("ASPSP-SCA-Approach")).toBe("REDIRECT");
    expect(response.headers.get("X-Request-ID")).toMatch(/^[0-9a-f-]{36}$/);
  });
  test("the deprecated remittanceInformationStructured is accepted with a WARNING", async () => {
    const response = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: body({ remittanceInformationUnstructured: undefined, remittanceInformationStructured: { reference: "12344", referenceType: "KID" } }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ tppMessages: [{ category: "WARNING", code: "WARNING", path: "remittanceInformationStructured" }] });
  });
  test("a periodic payment without x-accept-fix activates no fix and is taken; none or an empty value still are (decision 0059)", async () => {
    await initiate(PERIODIC, periodicBody(), initiationHeaders(KARI));
    for (const neutral of ["none", ""]) await initiate(PERIODIC, periodicBody(), initiationHeaders(KARI, { "x-accept-fix": neutral }));
    const unknown = await client.send("POST", PERIODIC, { headers: initiationHeaders(KARI, { "x-accept-fix": "shorter-name" }), body: periodicBody() });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", path: "x-accept-fix" })] });
  });
  test("X-PSU-IDENTITY instead of PSU-ID", async () => {
    const { "PSU-ID": _id, ...rest } = initiationHeaders(KARI);
    const response = await client.send("POST", NDCT, { headers: { ...rest, "X-PSU-IDENTITY": KARI.customerNumber }, body: body() });
    expect(response.status).toBe(201);
    const unknown = await client.send("POST", NDCT, { headers: { ...rest, "X-PSU-IDENTITY": "15829010019" }, body: body() });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "PSU_CREDENTIALS_INVALID", path: "X-PSU-IDENTITY" })] });
  });
  test("both PSU-ID and X-PSU-IDENTITY, or neither: 400", async () => {
    const before = await store();
    const both = await client.send("POST", NDCT, { headers: initiationHeaders(KARI, { "X-PSU-IDENTITY": KARI.customerNumber }), body: body() });
    expect(both.status).toBe(400);
    expect(await both.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", path: "X-PSU-IDENTITY" })] });
    const { "PSU-ID": _omitted, ...withoutPsu } = initiationHeaders(KARI);
    const neither = await client.send("POST", NDCT, { headers: withoutPsu, body: body() });
    expect(neither.status).toBe(400);
    expect(await neither.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "HTTP_HEADER_REQUIRED", path: "PSU-ID" })] });
    expect(await store()).toEqual(before);
  });
  test("a corporate PSU naming another company: 403; paying from a foreign account: 403; past date: 400", async () => {
    const before = await store();
    const company = await client.send("POST", NDCT, { headers: initiationHeaders(FJORDLINE, { "PSU-Corporate-ID": "999990029" }), body: body() });
    expect(company.status).toBe(403);
    const foreign = await client.send("POST", NDCT, { headers: initiationHeaders(OLA), body: body() });
    expect(await foreign.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "FORBIDDEN", path: "debtorAccount" })] });
    const past = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: body({ requestedExecutionDate: "2020-01-01" }) });
    expect(await past.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "EXECUTION_DATE_INVALID" })] });
    expect(await store()).toEqual(before);
  });
  test("regression: an amount no int32 booking holds is refused up front (was booked, then broke list and export)", async () => {
    const response = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: body({ instructedAmount: { amount: "30000000.00", currency: "NOK" } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "BAD_REQUEST", path: "instructedAmount.amount" })] });
  });
  test("the int32 cap is only where a booking happens: a periodic payment of 30 000 000 NOK is taken, read and exported, never booked", async () => {
    const paymentId = await initiate(
      PERIODIC,
      periodicBody({ instructedAmount: { amount: "30000000.00", currency: "NOK" } }),
      initiationHeaders(KARI, { "x-accept-fix": "none" }),
    );
    const read = await client.send("GET", `${PERIODIC}/${paymentId}`);
    expect(await read.json()).toMatchObject({ instructedAmount: { amount: "30000000.00", currency: "NOK" } });
    const transactionsBefore = (await store()).transactions.length;
    expect((await client.control("POST", "/__sandbox/clock/advance", { days: 40 })).status).toBe(200);
    expect((await store()).transactions.length).toBe(transactionsBefore);
    expect((await client.control("GET", "/__sandbox/export")).status).toBe(200);
  });
});

describe("reading payments", () => {
  test("a single payment: its request, id, status and links", async () => {
    const paymentId = await initiate();
    const response = await client.send("GET", `${NDCT}/${paymentId}`);
    expect(response.status).toBe(200);
    const read = SinglePayment.parse(await response.json());
    expect(read).toMatchObject({ ...body(), paymentId, transactionStatus: "RCVD" });
    expect(Object.keys(read._links ?? {})).toEqual(["scaRedirect", "self", "status"]);
    expect(await statusOf(`${NDCT}/${paymentId}`)).toBe("RCVD");
  });
  test("a periodic payment shows its next execution dates, on business days, from the start", async () => {
    const paymentId = await initiate(PERIODIC, periodicBody());
    const read = PeriodicPayment.parse(await (await client.send("GET", `${PERIODIC}/${paymentId}`)).json());
    expect(read.frequency).toBe("Monthly");
    const dates = read.nextExecutionDates ?? [];
    expect(dates).toHaveLength(5);
    expect([...dates].sort()).toEqual(dates);
    for (const date of dates) {
      expect(date >= today).toBe(true);
      expect(isBusinessDay(date)).toBe(true);
    }
  });
  test("a periodic payment read under the single path, or the other way round: 404", async () => {
    const periodicId = await initiate(PERIODIC, periodicBody());
    const singleId = await initiate();
    for (const path of [`${NDCT}/${periodicId}`, `${NDCT}/${periodicId}/status`, `${PERIODIC}/${singleId}`, `${PERIODIC}/${singleId}/status`]) {
      const response = await client.send("GET", path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "RESOURCE_UNKNOWN", path: "paymentId" })] });
    }
    expect((await client.send("DELETE", `${NDCT}/${periodicId}`)).status).toBe(404);
    expect(await statusOf(`${PERIODIC}/${periodicId}`)).toBe("RCVD");
  });
  test("an unknown payment: 404 on read, status and delete", async () => {
    for (const [method, path] of [
      ["GET", `${NDCT}/nope`],
      ["GET", `${NDCT}/nope/status`],
      ["DELETE", `${NDCT}/nope`],
      ["GET", `${PERIODIC}/nope`],
    ] as const) {
      expect((await client.send(method, path)).status, `${method} ${path}`).toBe(404);
    }
  });
});

describe("deleting payments", () => {
  test("RCVD → 204, then its status reads CANC and it has no SCA link", async () => {
    const paymentId = await initiate();
    const removed = await client.send("DELETE", `${NDCT}/${paymentId}`);
    expect(removed.status).toBe(204);
    expect(await statusOf(`${NDCT}/${paymentId}`)).toBe("CANC");
    const read = SinglePayment.parse(await (await client.send("GET", `${NDCT}/${paymentId}`)).json());
    expect(Object.keys(read._links ?? {})).toEqual(["self", "status"]);
    expect((await decide(paymentId, "approve")).status).toBe(409);
  });
  test("ACTC → 204 CANC; the batch then leaves it alone", async () => {
    const paymentId = await initiate();
    await decide(paymentId, "approve");
    expect((await client.send("DELETE", `${NDCT}/${paymentId}`)).status).toBe(204);
    const run = (await (await client.control("POST", "/__sandbox/batch/run")).json()) as { runs: { settled: string[] }[] };
    expect(run.runs[0]?.settled).toEqual([]);
    expect(await statusOf(`${NDCT}/${paymentId}`)).toBe("CANC");
  });
  test("ACSC → 409 CONFLICT (final status), nothing changes", async () => {
    const paymentId = await initiate();
    await decide(paymentId, "approve");
    await client.control("POST", "/__sandbox/batch/run");
    expect(await statusOf(`${NDCT}/${paymentId}`)).toBe("ACSC");
    const before = await store();
    const refused = await client.send("DELETE", `${NDCT}/${paymentId}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      tppMessages: [expect.objectContaining({ code: "CONFLICT", text: expect.stringContaining("ACSC, a final status") as string })],
    });
    expect(await store()).toEqual(before);
  });
  test("RJCT and CANC cannot be deleted either", async () => {
    const declined = await initiate();
    await decide(declined, "decline");
    expect((await client.send("DELETE", `${NDCT}/${declined}`)).status).toBe(409);
    const cancelled = await initiate();
    await client.send("DELETE", `${NDCT}/${cancelled}`);
    expect((await client.send("DELETE", `${NDCT}/${cancelled}`)).status).toBe(409);
  });
  test("a periodic payment: 204 and CANC; its schedule is no longer shown", async () => {
    const paymentId = await initiate(PERIODIC, periodicBody());
    expect((await client.send("DELETE", `${PERIODIC}/${paymentId}`)).status).toBe(204);
    const read = (await (await client.send("GET", `${PERIODIC}/${paymentId}`)).json()) as Record<string, unknown>;
    expect(read.transactionStatus).toBe("CANC");
    expect(read).not.toHaveProperty("nextExecutionDates");
    const again = await client.send("DELETE", `${PERIODIC}/${paymentId}`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ tppMessages: [expect.objectContaining({ code: "CONFLICT", text: expect.stringContaining("CANC") as string })] });
    expect((await client.send("DELETE", `${PERIODIC}/nope`)).status).toBe(404);
  });
});

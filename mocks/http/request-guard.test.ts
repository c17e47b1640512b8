import { beforeEach, describe, expect, test } from "vitest";
import { generateTestCertificate, signRequest } from "../../src/signing/index";
import {
  KARI,
  ORIGIN,
  initiationHeaders,
  NDCT,
  testCertificate,
  testClient,
  type ListedAccount,
  type TestClient,
  kariAndOla,
  paymentBody,
} from "../test-helpers";
import { DATE_WINDOW_MS, dateWindowProblem, formatDuration } from "./request-guard";

const NOW = Date.parse("2026-11-24T09:00:00Z");
const MINUTE = 60_000;

let client: TestClient;
let body: Record<string, unknown>;
/** A signed read: the newest transaction of Kari's account. */
let read: string;
const paymentCount = async () => (await client.sandbox.env.store.exportAll()).stores.payments.length;

beforeEach(async () => {
  client = await testClient({ now: () => NOW });
  await client.send("POST", "/v1/sandbox/initialize");
  const accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
  const { kari, ola } = kariAndOla(accounts);
  read = `/v1/sandbox/accounts/${kari.resourceId}/transactions?limit=1`;
  body = paymentBody(kari, ola, { remittanceInformationUnstructured: "Kino" });
});

/** One signed request, as an attacker who captured it would hold it: sent as many times as wanted, with any method and path. */
async function captured(
  method: string,
  path: string,
  headers: Record<string, string>,
  text?: string,
  certificate?: Awaited<ReturnType<typeof testCertificate>>,
) {
  const cert = certificate ?? (await testCertificate());
  const all: Record<string, string> = {
    "X-Request-ID": crypto.randomUUID(),
    ...headers,
    ...(text === undefined ? {} : { "Content-Type": "application/json" }),
  };
  const signed = await signRequest({ method, url: path, headers: all, body: text }, { privateKey: cert.privateKey, certificate: cert.certificatePem });
  const complete = { ...all, ...signed.headers };
  return async (asMethod = method, asPath = path) => {
    const response = await client.sandbox.dispatch(
      new Request(`${ORIGIN}${asPath}`, {
        method: asMethod,
        headers: complete,
        ...(text === undefined || asMethod === "GET" || asMethod === "DELETE" ? {} : { body: text }),
      }),
    );
    if (!response) throw new Error("no answer");
    return { status: response.status, json: () => response.json() as Promise<{ tppMessages?: { code: string; path?: string; text: string }[] }> };
  };
}

describe("replay: an X-Request-ID is good for one request per certificate", () => {
  test("the same signed payment sent twice creates one payment; the second is 409 naming the id and its first use", async () => {
    const send = await captured("POST", NDCT, { ...initiationHeaders(KARI), "X-Request-ID": "8a4b7c1e-0d2f-4e3a-9b5c-6d7e8f901234" }, JSON.stringify(body));
    expect((await send()).status).toBe(201);
    const before = await paymentCount();
    const again = await send();
    expect(again.status).toBe(409);
    expect((await again.json()).tppMessages).toEqual([
      {
        category: "ERROR",
        code: "CONFLICT",
        path: "X-Request-ID",
        text: expect.stringContaining(
          "X-Request-ID 8a4b7c1e-0d2f-4e3a-9b5c-6d7e8f901234 was already used with this certificate's key, first at 2026-11-24T09:00:00.000Z",
        ) as string,
      },
    ]);
    expect(await paymentCount()).toBe(before);
  });

  test("a captured status read, replayed as DELETE or as initialize, cancels and wipes nothing", async () => {
    const created = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body });
    const { paymentId } = (await created.json()) as { paymentId: string };
    const read = await captured("GET", `${NDCT}/${paymentId}/status`, {});
    expect((await read()).status).toBe(200);
    expect((await read("DELETE", `${NDCT}/${paymentId}`)).status).toBe(409);
    expect((await read("POST", "/v1/sandbox/initialize")).status).toBe(409);
    expect((await (await client.send("GET", `${NDCT}/${paymentId}/status`)).json()) as object).toMatchObject({ transactionStatus: "RCVD" });
    expect(await paymentCount()).toBe(1);
  });

  test("another TPP (another certificate) may use the same id", async () => {
    const id = crypto.randomUUID();
    const other = await generateTestCertificate({ notBefore: new Date(NOW - 60_000), tppName: "Other TPP" });
    expect((await (await captured("GET", read, { "X-Request-ID": id }))()).status).toBe(200);
    expect((await (await captured("GET", read, { "X-Request-ID": id }, undefined, other))()).status).toBe(200);
    expect((await (await captured("GET", read, { "X-Request-ID": id }, undefined, other))()).status).toBe(409);
  });

  test("a request refused by validation or by its signature does not use up its id; one the handler refuses does", async () => {
    const id = crypto.randomUUID();
    const invalid = await client.send("POST", NDCT, {
      headers: { ...initiationHeaders(KARI), "X-Request-ID": id },
      body: { ...body, creditorName: undefined },
    });
    expect(invalid.status).toBe(400);
    const forged = await client.send("POST", NDCT, {
      headers: { ...initiationHeaders(KARI), "X-Request-ID": id },
      body,
      afterSigning: (request) => {
        request.body = JSON.stringify({ ...body, instructedAmount: { amount: "9999.00", currency: "NOK" } });
      },
    });
    expect(forged.status).toBe(401);
    expect((await client.send("POST", NDCT, { headers: { ...initiationHeaders(KARI), "X-Request-ID": id }, body })).status).toBe(201);

    const unknownId = crypto.randomUUID();
    expect((await client.send("GET", `${NDCT}/no-such-payment`, { headers: { "X-Request-ID": unknownId } })).status).toBe(404);
    expect((await client.send("GET", `${NDCT}/no-such-payment`, { headers: { "X-Request-ID": unknownId } })).status).toBe(409);
  });

  test("export, import and reset do not make an id usable again", async () => {
    const id = crypto.randomUUID();
    expect((await client.send("GET", read, { headers: { "X-Request-ID": id } })).status).toBe(200);
    const exported = await (await client.control("GET", "/__sandbox/export")).json();
    expect((await client.control("POST", "/__sandbox/reset")).status).toBe(200);
    expect((await client.control("POST", "/__sandbox/import", exported)).status).toBe(200);
    expect((await client.send("GET", read, { headers: { "X-Request-ID": id } })).status).toBe(409);
  });
});

describe("how long an id is kept: as long as a replay of its request could pass the other checks", () => {
  test("with a signed Date, until 10 minutes after that Date (its window, and as long again for servers' clocks); without, 7 days", async () => {
    let now = NOW;
    const timed = await testClient({ now: () => now });
    await timed.send("POST", "/v1/sandbox/initialize");
    const [dated, undated, early] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const sent = (id: string, withDate: boolean) =>
      timed.send("GET", read, { headers: { "X-Request-ID": id, ...(withDate ? { Date: new Date(now).toUTCString() } : {}) } });
    for (const [id, withDate] of [
      [dated, true],
      [undated, false],
      [early, true],
    ] as const)
      expect((await sent(id, withDate)).status).toBe(200);
    // Within the 10 minutes a new request (signed anew, a new Date) with the dated id is still refused as a reuse.
    now = NOW + 9 * MINUTE;
    expect((await sent(early, true)).status).toBe(409);
    // After them the store has forgotten it: the id is new again. The undated one is kept (7 days).
    now = NOW + 10 * MINUTE + 1_000;
    expect((await sent(dated, true)).status).toBe(200);
    expect((await sent(undated, false)).status).toBe(409);
    expect((await sent(undated, true)).status).toBe(409);
    now = NOW + 7 * 24 * 60 * MINUTE + 1_000;
    expect((await sent(undated, false)).status).toBe(200);
  });
});

describe("the Date window: a signed Date within 5 minutes of real time", () => {
  const at = (offsetMs: number) => new Date(NOW + offsetMs).toUTCString();

  test("within the window either way, the request is answered; without Date too", async () => {
    for (const offset of [-DATE_WINDOW_MS, -4 * MINUTE, 0, 4 * MINUTE, DATE_WINDOW_MS])
      expect((await client.send("GET", read, { headers: { Date: at(offset) } })).status, `offset ${String(offset)}`).toBe(200);
    expect((await client.send("GET", read)).status).toBe(200);
  });

  test("a Date from 1999 is 401 naming the skew and the window; nothing changes and the id stays usable", async () => {
    const id = crypto.randomUUID();
    const before = await paymentCount();
    const old = await client.send("POST", NDCT, { headers: { ...initiationHeaders(KARI), "X-Request-ID": id, Date: "Fri, 31 Dec 1999 23:59:59 GMT" }, body });
    expect(old.status).toBe(401);
    const [message] = ((await old.json()) as { tppMessages: { code: string; path: string; text: string }[] }).tppMessages;
    expect(message).toMatchObject({ code: "SIGNATURE_INVALID", path: "Date" });
    expect(old.headers.get("X-Sandbox-Signature-Diagnosis")).toBe("date-stale");
    expect(message?.text).toMatch(
      /^Date Fri, 31 Dec 1999 23:59:59 GMT is 9824 d 9 h 1 s behind the bank's real time \(Tue, 24 Nov 2026 09:00:00 GMT\); a signed Date may differ from it by at most 5 min either way\./,
    );
    expect(await paymentCount()).toBe(before);
    expect((await client.send("POST", NDCT, { headers: { ...initiationHeaders(KARI), "X-Request-ID": id, Date: at(0) }, body })).status).toBe(201);
  });

  test("a Date just past the window ahead is 401 'ahead of'", async () => {
    const ahead = await client.send("GET", read, { headers: { Date: at(DATE_WINDOW_MS + 1_000) } });
    expect(ahead.status).toBe(401);
    expect(JSON.stringify(await ahead.json())).toContain("is 5 min 1 s ahead of the bank's real time");
  });

  test("the window is real time: a sandbox clock moved a week ahead changes nothing", async () => {
    expect((await client.control("POST", "/__sandbox/clock/advance", { days: 7 })).status).toBe(200);
    expect((await client.send("GET", read, { headers: { Date: at(0) } })).status).toBe(200);
    expect((await client.send("GET", read, { headers: { Date: at(7 * 24 * 60 * MINUTE) } })).status).toBe(401);
  });

  test("a Date that is not signed is 401; one that is not an HTTP date is 400 at Date", async () => {
    const unsigned = await client.send("GET", read, {
      afterSigning: (request) => {
        request.headers.Date = at(0);
      },
    });
    expect(unsigned.status).toBe(401);
    // The signature doctor names it: date-unsigned, with the fix.
    expect(unsigned.headers.get("X-Sandbox-Signature-Diagnosis")).toBe("date-unsigned");
    expect(JSON.stringify(await unsigned.json())).toMatch(/carries Date \([^)]+\) but the headers parameter does not list date.*add date to headers=/);
    const garbled = await client.send("GET", read, { headers: { Date: "2026-11-24T09:00:00Z" } });
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ tppMessages: [{ code: "FORMAT_ERROR", path: "Date" }] });
  });

  test("dateWindowProblem and formatDuration", () => {
    expect(dateWindowProblem(undefined, NOW)).toBeUndefined();
    expect(dateWindowProblem(at(-DATE_WINDOW_MS - 1_000), NOW)?.status).toBe(401);
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(-(3_600_000 + 61_000))).toBe("1 h 1 min 1 s");
  });
});

describe("path tricks in the dispatcher", () => {
  test("encoded slashes and dots under /v1/ and /__sandbox/ are 400 before routing; the sandbox is not reset", async () => {
    // ".." and "%2e%2e" never reach the dispatcher: the URL parser (the browser's, or new URL) has resolved them already;
    // the standalone server refuses them in the raw request target (mocks/server/path-tricks.test.ts).
    for (const path of ["/v1/signing-baskets/a%2Fb", "/__sandbox/payments/x%2f..%2f..", "/v1/payments%5creset", "/__sandbox/reset%2F"]) {
      const response = await client.sandbox.dispatch(new Request(`${ORIGIN}${path}`, { method: "POST" }));
      expect(response?.status, path).toBe(400);
      expect(await response?.json(), path).toMatchObject({ tppMessages: [{ code: "BAD_REQUEST" }] });
    }
    expect(await paymentCount()).toBe(0);
    expect(((await (await client.control("GET", "/__sandbox/customers")).json()) as unknown[]).length).toBeGreaterThan(0);
  });
});

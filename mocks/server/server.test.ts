import { get as httpGet } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { KARI, initiationHeaders, NDCT, type ListedAccount as Account, kariAndOla, paymentBody } from "../test-helpers";
import { serverAndClient, rawExchange as rawBytes, withMoreTransactions, type HttpClient, type SandboxExportShape } from "./http-client.test-helpers";
import { MAX_BODY_BYTES, MAX_IMPORT_BYTES } from "./node-request";
import type { SandboxServer } from "./start";

interface Created {
  paymentId: string;
  transactionStatus: string;
  _links: Record<string, { href: string } | undefined>;
}

let server: SandboxServer;
let client: HttpClient;

beforeAll(async () => {
  ({ server, client } = await serverAndClient());
});
afterAll(async () => {
  await server.close();
});

/** Sends raw bytes and returns everything the server writes until it closes the connection. */
const rawExchange = (text: string, options: { destroyAfterWrite?: boolean } = {}) => rawBytes(server.port, text, options);

describe("the interface over real HTTP", { timeout: 20_000 }, () => {
  test("signed create-account and list-transactions round trip, with Link and X-Request-ID", async () => {
    const requestId = crypto.randomUUID();
    const created = await client.send("POST", "/v1/sandbox/accounts", {
      headers: { "X-Request-ID": requestId },
      body: {
        customerNumber: KARI.customerNumber,
        accountName: "Reisekonto",
        currency: "NOK",
        balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 5000, currency: "NOK" } }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("X-Request-ID")).toBe(requestId);
    const account = (await created.json()) as Account;
    expect(created.headers.get("Location")).toBe(`${server.url}/v1/sandbox/accounts/${account.resourceId}`);

    for (const amount of [1200, 3400]) {
      const booked = await client.send("POST", `/v1/sandbox/accounts/${account.resourceId}/transactions`, {
        body: { amount, currency: "NOK", creditorName: "Kiwi", creditorAccount: { bban: "86011117947" }, debtorAccount: { bban: account.bban } },
      });
      expect(booked.status).toBe(201);
    }

    const listId = crypto.randomUUID();
    const list = await client.send("GET", `/v1/sandbox/accounts/${account.resourceId}/transactions?limit=1`, { headers: { "X-Request-ID": listId } });
    expect(list.status).toBe(200);
    expect(list.headers.get("X-Request-ID")).toBe(listId);
    const page = (await list.json()) as { amount: number }[];
    expect(page).toHaveLength(1);
    const link = list.headers.get("Link") ?? "";
    expect(link).toContain('rel="first"');
    const next = /<([^>]+)>; rel="next"/.exec(link)?.[1];
    expect(next?.startsWith(`${server.url}/v1/sandbox/accounts/${account.resourceId}/transactions?`)).toBe(true);

    const following = await client.send("GET", next!.slice(server.url.length));
    expect(following.status).toBe(200);
    const second = (await following.json()) as { amount: number }[];
    expect([...page, ...second].map((transaction) => Math.abs(transaction.amount)).sort()).toEqual([1200, 3400]);
  });

  test("an unsigned interface request is refused with the dispatcher's 401", async () => {
    const response = await client.send("POST", "/v1/sandbox/initialize", { sign: false });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ tppMessages: expect.arrayContaining([expect.objectContaining({ code: "SIGNATURE_MISSING" })]) as unknown });
  });
});

describe("the SCA path through the bank page", { timeout: 20_000 }, () => {
  let kari: Account;
  let ola: Account;

  beforeAll(async () => {
    expect((await client.send("POST", "/v1/sandbox/initialize")).status).toBe(200);
    const accounts = await client.controlJson<Account[]>("GET", "/__sandbox/accounts");
    ({ kari, ola } = kariAndOla(accounts));
    expect(kari).toBeDefined();
    expect(ola).toBeDefined();
  });

  async function initiate(amount: string): Promise<Created> {
    const created = await client.send("POST", NDCT, {
      headers: initiationHeaders(KARI),
      body: paymentBody(kari, ola, { amount, remittanceInformationUnstructured: "Middag" }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as Created;
    expect(body.transactionStatus).toBe("RCVD");
    expect(body._links.scaRedirect?.href).toBe(`${server.url}/bank/authorize/payment/${body.paymentId}`);
    return body;
  }

  const decide = (href: string, decision: string) =>
    fetch(href, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `decision=${decision}` });

  test("approve: the page shows the payment, the form answers 303 to the TPP with scaResult=ok, the batch books it", async () => {
    const { paymentId, _links } = await initiate("250.00");
    const href = _links.scaRedirect!.href;
    const pageResponse = await fetch(href);
    expect(pageResponse.status).toBe(200);
    expect(pageResponse.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await pageResponse.text();
    expect(html).toContain("250.00 NOK");
    expect(html).toContain("Ola Nordmann");
    expect(html).toMatch(/<form method="post">/);
    expect(html).toMatch(/<button type="submit" name="decision" value="approve"/);
    expect(html).toMatch(/<button type="submit" name="decision" value="decline"/);
    expect(html).not.toMatch(/<script|https?:\/\/(?!tpp\.example)[^"<\s]*\.(css|js)/);

    const approved = await decide(href, "approve");
    expect(approved.status).toBe(303);
    expect(approved.headers.get("Location")).toBe(`https://tpp.example/callback?paymentId=${paymentId}&scaResult=ok`);

    // Decided once: the page now says why there is nothing to approve.
    const again = await fetch(href);
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(/approved already \(ACTC\)/);
    expect((await decide(href, "decline")).status).toBe(409);

    const run = await client.controlJson<{ runs: { settled: string[] }[] }>("POST", "/__sandbox/batch/run");
    expect(run.runs[0]?.settled).toContain(paymentId);
    const status = await client.send("GET", `${NDCT}/${paymentId}/status`);
    expect(await status.json()).toMatchObject({ transactionStatus: "ACSC" });
  });

  test("decline: 303 to the TPP with scaResult=nok, and the payment is RJCT", async () => {
    const { paymentId, _links } = await initiate("12.50");
    const declined = await decide(_links.scaRedirect!.href, "decline");
    expect(declined.status).toBe(303);
    expect(declined.headers.get("Location")).toBe(`https://tpp.example/callback?paymentId=${paymentId}&scaResult=nok`);
    const status = await client.send("GET", `${NDCT}/${paymentId}/status`);
    expect(await status.json()).toMatchObject({ transactionStatus: "RJCT" });
  });

  test("an unknown payment, and a form without a decision, get an HTML page with the reason", async () => {
    const unknown = await fetch(`${server.url}/bank/authorize/payment/no-such-payment`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Content-Type")).toContain("text/html");
    expect(await unknown.text()).toContain("No payment no-such-payment");
    const { _links } = await initiate("1.00");
    const nothing = await decide(_links.scaRedirect!.href, "maybe");
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain("decision=approve or decision=decline");
  });

  test("a signing basket: the page lists its payments, approval returns with basketId and scaResult=ok", async () => {
    const first = await initiate("10.00");
    const second = await initiate("20.00");
    const basket = await client.send("POST", "/v1/signing-baskets", {
      headers: initiationHeaders(KARI),
      body: { paymentIds: [first.paymentId, second.paymentId] },
    });
    expect(basket.status).toBe(201);
    const { basketId, _links } = (await basket.json()) as { basketId: string; _links: Record<string, { href: string } | undefined> };
    const href = _links.scaRedirect!.href;
    expect(href).toBe(`${server.url}/bank/authorize/basket/${basketId}`);
    const html = await (await fetch(href)).text();
    expect(html).toContain("Approve 2 payments");
    expect(html).toContain("10.00 NOK");
    expect(html).toContain("20.00 NOK");
    const approved = await decide(href, "approve");
    expect(approved.status).toBe(303);
    expect(approved.headers.get("Location")).toBe(`https://tpp.example/callback?basketId=${basketId}&scaResult=ok`);
  });

  test("what goes into the page is escaped", async () => {
    // No "/" in the id: an encoded slash is refused before routing (400), see the path tests.
    const hostile = await fetch(`${server.url}/bank/authorize/basket/${encodeURIComponent("<script>alert(1)<script>")}`);
    expect(hostile.status).toBe(404);
    const html = await hostile.text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;script&gt;");
  });
});

describe("what a browser on another origin and a careless client get", { timeout: 20_000 }, () => {
  test("a CORS preflight of a loopback origin is answered for any path, and every answer grants that origin and exposes the portal's headers", async () => {
    const preflight = await fetch(`${server.url}/v1/payments/norwegian-domestic-credit-transfers`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "x-request-id, signature, digest",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    expect(preflight.headers.get("Vary")).toMatch(/\bOrigin\b/);
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toMatch(/GET, POST, PUT, DELETE/);
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toBe("x-request-id, signature, digest");

    const answer = await fetch(`${server.url}/__sandbox/clock`, { headers: { Origin: "http://localhost:5173" } });
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
    expect(answer.headers.get("Access-Control-Expose-Headers")).toBe(
      "Location, Link, X-Request-ID, X-Total-Count, X-Sandbox-Signing-String, X-Sandbox-Signature-Diagnosis, ASPSP-SCA-Approach, X-Sandbox-Scenario-Applied, Retry-After",
    );
  });

  test("an unknown path is a 404 in the interface's error format", async () => {
    const response = await fetch(`${server.url}/favicon.ico`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      tppMessages: [{ category: "ERROR", code: "RESOURCE_UNKNOWN", text: expect.stringContaining("/favicon.ico") as string }],
    });
  });

  test("the index and the OpenAPI document", async () => {
    const index = (await (await fetch(`${server.url}/`)).json()) as { base_url: string; sandbox_base_url: string; openapi: string };
    expect(index.base_url).toBe(server.url);
    expect(index.sandbox_base_url).toBe(server.url);
    const html = await (await fetch(`${server.url}/`, { headers: { Accept: "text/html" } })).text();
    expect(html).toContain('<a href="/openapi.json">');
    const openapi = (await (await fetch(index.openapi)).json()) as { openapi: string; paths: Record<string, unknown>; servers: { url: string }[] };
    expect(openapi.openapi).toBe("3.1.0");
    expect(Object.keys(openapi.paths)).toContain("/v1/sandbox/initialize");
    // The document names the origin it was fetched from, whatever the port or the name used for the host.
    expect(openapi.servers.map((entry) => entry.url)).toEqual([server.url]);
    const viaName = await new Promise<string>((resolve, reject) => {
      const request = httpGet(
        { host: "127.0.0.1", port: server.port, path: "/openapi.json", headers: { Host: `localhost:${String(server.port)}` } },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve(text));
        },
      );
      request.on("error", reject);
    });
    expect((JSON.parse(viaName) as typeof openapi).servers.map((entry) => entry.url)).toEqual([`http://localhost:${String(server.port)}`]);
  });

  test("a body over 1 MiB is a 413, and the server goes on", async () => {
    const response = await client.control("POST", "/__sandbox/clock/advance", { padding: "x".repeat(MAX_BODY_BYTES) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      tppMessages: [expect.objectContaining({ code: "CONTENT_TOO_LARGE", text: expect.stringContaining("at most 1048576 bytes") as string })],
    });
    expect((await client.control("GET", "/__sandbox/clock")).status).toBe(200);
  });

  test("an import takes a whole sandbox well over 1 MiB (up to 64 MiB)", async () => {
    const exported = withMoreTransactions((await (await client.control("GET", "/__sandbox/export")).json()) as SandboxExportShape, 8_000);
    const text = JSON.stringify(exported);
    expect(text.length).toBeGreaterThan(MAX_BODY_BYTES);
    const imported = await fetch(`${server.url}/__sandbox/import`, { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
    expect(await imported.text()).not.toContain("tppMessages");
    expect(imported.status).toBe(200);
    const after = (await (await client.control("GET", "/__sandbox/export")).json()) as SandboxExportShape;
    expect(after.stores.transactions).toHaveLength(exported.stores.transactions.length);

    const tooBig = await client.control("POST", "/__sandbox/import", { padding: "x".repeat(MAX_IMPORT_BYTES) });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.text()).toContain("at most 67108864 bytes (64 MiB)");
  });

  test("Expect: 100-continue with a Content-Length over the limit is refused before the body is sent", async () => {
    const answer = await rawExchange(
      `POST /__sandbox/clock/advance HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${String(MAX_BODY_BYTES + 1)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).not.toContain("100 Continue");
    const importAnswer = await rawExchange(
      `POST /__sandbox/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${String(MAX_IMPORT_BYTES + 1)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(importAnswer).toMatch(/^HTTP\/1\.1 413 /);
  });

  test("a malformed Host, a target that is not a path, and garbage get 400s", async () => {
    const badHost = await rawExchange("GET /__sandbox/clock HTTP/1.1\r\nHost: bad host/x\r\nConnection: close\r\n\r\n");
    expect(badHost).toMatch(/^HTTP\/1\.1 400 /);
    expect(badHost).toContain('"code":"BAD_REQUEST"');
    const badTarget = await rawExchange("GET nonsense HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(badTarget).toMatch(/^HTTP\/1\.1 400 /);
    const garbage = await rawExchange("\x00\x01 not http at all\r\n\r\n");
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toContain('{"tppMessages":[{"category":"ERROR","code":"BAD_REQUEST"');
    const hugeHeader = await rawExchange(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(hugeHeader).toMatch(/^HTTP\/1\.1 431 /);
    expect(hugeHeader).toContain('"code":"HEADER_FIELDS_TOO_LARGE"');
    expect((await client.control("GET", "/__sandbox/clock")).status).toBe(200);
  });

  test("a client that drops the connection mid-body does not disturb the server", async () => {
    await rawExchange('POST /__sandbox/clock/advance HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"da', {
      destroyAfterWrite: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const clock = await client.controlJson<{ offsetMs: number }>("GET", "/__sandbox/clock");
    expect(clock.offsetMs).toBe(0);
  });

  test("a request without Host (HTTP/1.0) is addressed to the server's own address", async () => {
    const answer = await rawExchange("GET / HTTP/1.0\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain(`"base_url": "${server.url}"`);
  });
});

describe("SCA expiry at the bank page (a server of its own: the test moves the clock)", { timeout: 30_000 }, () => {
  test("the page says by when to decide, and after the SCA window that the payment expired; deciding then is refused", async () => {
    const own = await serverAndClient();
    try {
      const accounts = await own.client.controlJson<Account[]>("GET", "/__sandbox/accounts");
      const { kari, ola } = kariAndOla(accounts);
      const created = await own.client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola, { amount: "12.00" }) });
      const { paymentId, _links } = (await created.json()) as Created;
      const href = _links.scaRedirect!.href;
      expect(await (await fetch(href)).text()).toMatch(/Approve or decline by \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      await own.client.controlJson("POST", "/__sandbox/clock/advance", { minutes: 11 });
      const expired = await fetch(href);
      expect(expired.status).toBe(409);
      expect(await expired.text()).toContain("SCA expired: the PSU did not approve within 10 minutes");
      const decided = await fetch(href, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "decision=approve",
      });
      expect(decided.status).toBe(401);
      expect(await (await own.client.send("GET", `${NDCT}/${paymentId}/status`)).json()).toMatchObject({ transactionStatus: "RJCT" });
    } finally {
      await own.server.close();
    }
  });
});

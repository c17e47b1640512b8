/**
 * A hosted (multi-tenant) server over HTTP, in memory: each TPP certificate has its own sandbox, the
 * controls are signed, bank links carry the tenant, new tenants are bounded, logs name the tenant.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hrefOf } from "../../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, kariAndOla, paymentBody, type ListedAccount } from "../../test-helpers";
import { startSandboxServer, type SandboxServer } from "../start";
import { base64Der, fingerprintTpp, organizationTpp, tppClient, type TppClient, type TppCredentials } from "./tpp-client.test-helpers";

interface Created {
  paymentId: string;
  _links: Record<string, { href: string } | undefined>;
}
interface Messages {
  tppMessages: { code: string; text: string }[];
}

async function createPayment(client: TppClient): Promise<Created> {
  const { kari, ola } = kariAndOla(await client.json<ListedAccount[]>("GET", hrefOf("sandboxAccounts", {})));
  const created = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola, { amount: "12.00" }) });
  expect(created.status).toBe(201);
  return (await created.json()) as Created;
}

const statusPath = (paymentId: string) => hrefOf("getPaymentStatus", { paymentId });

/** Status and codes of an answer, with any payment id in its texts made neutral: what tells a TPP whether an id exists. */
async function shape(response: Response, ids: string[]) {
  const body = (await response.json()) as Messages;
  return {
    status: response.status,
    messages: body.tppMessages.map((m) => ({ code: m.code, text: ids.reduce((text, id) => text.replaceAll(id, "<id>"), m.text) })),
  };
}

let server: SandboxServer;
let tppA: TppCredentials;
let tppB: TppCredentials;
let a: TppClient;
let b: TppClient;
/** The request log's lines (JSON); the server's other lines (batch runs, new tenants) stay text. */
const logLines: string[] = [];

beforeAll(async () => {
  server = await startSandboxServer({ port: 0, multiTenant: true, logFormat: "json", log: (line) => (line.startsWith("{") ? logLines.push(line) : 0) });
  [tppA, tppB] = await Promise.all([organizationTpp("111111111"), organizationTpp("222222222")]);
  a = tppClient(server.url, tppA);
  b = tppClient(server.url, tppB);
});
afterAll(async () => {
  await server.close();
});

describe("two TPPs on one hosted server", { timeout: 60_000 }, () => {
  test("each starts with the fixed data; A's payment is unknown to B exactly as a never-existing id is (status, cancel, basket)", async () => {
    expect((await a.json<ListedAccount[]>("GET", hrefOf("sandboxAccounts", {}))).length).toBeGreaterThan(2);
    const { paymentId } = await createPayment(a);
    const never = crypto.randomUUID();
    expect((await a.send("GET", statusPath(paymentId))).status).toBe(200);
    const ids = [paymentId, never];
    expect(await shape(await b.send("GET", statusPath(paymentId)), ids)).toEqual(await shape(await b.send("GET", statusPath(never)), ids));
    expect((await b.send("GET", statusPath(paymentId))).status).toBe(404);
    const cancel = (client: TppClient, id: string) => client.send("DELETE", hrefOf("deletePayment", { paymentId: id }));
    expect(await shape(await cancel(b, paymentId), ids)).toEqual(await shape(await cancel(b, never), ids));
    const basket = (id: string) => b.send("POST", hrefOf("createSigningBasket", {}), { headers: initiationHeaders(KARI), body: { paymentIds: [id] } });
    const refused = await shape(await basket(paymentId), ids);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused).toEqual(await shape(await basket(never), ids));
    // Nothing B did reached A's payment.
    expect(await a.json<{ transactionStatus: string }>("GET", statusPath(paymentId))).toEqual({ transactionStatus: "RCVD" });
  });

  test("B's clock advance and reset leave A's clock and payments alone; scenario rules are B's own", async () => {
    const { paymentId } = await createPayment(a);
    const clockOf = (client: TppClient) => client.json<{ offsetMs: number }>("GET", hrefOf("sandboxClock", {}));
    const before = (await clockOf(a)).offsetMs;
    await b.json("POST", hrefOf("advanceClock", {}), { days: 3 });
    expect((await clockOf(b)).offsetMs - before).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect((await clockOf(a)).offsetMs).toBe(before);
    await b.json("POST", hrefOf("resetSandbox", {}));
    expect((await a.send("GET", statusPath(paymentId))).status).toBe(200);

    const rules = { rules: [{ id: "b-only", enabled: true, match: { operations: ["createPayment"] }, outcome: { kind: "system-error" } }] };
    await b.json("PUT", hrefOf("setScenarioRules", {}), rules);
    expect((await b.json<{ rules: unknown[] }>("GET", hrefOf("scenarioRules", {}))).rules).toHaveLength(1);
    expect((await a.json<{ rules: unknown[] }>("GET", hrefOf("scenarioRules", {}))).rules).toHaveLength(0);
    await createPayment(a); // 201: B's forced 500 is not A's
  });

  test("a renewed certificate with the same organizationIdentifier reaches the same sandbox once a bound key has added its key", async () => {
    const { paymentId } = await createPayment(a);
    const renewedTpp = await organizationTpp("111111111");
    await a.json("POST", hrefOf("addTenantKey", {}), { certificate: base64Der(renewedTpp) });
    const renewed = tppClient(server.url, renewedTpp);
    expect(await renewed.json("GET", statusPath(paymentId))).toEqual({ transactionStatus: "RCVD" });
  });

  test("a certificate without organizationIdentifier is its own tenant, keyed by its fingerprint (the log says which)", async () => {
    const [first, second] = await Promise.all([fingerprintTpp("No Org TPP"), fingerprintTpp("No Org TPP")]);
    expect(first.tenantKey).not.toBe(second.tenantKey);
    const one = tppClient(server.url, first);
    const { paymentId } = await createPayment(one);
    expect((await tppClient(server.url, second).send("GET", statusPath(paymentId))).status).toBe(404);
    const line = logLines
      .map((text) => JSON.parse(text) as { operation: string | null; tenant: string | null; status: number })
      .find((entry) => entry.operation === "createPayment" && entry.tenant === first.tenantKey);
    expect(line?.status).toBe(201);
  });
});

describe("the controls in hosted mode", { timeout: 60_000 }, () => {
  test("unsigned, a control is refused with 401 and a text that says to sign it; the info stays unsigned and says multiTenant", async () => {
    const unsigned = await a.send("POST", hrefOf("advanceClock", {}), { body: { days: 1 }, sign: false });
    expect(unsigned.status).toBe(401);
    const body = (await unsigned.json()) as Messages;
    expect(body.tppMessages[0]?.text).toMatch(/hosted sandbox.*signed like the interface.*TPP-Signature-Certificate, Digest, X-Request-ID and Signature/);
    const info = await fetch(`${server.url}${hrefOf("sandboxInfo", {})}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ product: "psd2-sandbox", multiTenant: true });
    const index = (await (await fetch(server.url)).json()) as { description: string };
    expect(index.description).toContain("controls are signed like the interface");
  });

  test("a signed control's X-Request-ID cannot be replayed", async () => {
    const headers = { "X-Request-ID": crypto.randomUUID() };
    expect((await a.send("GET", hrefOf("sandboxClock", {}), { headers })).status).toBe(200);
    expect((await a.send("GET", hrefOf("sandboxClock", {}), { headers })).status).toBe(409);
  });

  test("a signed control's X-Request-ID is checked as the interface checks it, before anything is kept: no tenant made, no id claimed", async () => {
    const newcomer = await organizationTpp("333333333");
    const client = tppClient(server.url, newcomer);
    const codes = async (response: Response) => [response.status, ((await response.json()) as Messages & { tppMessages: { path?: string }[] }).tppMessages];
    for (const id of ["req-1", "a".repeat(3_000), `{${crypto.randomUUID()}}`])
      expect(await codes(await client.send("GET", hrefOf("sandboxClock", {}), { headers: { "X-Request-ID": id } }))).toEqual([
        400,
        [expect.objectContaining({ code: "FORMAT_ERROR", path: "X-Request-ID", text: expect.stringMatching(/UUID/) as string })],
      ]);
    expect(await codes(await client.send("POST", hrefOf("advanceClock", {}), { body: { hours: 1 }, dropAfterSigning: ["X-Request-ID"] }))).toEqual([
      400,
      [expect.objectContaining({ code: "HTTP_HEADER_REQUIRED", path: "X-Request-ID" })],
    ]);
    expect(await server.tenants?.keys()).not.toContain(newcomer.tenantKey);
    // A signed Date outside the window, as the interface refuses it: before the tenant is made or the id claimed.
    const old = { "X-Request-ID": crypto.randomUUID(), Date: new Date(Date.now() - 3_600_000).toUTCString() };
    expect((await client.send("GET", hrefOf("sandboxClock", {}), { headers: old })).status).toBe(401);
    expect(await server.tenants?.keys()).not.toContain(newcomer.tenantKey);
    expect((await client.send("GET", hrefOf("sandboxClock", {}), { headers: { "X-Request-ID": old["X-Request-ID"] } })).status).toBe(200);
  });

  test("in local mode the same unsigned control is taken, and the info says nothing of tenants", async () => {
    const local = await startSandboxServer({ port: 0 });
    try {
      const answer = await fetch(`${local.url}${hrefOf("advanceClock", {})}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: '{"hours":1}',
      });
      expect(answer.status).toBe(200);
      expect(await (await fetch(`${local.url}${hrefOf("sandboxInfo", {})}`)).json()).not.toHaveProperty("multiTenant");
    } finally {
      await local.close();
    }
  });
});

describe("the bank page in hosted mode", { timeout: 60_000 }, () => {
  test("the scaRedirect link names the tenant and the PSU's approval lands in that TPP's sandbox; another tenant, or none, finds no such payment", async () => {
    const { paymentId, _links } = await createPayment(a);
    const href = _links.scaRedirect?.href ?? "";
    expect(new URL(href).searchParams.get("tenant")).toBe(tppA.tenantKey);
    const elsewhere = new URL(href);
    elsewhere.searchParams.set("tenant", tppB.tenantKey);
    expect((await fetch(elsewhere)).status).toBe(404);
    elsewhere.search = "";
    expect((await fetch(elsewhere)).status).toBe(404);
    const post = (url: string | URL) =>
      fetch(url, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "decision=approve" });
    elsewhere.searchParams.set("tenant", tppB.tenantKey);
    expect((await post(elsewhere)).status).toBe(404);
    expect(await a.json("GET", statusPath(paymentId))).toEqual({ transactionStatus: "RCVD" });

    expect((await fetch(href)).status).toBe(200);
    expect((await post(href)).status).toBe(303);
    expect(await a.json("GET", statusPath(paymentId))).toEqual({ transactionStatus: "ACTC" });
    const bankLine = logLines
      .map((text) => JSON.parse(text) as { method: string; path: string; status: number; tenant: string | null })
      .find((entry) => entry.method === "POST" && entry.path.startsWith("/bank/") && entry.status === 303);
    expect(bankLine?.tenant).toBe(tppA.tenantKey);
  });
});

describe("batch runs in hosted mode", { timeout: 60_000 }, () => {
  test("the batch timer books the due payments of every tenant, each on its own clock", async () => {
    let realNow = Date.now();
    const timed = await startSandboxServer({ port: 0, multiTenant: true, batchIntervalMs: 200, realNow: () => realNow });
    try {
      const clients = [tppClient(timed.url, tppA), tppClient(timed.url, tppB)];
      const approved: [TppClient, string][] = [];
      for (const client of clients) {
        const { paymentId, _links } = await createPayment(client);
        const decided = await fetch(_links.scaRedirect?.href ?? "", {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "decision=approve",
        });
        expect(decided.status).toBe(303);
        approved.push([client, paymentId]);
      }
      // Four days on covers a business day's runs whatever today is; neither tenant moves its own clock.
      realNow += 4 * 86_400_000;
      const statuses = async () =>
        Promise.all(approved.map(async ([client, id]) => (await client.json<{ transactionStatus: string }>("GET", statusPath(id))).transactionStatus));
      const deadline = Date.now() + 30_000;
      while ((await statuses()).some((status) => status === "ACTC") && Date.now() < deadline) await new Promise((done) => setTimeout(done, 250));
      expect(await statuses()).toEqual(["ACSC", "ACSC"]);
    } finally {
      await timed.close();
    }
  });
});

describe("bounds on new tenants", { timeout: 60_000 }, () => {
  test("beyond the per-minute bound a new TPP gets 429 with Retry-After and nothing is created; known TPPs go on", async () => {
    const bounded = await startSandboxServer({ port: 0, multiTenant: true, tenantLimits: { perMinute: 1 } });
    try {
      const [first, second] = await Promise.all([organizationTpp("333333333"), organizationTpp("444444444")]);
      expect((await tppClient(bounded.url, first).send("GET", hrefOf("sandboxClock", {}))).status).toBe(200);
      const refused = await tppClient(bounded.url, second).send("GET", hrefOf("sandboxClock", {}));
      expect(refused.status).toBe(429);
      // Until the first creation leaves the minute: 60 s, less the time the test took since.
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(30);
      expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
      expect(((await refused.json()) as Messages).tppMessages[0]).toMatchObject({ code: "ACCESS_EXCEEDED" });
      expect(await bounded.tenants?.keys()).toEqual([first.tenantKey]);
      expect((await tppClient(bounded.url, first).send("GET", hrefOf("sandboxClock", {}))).status).toBe(200);
    } finally {
      await bounded.close();
    }
  });

  test("beyond the total bound a new TPP is told to ask the operator", async () => {
    const bounded = await startSandboxServer({ port: 0, multiTenant: true, tenantLimits: { maxTenants: 1 } });
    try {
      const [first, second] = await Promise.all([organizationTpp("555555555"), organizationTpp("666666666")]);
      expect((await tppClient(bounded.url, first).send("GET", hrefOf("sandboxClock", {}))).status).toBe(200);
      const refused = await tppClient(bounded.url, second).send("GET", hrefOf("sandboxClock", {}));
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as Messages).tppMessages[0]?.text).toMatch(/maximum of 1 TPP sandboxes.*operator/);
    } finally {
      await bounded.close();
    }
  });
});

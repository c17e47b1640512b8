import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { KARI, NDCT, initiationHeaders, type ListedAccount, kariAndOla, paymentBody } from "../test-helpers";
import { serverAndClient, type HttpClient } from "./http-client.test-helpers";
import type { SandboxServer } from "./start";

let server: SandboxServer;
let client: HttpClient;
let kari: ListedAccount;
let ola: ListedAccount;

beforeAll(async () => {
  ({ server, client } = await serverAndClient());
  const accounts = await client.controlJson<ListedAccount[]>("GET", "/__sandbox/accounts");
  ({ kari, ola } = kariAndOla(accounts));
});
afterAll(async () => {
  await server.close();
});

async function initiate(redirectUri: string) {
  const created = await client.send("POST", NDCT, {
    headers: initiationHeaders(KARI, { "TPP-Redirect-URI": redirectUri }),
    body: paymentBody(kari, ola, { amount: "42.00", remittanceInformationUnstructured: "Appbetaling" }),
  });
  return { status: created.status, body: (await created.json()) as { paymentId: string; _links: Record<string, { href: string } | undefined> } };
}

describe("a mobile TPP's app scheme as TPP-Redirect-URI", { timeout: 20_000 }, () => {
  test.each([
    ["myapp://callback", "myapp://callback"],
    ["com.example.app:/oauth2redirect", "com.example.app:/oauth2redirect"],
  ])("%s: the bank page names the app and the decision answers 303 to it with the outcome", async (uri, shown) => {
    const { status, body } = await initiate(uri);
    expect(status).toBe(201);
    const href = body._links.scaRedirect?.href ?? "";
    expect(await (await fetch(href)).text()).toContain(`<strong>${shown}</strong>`);
    const decided = await fetch(href, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
    });
    expect(decided.status).toBe(303);
    expect(decided.headers.get("Location")).toBe(`${uri}?paymentId=${body.paymentId}&scaResult=ok`);
  });

  test("a script URI is refused at initiation with a text that says why, and nothing is created", async () => {
    const before = await client.controlJson<unknown[]>("GET", "/__sandbox/payments");
    const { status, body } = await initiate("javascript:alert(document.cookie)");
    expect(status).toBe(400);
    expect(body).toEqual({ tppMessages: [expect.objectContaining({ code: "FORMAT_ERROR", path: "TPP-Redirect-URI" })] });
    expect(JSON.stringify(body)).toMatch(/javascript: URIs are refused.*runs script/);
    expect(await client.controlJson<unknown[]>("GET", "/__sandbox/payments")).toEqual(before);
  });
});

describe("the bank page's form and the origin rules", { timeout: 20_000 }, () => {
  const post = (href: string, origin: string) =>
    fetch(href, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: "decision=approve",
    });

  test("posted from the page itself (its own Origin) it is taken; from elsewhere, or from an opaque origin, it is refused and changes nothing", async () => {
    const { body } = await initiate("https://tpp.example/callback");
    const href = body._links.scaRedirect?.href ?? "";
    const status = async () => (await client.controlJson<{ transactionStatus: string }>("GET", `/__sandbox/payments/${body.paymentId}`)).transactionStatus;
    for (const foreign of ["null", "https://evil.example"]) expect((await post(href, foreign)).status, foreign).toBe(403);
    expect(await status()).toBe("RCVD");
    const own = await post(href, new URL(href).origin);
    expect(own.status).toBe(303);
    expect(own.headers.get("Location")).toBe(`https://tpp.example/callback?paymentId=${body.paymentId}&scaResult=ok`);
    expect(await status()).toBe("ACTC");
  });

  test("the page asks browsers to send its Origin with the form (a no-referrer page posts Origin: null)", async () => {
    const { body } = await initiate("https://tpp.example/callback");
    const page = await fetch(body._links.scaRedirect?.href ?? "");
    expect(page.headers.get("Referrer-Policy")).not.toBe("no-referrer");
    expect(await page.text()).toMatch(/<div class="actions" role="group" aria-label="Your decision">/);
  });
});

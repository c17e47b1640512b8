/** The sandbox behind msw's Node integration: plain fetch calls, as a TPP's code under test would make. */
import { afterAll, beforeAll, expect, test } from "vitest";
import { signRequest } from "../src/signing/index";
import { setupSandboxServer } from "./node";
import { testCertificate } from "./test-helpers";

const { server } = await setupSandboxServer();
beforeAll(() => { server.listen({ onUnhandledRequest: "error" }); });
afterAll(() => { server.close(); });

async function signedFetch(method: string, url: string, body?: unknown) {
  const cert = await testCertificate();
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { "X-Request-ID": crypto.randomUUID(), ...(text ? { "Content-Type": "application/json" } : {}) };
  const signed = await signRequest({ method, url: new URL(url).pathname + new URL(url).search, headers, body: text }, { privateKey: cert.privateKey, certificate: cert.certificatePem });
  return fetch(url, { method, headers: { ...headers, ...signed.headers }, ...(text ? { body: text } : {}) });
}

test("fetch reaches the sandbox through msw: initialize, create an account, list its transactions", async () => {
  expect((await signedFetch("POST", "https://bank.example/v1/sandbox/initialize")).status).toBe(200);
  const created = await signedFetch("POST", "https://bank.example/v1/sandbox/accounts", { customerNumber: "15829010019", accountName: "Test", currency: "NOK" });
  expect(created.status).toBe(201);
  const account = (await created.json()) as { resourceId: string; inAgreement: boolean };
  expect(account.inAgreement).toBe(true);
  const list = await signedFetch("GET", `https://bank.example/v1/sandbox/accounts/${account.resourceId}/transactions`);
  expect(list.status).toBe(200);
  expect(await list.json()).toEqual([]);
  expect(list.headers.get("Link")).toContain('rel="first"');
});

test("requests outside the sandbox's paths are not answered by it", async () => {
  await expect(fetch("https://bank.example/somewhere-else")).rejects.toThrow();
});

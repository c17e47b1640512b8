/**
 * Idle tenants that did no real work are reclaimed, so the bound on tenants recovers (decision 0049):
 * in memory, over HTTP, on an injected clock (nothing waits out the idle time).
 */
import { describe, expect, test } from "vitest";
import { hrefOf } from "../../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, paymentBody, type ListedAccount } from "../../test-helpers";
import { startSandboxServer, type SandboxServer } from "../start";
import { organizationTpp, tppClient, type TppClient } from "./tpp-client.test-helpers";

interface Messages {
  tppMessages: { code: string; text: string }[];
}

const MINUTE = 60_000;
/** Two of the fixed data's accounts: a payment is one request, with no list read first. */
const debtor = { bban: "97100000028" };
const creditor = { bban: "97100000044" };
const clock = hrefOf("sandboxClock", {});

async function pay(client: TppClient): Promise<string> {
  const created = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(debtor, creditor) });
  expect(created.status).toBe(201);
  return ((await created.json()) as { paymentId: string }).paymentId;
}
const statusOf = (client: TppClient, paymentId: string) => client.send("GET", hrefOf("getPaymentStatus", { paymentId }));

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Still not so after 30 s: ${what}.`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe("reclaiming idle tenants", { timeout: 120_000 }, () => {
  test("at the total bound, a tenant that answered only its first request makes room once idle; one that did real work never does; its TPP comes back to a new sandbox", async () => {
    let realNow = Date.now();
    const lines: string[] = [];
    const server: SandboxServer = await startSandboxServer({
      port: 0,
      multiTenant: true,
      realNow: () => realNow,
      log: (line) => lines.push(line),
      tenantLimits: { maxTenants: 2, reclaimAfterMs: 30 * MINUTE },
    });
    try {
      const [tppA, tppB, tppC] = await Promise.all([organizationTpp("100000001"), organizationTpp("100000002"), organizationTpp("100000003")]);
      const [a, b, c] = [tppA, tppB, tppC].map((tpp) => tppClient(server.url, tpp));
      const onlyRequest = await pay(a!);
      const kept = await pay(b!);
      expect((await statusOf(b!, kept)).status).toBe(200); // B's second request: real work

      realNow += 10 * MINUTE;
      const full = await c!.send("GET", clock);
      expect(full.status).toBe(429);
      expect(Number(full.headers.get("Retry-After"))).toBeGreaterThan(19 * 60);
      expect(Number(full.headers.get("Retry-After"))).toBeLessThanOrEqual(20 * 60);
      expect(((await full.json()) as Messages).tppMessages[0]?.text).toMatch(
        /maximum of 2 TPP sandboxes.*answered no more than its first request is dropped after 30 minutes without one.*try again then/,
      );

      realNow += 21 * MINUTE;
      expect((await c!.send("GET", clock)).status).toBe(200);
      expect(await server.tenants?.keys()).toEqual([tppB.tenantKey, tppC.tenantKey].sort());
      expect(lines.some((line) => line.startsWith(`tenant ${tppA.tenantKey}: reclaimed`))).toBe(true);

      // Days later B's sandbox is still there, with B's payment.
      realNow += 3 * 24 * 60 * MINUTE;
      expect((await statusOf(b!, kept)).status).toBe(200);
      // A comes back (C, idle too by now, makes room): a new sandbox, with the fixed data and without A's payment.
      expect((await statusOf(a!, onlyRequest)).status).toBe(404);
      expect((await a!.json<ListedAccount[]>("GET", hrefOf("sandboxAccounts", {}))).length).toBeGreaterThan(2);
      expect(await server.tenants?.keys()).toEqual([tppA.tenantKey, tppB.tenantKey].sort());
    } finally {
      await server.close();
    }
  });

  test("the timer reclaims idle tenants with nobody asking, and a request that reaches a tenant restarts its idle time", async () => {
    let realNow = Date.now();
    const server = await startSandboxServer({ port: 0, multiTenant: true, realNow: () => realNow, reclaimIntervalMs: 20 });
    try {
      const [tppA, tppB] = await Promise.all([organizationTpp("100000004"), organizationTpp("100000005")]);
      const a = tppClient(server.url, tppA);
      const b = tppClient(server.url, tppB);
      await pay(a);
      // B's only completed request; a later one signed by another key reaches the tenant without completing.
      await pay(b);
      realNow += 50 * MINUTE;
      const intruder = await organizationTpp("100000005");
      expect((await tppClient(server.url, intruder).send("GET", clock)).status).toBe(401);
      realNow += 11 * MINUTE; // A idle 61 minutes, B 11 since the intruder's attempt
      await until(async () => (await server.tenants?.keys())?.length === 1, "A reclaimed");
      expect(await server.tenants?.keys()).toEqual([tppB.tenantKey]);
      realNow += 50 * MINUTE;
      await until(async () => (await server.tenants?.keys())?.length === 0, "B reclaimed");
    } finally {
      await server.close();
    }
  });
});

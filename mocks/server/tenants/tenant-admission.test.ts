/**
 * New tenants are bounded per client before they are bounded for everyone (decision 0049): one client's
 * burst of throwaway certificates spends its own allowance, and a new TPP elsewhere is created as ever.
 * Clients are told apart by the address their requests come from (127.0.0.2, 127.0.0.3, …: all this
 * machine's) and by the key that signed them.
 */
import { describe, expect, test } from "vitest";
import { hrefOf } from "../../../src/contract/paths";
import { startSandboxServer } from "../start";
import { createTenantAdmission, addressBucket, DEFAULT_ADMISSION_LIMITS, TenantRefused } from "./tenant-admission";
import { memoryTenantRecords } from "./tenant-records";
import { fingerprintTpp, organizationTpp, tppClient, tppsOverOneKey, type TppCredentials } from "./tpp-client.test-helpers";

interface Messages {
  tppMessages: { code: string; text: string }[];
}

const clock = hrefOf("sandboxClock", {});

/** Each TPP's first request, one after the other (as a script would send them), from `from`. */
async function firstRequests(baseUrl: string, tpps: TppCredentials[], from: string) {
  const answers: Response[] = [];
  for (const tpp of tpps) answers.push(await tppClient(baseUrl, tpp, from).send("GET", clock));
  return answers;
}

describe("new tenants per client", { timeout: 120_000 }, () => {
  test("one client's 40 certificates over one key do not stop another client's new TPP; its own get 429 naming the key, with Retry-After", async () => {
    const server = await startSandboxServer({ port: 0, multiTenant: true });
    try {
      const throwaway = await tppsOverOneKey(40);
      const answers = await firstRequests(server.url, throwaway, "127.0.0.2");
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_ADMISSION_LIMITS.perKey);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - DEFAULT_ADMISSION_LIMITS.perKey);
      const refused = answers.find((answer) => answer.status === 429);
      const retryAfter = Number(refused?.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      const message = ((await refused?.json()) as Messages).tppMessages[0];
      expect(message?.code).toBe("ACCESS_EXCEEDED");
      expect(message?.text).toMatch(/at most 5 new TPP sandboxes an hour for certificates over one key.*try again in \d+ minutes/);

      const victim = await organizationTpp("777777777");
      expect((await tppClient(server.url, victim, "127.0.0.3").send("GET", clock)).status).toBe(200);
      expect(await server.tenants?.keys()).toHaveLength(DEFAULT_ADMISSION_LIMITS.perKey + 1);
    } finally {
      await server.close();
    }
  });

  test("one address's certificates over many keys do not stop a new TPP at another address", async () => {
    const server = await startSandboxServer({ port: 0, multiTenant: true, tenantLimits: { perAddress: 3, perMinute: 6 } });
    try {
      const many = await Promise.all(Array.from({ length: 8 }, (_, index) => fingerprintTpp(`Throwaway ${String(index)}`)));
      const answers = await firstRequests(server.url, many, "127.0.0.2");
      expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(3).fill(200), ...Array<number>(5).fill(429)]);
      expect(((await answers[7]?.json()) as Messages).tppMessages[0]?.text).toMatch(/at most 3 new TPP sandboxes an hour for one client address/);
      expect((await tppClient(server.url, await organizationTpp("888888888"), "127.0.0.3").send("GET", clock)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test("behind a trusted proxy X-Forwarded-For names the client; from any other socket it is ignored", async () => {
    const server = await startSandboxServer({ port: 0, multiTenant: true, trustedProxies: ["127.0.0.1"], tenantLimits: { perAddress: 2, perMinute: 100 } });
    try {
      const tpps = await Promise.all(Array.from({ length: 7 }, (_, index) => fingerprintTpp(`Proxied ${String(index)}`)));
      const via = (tpp: TppCredentials, from: string, forwardedFor: string) =>
        tppClient(server.url, tpp, from)
          .send("GET", clock, { headers: { "X-Forwarded-For": forwardedFor } })
          .then((answer) => answer.status);
      // Through the proxy (127.0.0.1): two clients, two allowances. The proxy appends the address it saw last.
      expect([await via(tpps[0]!, "127.0.0.1", "198.51.100.7"), await via(tpps[1]!, "127.0.0.1", "10.9.9.9, 198.51.100.7")]).toEqual([200, 200]);
      expect(await via(tpps[2]!, "127.0.0.1", "198.51.100.7")).toBe(429);
      expect(await via(tpps[3]!, "127.0.0.1", "198.51.100.8")).toBe(200);
      // Straight to the server: a header the client wrote names nobody.
      expect([await via(tpps[4]!, "127.0.0.2", "203.0.113.1"), await via(tpps[5]!, "127.0.0.2", "203.0.113.2")]).toEqual([200, 200]);
      expect(await via(tpps[6]!, "127.0.0.2", "203.0.113.3")).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe("createTenantAdmission", () => {
  const spki = (n: number) => n.toString(16).padStart(64, "0");
  const key = (n: number) => n.toString(16).padStart(24, "0");
  function admission(limits: Partial<typeof DEFAULT_ADMISSION_LIMITS>, at: { now: number }) {
    const made = new Set<string>();
    const stores = { count: () => Promise.resolve(made.size), records: memoryTenantRecords(() => undefined) };
    const admit = createTenantAdmission({ limits: { ...DEFAULT_ADMISSION_LIMITS, ...limits }, stores, now: () => at.now });
    return {
      async make(n: number, address: string, signer: number) {
        const release = await admit.admit(key(n), { address, spkiSha256: spki(signer) });
        made.add(key(n));
        release();
      },
    };
  }

  test("a key's allowance comes back as its creations leave the hour, and Retry-After says when", async () => {
    const at = { now: 1_800_000_000_000 };
    const { make } = admission({ perKey: 2 }, at);
    await make(1, "192.0.2.1", 7);
    at.now += 10 * 60_000;
    await make(2, "192.0.2.1", 7);
    const refused = await make(3, "192.0.2.1", 7).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TenantRefused);
    expect((refused as TenantRefused).retryAfterSeconds).toBe(50 * 60);
    at.now += 50 * 60_000;
    await make(3, "192.0.2.1", 7);
  });

  test("a creation refused by the total bound gives the client's allowance back", async () => {
    const at = { now: 1_800_000_000_000 };
    const { make } = admission({ perAddress: 2, maxTenants: 1 }, at);
    await make(1, "192.0.2.1", 1);
    await expect(make(2, "192.0.2.1", 2)).rejects.toThrow(/maximum of 1 TPP sandboxes.*ask its operator/);
    await expect(make(3, "192.0.2.1", 3)).rejects.toThrow(/maximum of 1/);
    // Still one of its two: the refusals took none.
    const fresh = admission({ perAddress: 2, maxTenants: 5 }, at);
    await fresh.make(1, "192.0.2.1", 1);
    await fresh.make(2, "192.0.2.1", 2);
    await expect(fresh.make(3, "192.0.2.1", 3)).rejects.toThrow(/one client address/);
  });

  test.each([
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["192.0.2.1", "192.0.2.1"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("an IPv6 client is its /64: %s counts as %s", (address, bucket) => {
    expect(addressBucket(address)).toBe(bucket);
  });
});

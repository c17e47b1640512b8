/**
 * Hosted mode on PostgreSQL (the postgres suite's throwaway cluster), decision 0049: one client's
 * burst of throwaway certificates does not stop another client's new TPP, and a tenant that did no real
 * work is reclaimed once idle, its schema dropped, by whichever server sweeps first, while another server
 * still holds it open; its TPP then gets a new sandbox through that other server.
 */
import { afterAll, describe, expect, test } from "vitest";
import { hrefOf } from "../../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, paymentBody, type ListedAccount } from "../../test-helpers";
import { adminQuery, dropSchema, freshSchemaName, postgresUrl } from "../../store/postgres/postgres.test-helpers";
import { startSandboxServer } from "../start";
import { DEFAULT_ADMISSION_LIMITS } from "./tenant-admission";
import { tenantSchema } from "./tenant-stores";
import { organizationTpp, tppClient, tppsOverOneKey, type TppClient } from "./tpp-client.test-helpers";

const MINUTE = 60_000;
const debtor = { bban: "97100000028" };
const creditor = { bban: "97100000044" };
const randomOrganization = () => String(100_000_000 + Math.floor(Math.random() * 899_999_999));
const toDrop: string[] = [];

afterAll(async () => {
  for (const schema of toDrop) await dropSchema(schema);
});

async function pay(client: TppClient): Promise<string> {
  const created = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(debtor, creditor) });
  expect(created.status).toBe(201);
  return ((await created.json()) as { paymentId: string }).paymentId;
}

const schemaExists = async (schema: string) => (await adminQuery("select 1 from pg_namespace where nspname = $1", [schema])).length > 0;

describe("hosted tenants on PostgreSQL", { timeout: 180_000 }, () => {
  test("one client's 40 certificates over one key do not stop another client's new TPP", async () => {
    const ownSchema = freshSchemaName();
    toDrop.push(ownSchema);
    const server = await startSandboxServer({ port: 0, database: postgresUrl(), databaseSchema: ownSchema, multiTenant: true, batchIntervalMs: 3_600_000 });
    try {
      const throwaway = await tppsOverOneKey(40);
      toDrop.push(...throwaway.map((tpp) => tenantSchema(tpp.tenantKey)));
      const statuses: number[] = [];
      for (const tpp of throwaway) statuses.push((await tppClient(server.url, tpp, "127.0.0.2").send("GET", hrefOf("sandboxClock", {}))).status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_ADMISSION_LIMITS.perKey);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - DEFAULT_ADMISSION_LIMITS.perKey);
      const victim = await organizationTpp(randomOrganization());
      toDrop.push(tenantSchema(victim.tenantKey));
      expect((await tppClient(server.url, victim, "127.0.0.3").send("GET", hrefOf("sandboxClock", {}))).status).toBe(200);
      expect(await schemaExists(tenantSchema(victim.tenantKey))).toBe(true);
    } finally {
      await server.close();
    }
  });

  test("an idle tenant short of real work is reclaimed by one server while the other holds it; its TPP gets a new sandbox through the other", async () => {
    const ownSchema = freshSchemaName();
    toDrop.push(ownSchema);
    let realNow = Date.now();
    const options = { port: 0, database: postgresUrl(), databaseSchema: ownSchema, multiTenant: true, batchIntervalMs: 3_600_000, realNow: () => realNow };
    const sweeper = await startSandboxServer({ ...options, reclaimIntervalMs: 50 });
    const holder = await startSandboxServer(options);
    try {
      const [tppA, tppB] = await Promise.all([organizationTpp(randomOrganization()), organizationTpp(randomOrganization())]);
      toDrop.push(tenantSchema(tppA.tenantKey), tenantSchema(tppB.tenantKey));
      const a = tppClient(holder.url, tppA);
      const onlyRequest = await pay(a);
      const b = tppClient(sweeper.url, tppB);
      const kept = await pay(b);
      expect((await b.send("GET", hrefOf("getPaymentStatus", { paymentId: kept }))).status).toBe(200);

      realNow += 61 * MINUTE;
      const deadline = Date.now() + 60_000;
      while ((await schemaExists(tenantSchema(tppA.tenantKey))) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
      expect(await schemaExists(tenantSchema(tppA.tenantKey))).toBe(false);
      expect(await schemaExists(tenantSchema(tppB.tenantKey))).toBe(true);
      const records = await adminQuery<{ key: string; completed: number }>(`select key, completed from "${ownSchema}".tenant_records order by key`);
      expect(records).toEqual([{ key: tppB.tenantKey, completed: 2 }]);

      // Through the server that still held A's sandbox: a new one, the fixed data and none of A's payments.
      expect((await a.send("GET", hrefOf("getPaymentStatus", { paymentId: onlyRequest }))).status).toBe(404);
      expect((await a.json<ListedAccount[]>("GET", hrefOf("sandboxAccounts", {}))).length).toBeGreaterThan(2);
      expect(await schemaExists(tenantSchema(tppA.tenantKey))).toBe(true);
      expect((await b.send("GET", hrefOf("getPaymentStatus", { paymentId: kept }))).status).toBe(200);
    } finally {
      await Promise.allSettled([sweeper.close(), holder.close()]);
    }
  });
});

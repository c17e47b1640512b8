/**
 * Hosted mode on PostgreSQL (the postgres suite's throwaway cluster): a schema per tenant, shared by
 * every server on the database. Two servers on one database: A's payment created through one is
 * A's through the other and unknown to B through either; the bank link works through either; a
 * server that keeps one tenant open at a time closes and reopens them without losing anything.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { hrefOf } from "../../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, paymentBody } from "../../test-helpers";
import { adminQuery, dropSchema, freshSchemaName, postgresUrl } from "../../store/sql/postgres.test-helpers";
import { startSandboxServer, type SandboxServer } from "../start";
import { tenantSchema } from "./tenant-stores";
import { organizationTpp, tppClient, type TppCredentials } from "./tpp-client.test-helpers";

/** Two of the fixed data set's accounts (Kari's own, and a creditor's). */
const debtor = { bban: "97100000028" };
const creditor = { bban: "97100000044" };

const randomOrganization = () => String(100_000_000 + Math.floor(Math.random() * 899_999_999));

let one: SandboxServer;
let two: SandboxServer;
let tppA: TppCredentials;
let tppB: TppCredentials;
const ownSchema = freshSchemaName();

beforeAll(async () => {
  [tppA, tppB] = await Promise.all([organizationTpp(randomOrganization()), organizationTpp(randomOrganization())]);
  const options = { port: 0, database: postgresUrl(), databaseSchema: ownSchema, multiTenant: true, batchIntervalMs: 3_600_000 };
  one = await startSandboxServer(options);
  two = await startSandboxServer({ ...options, tenantLimits: { maxOpen: 1 } });
});
afterAll(async () => {
  await Promise.allSettled([one.close(), two.close()]);
  for (const schema of [ownSchema, tenantSchema(tppA.tenantKey), tenantSchema(tppB.tenantKey)]) await dropSchema(schema);
});

const statusPath = (paymentId: string) => hrefOf("getPaymentStatus", { paymentId });

test("A's payment made through one server is A's through the other, unknown to B through either; the bank link approves it through the other", async () => {
  const created = await tppClient(one.url, tppA).send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(debtor, creditor) });
  expect(created.status).toBe(201);
  const { paymentId, _links } = (await created.json()) as { paymentId: string; _links: { scaRedirect?: { href: string } } };
  expect(await tppClient(two.url, tppA).json("GET", statusPath(paymentId))).toEqual({ transactionStatus: "RCVD" });
  for (const server of [one, two]) expect((await tppClient(server.url, tppB).send("GET", statusPath(paymentId))).status).toBe(404);

  const schemas = await adminQuery<{ nspname: string }>("select nspname from pg_namespace where nspname = any($1)", [
    [tenantSchema(tppA.tenantKey), tenantSchema(tppB.tenantKey)],
  ]);
  expect(schemas.map((row) => row.nspname).sort()).toEqual([tenantSchema(tppA.tenantKey), tenantSchema(tppB.tenantKey)].sort());

  // The link names server one; the same path and tenant through server two.
  const link = new URL(_links.scaRedirect?.href ?? "");
  const throughTwo = `${two.url}${link.pathname}${link.search}`;
  const decided = await fetch(throughTwo, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "decision=approve",
  });
  expect(decided.status).toBe(303);
  expect(await tppClient(one.url, tppA).json("GET", statusPath(paymentId))).toEqual({ transactionStatus: "ACTC" });
});

test("a server that keeps one tenant open at a time closes and reopens them in turn, and each finds its own data", async () => {
  const a = tppClient(two.url, tppA);
  const b = tppClient(two.url, tppB);
  const before = (await a.json<{ offsetMs: number }>("GET", hrefOf("sandboxClock", {}))).offsetMs;
  await b.json("POST", hrefOf("advanceClock", {}), { days: 2 });
  expect((await a.json<{ offsetMs: number }>("GET", hrefOf("sandboxClock", {}))).offsetMs).toBe(before);
  expect((await b.json<{ offsetMs: number }>("GET", hrefOf("sandboxClock", {}))).offsetMs - before).toBeGreaterThanOrEqual(2 * 86_400_000);
  // Server one sees B's clock as server two left it: one clock per tenant, in the database.
  expect((await tppClient(one.url, tppB).json<{ offsetMs: number }>("GET", hrefOf("sandboxClock", {}))).offsetMs - before).toBeGreaterThanOrEqual(
    2 * 86_400_000,
  );
});

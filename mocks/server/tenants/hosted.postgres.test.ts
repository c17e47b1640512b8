/**
 * Hosted mode on PostgreSQL (the postgres suite's throwaway cluster): a schema per tenant, shared by
 * every server on the database. Two servers on one database: A's payment created through one is
 * A's through the other and unknown to B through either; the bank link works through either; a
 * server that keeps one tenant open at a time closes and reopens them without losing anything.
 */
import { AttributeTypeAndValue, AttributeValue, Name, RelativeDistinguishedName } from "@peculiar/asn1-x509";
import { afterAll, beforeAll, expect, test } from "vitest";
import { hrefOf } from "../../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, paymentBody } from "../../test-helpers";
import { adminQuery, dropSchema, freshSchemaName, postgresUrl } from "../../store/postgres/postgres.test-helpers";
import { reissued } from "../../../src/signing/test-fixtures/certificate-variants";
import { capture, replay } from "../captured-request.test-helpers";
import { startSandboxServer, type SandboxServer } from "../start";
import { tenantKeyOf } from "./tenant-identity";
import { tenantSchema } from "./tenant-stores";
import { base64Der, organizationTpp, tppClient, type TppCredentials } from "./tpp-client.test-helpers";

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

test("two servers reached at once by two keys of one new organizationIdentifier bind one: the other gets 401 on both, and nothing of its is kept", async () => {
  const organization = randomOrganization();
  const [first, second] = await Promise.all([organizationTpp(organization), organizationTpp(organization)]);
  try {
    const answers = await Promise.all([
      tppClient(one.url, first).send("GET", hrefOf("tenantKeys", {})),
      tppClient(two.url, second).send("GET", hrefOf("tenantKeys", {})),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const [winner, loser] = answers[0].status === 200 ? [first, second] : [second, first];
    for (const server of [one, two]) {
      const keys = await tppClient(server.url, winner).json<{ keys: { subject: string }[] }>("GET", hrefOf("tenantKeys", {}));
      expect(keys.keys).toHaveLength(1);
      expect((await tppClient(server.url, loser).send("GET", hrefOf("sandboxClock", {}))).status).toBe(401);
    }
    const rows = await adminQuery<{ n: number }>(`select count(*)::int as n from ${tenantSchema(first.tenantKey)}.tenant_keys`);
    expect(rows[0]?.n).toBe(1);
  } finally {
    await dropSchema(tenantSchema(first.tenantKey));
  }
});

test("a payment initiation made through one server, sent again through the other with a certificate naming another organizationIdentifier over the same key, is 409 and creates nothing", async () => {
  const captured = await capture(tppA, "POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(debtor, creditor) });
  expect((await replay(one.url, captured)).status).toBe(201);
  const other = randomOrganization();
  // Without the key, anyone can put it in a certificate of their own: the request's signature covers no part of the certificate.
  const renamed = reissued(base64Der(tppA), (tbs) => {
    tbs.subject = new Name([
      new RelativeDistinguishedName([new AttributeTypeAndValue({ type: "2.5.4.97", value: new AttributeValue({ utf8String: `PSDNO-FSA-${other}` }) })]),
    ]);
  });
  const otherSchema = tenantSchema(await tenantKeyOf(`org:PSDNO-FSA-${other}`));
  try {
    const again = await replay(two.url, captured, { certificate: renamed });
    expect(again.status).toBe(409);
    // The other organizationIdentifier's sandbox holds no payment (a new one holds none of the fixed data's either).
    const rows = await adminQuery<{ n: number }>(`select count(*)::int as n from ${otherSchema}.payments`).catch(() => [{ n: 0 }]);
    expect(rows[0]?.n).toBe(0);
  } finally {
    await dropSchema(otherSchema);
  }
});

test("a signed control's X-Request-ID is checked as the interface checks it: one of 6 KB is a 400 at X-Request-ID, not a 500, and nothing is kept", async () => {
  const newcomer = await organizationTpp(randomOrganization());
  // Random, so that PostgreSQL cannot compress it below its index's limit of about 2.7 KB.
  const long = Buffer.from(crypto.getRandomValues(new Uint8Array(4_500))).toString("base64url");
  try {
    for (const client of [tppClient(one.url, tppA), tppClient(one.url, newcomer)]) {
      const answer = await client.send("GET", hrefOf("sandboxClock", {}), { headers: { "X-Request-ID": long } });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { tppMessages: unknown[] }).tppMessages).toEqual([
        expect.objectContaining({ code: "FORMAT_ERROR", path: "X-Request-ID", text: expect.stringMatching(/UUID/) as string }),
      ]);
    }
    expect(await adminQuery("select 1 from pg_namespace where nspname = $1", [tenantSchema(newcomer.tenantKey)])).toEqual([]);
    // Every tenant's ids are claimed in the server's own schema (decision 0045).
    const claimed = await adminQuery<{ n: number }>(`select count(*)::int as n from ${ownSchema}.request_ids where length(request_id) > 36`);
    expect(claimed[0]?.n).toBe(0);
  } finally {
    await dropSchema(tenantSchema(newcomer.tenantKey));
  }
});

/**
 * A PostgreSQL outage, for real: the server reaches the postgres suite's cluster through a TCP proxy of
 * this file's own; the outage ends the server's sessions (pg_terminate_backend, as an administrator or a
 * failover does) and cuts the proxy (connections dropped, new ones refused, as when the database host is
 * down), so the shared cluster and the other test files go on. Meanwhile every request gets an HTTP answer
 * (none is a reset connection): 503 with Retry-After and a text that names the database as unavailable and
 * says to retry, with no address, URL or internal detail; /readyz says not ready. Once the database is back,
 * requests succeed again without a restart. In one-sandbox and hosted (multi-tenant) mode alike.
 */
import { randomUUID } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, paymentBody } from "../test-helpers";
import { adminQuery, dropSchema, freshSchemaName, postgresUrl } from "../store/postgres/postgres.test-helpers";
import { httpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";
import { tenantSchema } from "./tenants/tenant-stores";
import { organizationTpp, tppClient } from "./tenants/tpp-client.test-helpers";

/** A TCP proxy to the cluster that can be cut (every connection dropped, new ones refused) and restored on the same port. */
async function outageProxy(target: URL) {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        track(client);
        track(upstream);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve(server));
    });
  let listening: Server | undefined = await listen(0);
  const address = listening.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    port,
    async cut() {
      const closing = listening;
      listening = undefined;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => closing?.close(resolve));
    },
    async restore() {
      listening ??= await listen(port);
    },
    async close() {
      await this.cut();
    },
  };
}

const proxies: Awaited<ReturnType<typeof outageProxy>>[] = [];
const schemas: string[] = [];
afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  for (const schema of schemas) await dropSchema(schema);
});

const debtor = { bban: "97100000028" };
const creditor = { bban: "97100000044" };
const randomOrganization = () => String(100_000_000 + Math.floor(Math.random() * 899_999_999));

type Send = (method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }) => Promise<Response>;

interface Answered {
  status: number;
  retryAfter: string | null;
  text: string;
}

/** The answer, or what the client saw instead of one (a reset connection). */
async function answerOf(sending: Promise<Response>): Promise<Answered | string> {
  try {
    const response = await sending;
    return { status: response.status, retryAfter: response.headers.get("retry-after"), text: await response.text() };
  } catch (error) {
    return `no answer: ${String(error instanceof Error ? (error.cause ?? error.message) : error)}`;
  }
}

/** What every answer during the outage must be. */
function expectUnavailable(answer: Answered | string, port: string): void {
  expect(answer).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^[1-9]\d*$/) as string });
  const { text } = answer as Answered;
  const message = (JSON.parse(text) as { tppMessages: { text: string }[] }).tppMessages[0]?.text ?? "";
  expect(message).toMatch(/database/i);
  expect(message).toMatch(/unavailable/i);
  expect(message).toMatch(/try it again/i);
  expect(text).not.toMatch(/postgres(ql)?:\/\/|127\.0\.0\.1|ECONN|terminat|sandbox bug/i);
  expect(text).not.toContain(port);
}

describe.each([
  ["one sandbox", false],
  ["hosted (multi-tenant)", true],
] as const)("the database goes away and comes back: %s", { timeout: 180_000 }, (_mode, multiTenant) => {
  test("every request meanwhile is answered 503 with Retry-After, naming the database and nothing of it; /readyz says not ready; then all is well again", async () => {
    const proxy = await outageProxy(new URL(postgresUrl()));
    proxies.push(proxy);
    const name = `outage_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const url = new URL(postgresUrl());
    url.port = String(proxy.port);
    url.searchParams.set("application_name", name);
    const schema = freshSchemaName();
    schemas.push(schema);
    let server: SandboxServer | undefined;
    try {
      server = await startSandboxServer({ port: 0, database: url.toString(), databaseSchema: schema, multiTenant, batchIntervalMs: 3_600_000 });
      const base = server.url;
      const port = String(proxy.port);
      const tpp = await organizationTpp(randomOrganization());
      const newcomer = await organizationTpp(randomOrganization());
      schemas.push(tenantSchema(tpp.tenantKey), tenantSchema(newcomer.tenantKey));
      const signed: Send = multiTenant ? tppClient(base, tpp).send : httpClient(base).send;
      const initiation = () => signed("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(debtor, creditor) });
      const created = await initiation();
      expect(created.status).toBe(201);
      const { paymentId } = (await created.json()) as { paymentId: string };
      const statusPath = hrefOf("getPaymentStatus", { paymentId });

      // The sessions ended by the database (admin_shutdown), then the database out of reach.
      await adminQuery("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [name]);
      await proxy.cut();
      const requests = () => [
        initiation(),
        signed("GET", statusPath),
        signed("DELETE", hrefOf("deletePayment", { paymentId })),
        multiTenant ? tppClient(base, tpp).send("GET", hrefOf("sandboxClock", {})) : fetch(`${base}${hrefOf("sandboxClock", {})}`),
        multiTenant
          ? tppClient(base, tpp).send("POST", hrefOf("advanceClock", {}), { body: { hours: 1 } })
          : httpClient(base).control("POST", hrefOf("advanceClock", {}), { hours: 1 }),
        // A TPP the server has never seen: on a hosted server its sandbox would be created now.
        multiTenant ? tppClient(base, newcomer).send("GET", hrefOf("sandboxClock", {})) : signed("GET", statusPath),
      ];
      for (let round = 0; round < 5; round++) for (const answer of await Promise.all(requests().map(answerOf))) expectUnavailable(answer, port);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      const readiness = (await ready.json()) as { status: string; reason: string };
      expect(readiness).toMatchObject({ status: "not-ready", reason: expect.stringMatching(/database is unavailable/i) as string });
      expect(readiness.reason).not.toContain(port);

      await proxy.restore();
      await expect.poll(async () => (await answerOf(initiation())) as unknown, { timeout: 60_000, interval: 250 }).toMatchObject({ status: 201 });
      expect((await signed("GET", statusPath)).status).toBe(200);
      await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 30_000, interval: 250 }).toBe(200);
      if (multiTenant) expect((await tppClient(base, newcomer).send("GET", hrefOf("sandboxClock", {}))).status).toBe(200);
    } finally {
      await proxy.restore();
      await server?.close();
    }
  });
});

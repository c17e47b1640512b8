/**
 * A hosted server's connections to PostgreSQL under an attacker's concurrency (issue 25, points 4 and 7), on a
 * database of its own in the suite's cluster with room for 40 sessions, which the servers and a "psql" reach as an
 * ordinary role: a server that overspends refuses everyone else, as a full production database would (superusers,
 * such as the test's own sampling session, are not counted). The bank page flooded with GETs naming existing
 * tenants, tenants each holding a delayed request, a server whose connections are held up, tenants reached in turn
 * beyond the open bound. The server's sessions are its URL's application_name in pg_stat_activity.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { hrefOf } from "../../../src/contract/paths";
import { WRITER_LOCK_CLASS } from "../../store/postgres/postgres";
import { RETRY_AFTER_SECONDS } from "../../store/unavailable";
import { adminQuery, postgresUrl } from "../../store/postgres/postgres.test-helpers";
import { startSandboxServer, type SandboxServer } from "../start";
import { until } from "../two-processes.test-helpers";
import { tenantSchema } from "./tenant-stores";
import { organizationTpp, tppClient, type TppCredentials } from "./tpp-client.test-helpers";

/** The connections a server may hold (docs/deployment.md, "Connections"): its database has room for 40. */
const BUDGET = 11;
const TENANTS = 24;

/** The database and the role the servers use: the database takes 40 sessions of ordinary roles at most. */
const DATABASE = `budget_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
const ROLE = `${DATABASE}_role`;
const databaseUrl = () => {
  const url = new URL(postgresUrl());
  url.username = ROLE;
  url.pathname = `/${DATABASE}`;
  return url.toString();
};
const superuserUrl = () => {
  const url = new URL(postgresUrl());
  url.pathname = `/${DATABASE}`;
  return url.toString();
};
/** A superuser's session on that database: it is never refused, and sees its sessions and locks. */
let admin: pg.Client;
const servers: SandboxServer[] = [];
let tenants: TppCredentials[];
let victim: TppCredentials;
const tenant = (index: number): TppCredentials => {
  const found = tenants[index % tenants.length];
  if (!found) throw new Error("no tenants yet");
  return found;
};

const randomOrganization = () => String(100_000_000 + Math.floor(Math.random() * 899_999_999));
const urlNamed = (application: string) => `${databaseUrl()}?application_name=${application}`;

/** Runs `work` with a hosted server whose sessions are named `application`, and closes it (the database has room for one at a time). */
async function withServer<T>(
  application: string,
  options: { databaseConnections?: number; maxOpen?: number; recordTraffic?: false },
  work: (server: SandboxServer) => Promise<T>,
): Promise<T> {
  const server = await hostedServer(application, options);
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}

async function hostedServer(
  application: string,
  options: { databaseConnections?: number; maxOpen?: number; recordTraffic?: false } = {},
): Promise<SandboxServer> {
  const server = await startSandboxServer({
    port: 0,
    database: urlNamed(application),
    databaseSchema: `own_${application}`,
    multiTenant: true,
    batchIntervalMs: 3_600_000,
    databaseConnections: options.databaseConnections ?? BUDGET,
    ...(options.recordTraffic === false ? { traffic: { maxRecords: 0 } } : {}),
    tenantLimits: { perMinute: 1000, perAddress: 1000, ...(options.maxOpen === undefined ? {} : { maxOpen: options.maxOpen }) },
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  await adminQuery(`create role ${ROLE} login`);
  await adminQuery(`create database ${DATABASE} owner ${ROLE} connection limit 40`);
  admin = new pg.Client({ connectionString: superuserUrl() });
  await admin.connect();
  const creator = await hostedServer("creator");
  const tpps = await Promise.all(Array.from({ length: TENANTS + 1 }, () => organizationTpp(randomOrganization())));
  [victim] = tpps as [TppCredentials];
  tenants = tpps.slice(1);
  // Each tenant's first request creates its sandbox; a few at a time, as TPPs arrive.
  for (let index = 0; index < tenants.length; index += 4)
    await Promise.all(tenants.slice(index, index + 4).map((tpp) => tppClient(creator.url, tpp).json("GET", hrefOf("sandboxClock", {}))));
  await creator.close();
}, 180_000);
afterAll(async () => {
  await Promise.allSettled(servers.map((server) => server.close())); // the ones a failed test left
  await admin.end();
  await adminQuery(`drop database if exists ${DATABASE} with (force)`);
  await adminQuery(`drop role if exists ${ROLE}`);
});

/** The most sessions the server named `application` held at once while `work` ran (sampled every 10 ms). */
async function mostSessionsDuring<T>(application: string, work: () => Promise<T>): Promise<{ result: T; most: number }> {
  let most = 0;
  const state = { done: false };
  const sampling = (async () => {
    while (!state.done) {
      const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name = $1", [application]);
      most = Math.max(most, rows[0]?.n ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return { result: await work(), most };
  } finally {
    state.done = true;
    await sampling;
  }
}

/** A connection as psql would open one: whether the database accepted it. */
async function plainConnectionAccepted(): Promise<true | string> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Answered {
  status: number;
  retryAfter: string | null;
  text: string;
}
const answered = async (response: Response): Promise<Answered> => ({
  status: response.status,
  retryAfter: response.headers.get("retry-after"),
  text: await response.text(),
});
const bankGet = (server: SandboxServer, tpp: TppCredentials) =>
  fetch(`${server.url}/bank/authorize/payment/${randomUUID()}?tenant=${tpp.tenantKey}`).then(answered);

/** No answer names the database, its address, its sessions or its schemas, nor says what PostgreSQL said. */
function expectNoInternals(answers: Answered[]): void {
  const port = new URL(postgresUrl()).port;
  for (const { text } of answers) expect(text).not.toMatch(new RegExp(`postgres|127\\.0\\.0\\.1|:${port}|too many clients|psd2_tenant_|application_name`, "i"));
}

/** A 5xx only as a 503 that says when to come back. */
function expectOnlyHonest5xx(answers: Answered[]): void {
  for (const answer of answers)
    if (answer.status >= 500)
      expect({ status: answer.status, retryAfter: answer.retryAfter }).toEqual({ status: 503, retryAfter: String(RETRY_AFTER_SECONDS.busy) });
}

test("130 bank-page GETs at once naming existing tenants: the server keeps within its budget, psql still connects, a victim TPP is served", async () => {
  const { result, most } = await withServer("flood", {}, (server) =>
    mostSessionsDuring("flood", async () => {
      const flood = Promise.all(Array.from({ length: 130 }, (_, index) => bankGet(server, tenant(index))));
      const victims = Promise.all(Array.from({ length: 5 }, () => tppClient(server.url, victim).send("GET", hrefOf("sandboxClock", {})).then(answered)));
      const plain = await plainConnectionAccepted();
      return { flood: await flood, victims: await victims, plain };
    }),
  );
  expect(result.plain).toBe(true);
  expect(most).toBeLessThanOrEqual(BUDGET);
  expectOnlyHonest5xx([...result.flood, ...result.victims]);
  expectNoInternals([...result.flood, ...result.victims]);
  // An unknown payment's page, as for any payment id the tenant does not have.
  for (const answer of result.flood) expect([404, 503]).toContain(answer.status);
  expect(result.victims.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
});

test("20 tenants each holding a 10 s delay hold no connection while they wait: a victim TPP is served and psql connects meanwhile", async () => {
  await withServer("delays", {}, async (server) => {
    // Each tenant's sandbox open first, so that the 20 delayed requests reach their delay at about the same moment.
    await Promise.all(tenants.slice(0, 20).map((tpp) => tppClient(server.url, tpp).json("GET", hrefOf("sandboxClock", {}))));
    const waiting = tenants.slice(0, 20).map((tpp) => {
      const requestId = randomUUID();
      const headers = { "X-Request-ID": requestId, "X-Sandbox-Scenario": "delay;ms=10000" };
      const entry = { tpp, requestId, answeredYet: false, answer: Promise.resolve<Answered | string>("not sent") };
      entry.answer = tppClient(server.url, tpp)
        .send("GET", hrefOf("getPaymentStatus", { paymentId: randomUUID() }), { headers })
        .then(answered, (error: unknown) => `no answer: ${String(error)}`)
        .finally(() => (entry.answeredYet = true));
      return entry;
    });
    // A delayed request waits after its X-Request-ID is claimed (committed in the server's own schema, which holds every tenant's request ids).
    await until("every delayed request waits", async () => {
      const ids = waiting.map((entry) => entry.requestId);
      const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from own_delays.request_ids where request_id = any($1)", [ids]);
      return rows[0]?.n === waiting.length;
    });
    const { result, most } = await mostSessionsDuring("delays", async () => ({
      victims: await Promise.all(Array.from({ length: 5 }, () => tppClient(server.url, victim).send("GET", hrefOf("sandboxClock", {})).then(answered))),
      plain: await plainConnectionAccepted(),
    }));
    expect(waiting.filter((entry) => entry.answeredYet)).toEqual([]); // the victim was served while all 20 waited
    expect(result.plain).toBe(true);
    expect(most).toBeLessThanOrEqual(BUDGET);
    expect(result.victims.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const late = await Promise.all(waiting.map((entry) => entry.answer));
    expect(late.map((answer) => (typeof answer === "string" ? answer : answer.status))).toEqual(waiting.map(() => 404));
    expectNoInternals([...(late as Answered[]), ...result.victims]);
  });
});

test("a server whose connections are all held answers what waits beyond its queue 503 with Retry-After, and serves the rest once they are free", async () => {
  // Two pooled connections and the one that listens; each blocker's write holds one while it waits for its sandbox's writer lock.
  await withServer("held", { databaseConnections: 3 }, async (server) => {
    const blockers = [tenant(0), tenant(1)].map((tpp) => ({ tpp, client: tppClient(server.url, tpp), lock: [WRITER_LOCK_CLASS, tenantSchema(tpp.tenantKey)] }));
    for (const { client } of blockers) await client.json("GET", hrefOf("sandboxClock", {})); // their sandboxes open
    const holder = new pg.Client({ connectionString: superuserUrl() });
    await holder.connect();
    try {
      for (const { lock } of blockers) await holder.query("select pg_advisory_lock($1, hashtext($2))", lock);
      const writes = blockers.map(({ client }) => client.send("POST", hrefOf("advanceClock", {}), { body: { hours: 1 } }).then(answered));
      await until("both writes wait for their writer lock", async () => {
        const { rows } = await admin.query<{ n: number }>(
          "select count(*)::int as n from pg_locks l join pg_stat_activity a using (pid) where a.application_name = 'held' and l.locktype = 'advisory' and not l.granted",
        );
        return rows[0]?.n === 2;
      });
      const answers: Answered[] = [];
      const flood = Promise.all(Array.from({ length: 60 }, (_, index) => bankGet(server, tenant(2 + (index % 8))).then((answer) => answers.push(answer))));
      await until("some request was refused for want of a connection", () => Promise.resolve(answers.some((answer) => answer.status === 503)));
      for (const { lock } of blockers) await holder.query("select pg_advisory_unlock($1, hashtext($2))", lock);
      await flood;
      const written = await Promise.all(writes);
      // Each write was served a connection before the flood: it goes on to its answer, never refused half done (request-scope.ts).
      expect(written.map((answer) => answer.status)).toEqual([200, 200]);
      expectOnlyHonest5xx(answers);
      expectNoInternals(answers);
      for (const answer of answers) expect([404, 503]).toContain(answer.status);
      expect(answers.find((answer) => answer.status === 503)?.text).toMatch(/busy/);
    } finally {
      await holder.end();
    }
  });
});

test("tenants reached in turn beyond the open bound open no new session: a tenant's sandbox reopens on the server's connections", async () => {
  // Without the traffic record: its batches, written beside the next request, may take a second pooled session, which is
  // the pool at work, not a tenant opening sessions of its own (what this counts).
  await withServer("turns", { maxOpen: 2, recordTraffic: false }, async (server) => {
    const clients = tenants.slice(0, 6).map((tpp) => tppClient(server.url, tpp));
    const round = async () => {
      for (const client of clients) await client.json("GET", hrefOf("sandboxClock", {}));
    };
    const sessions = async () =>
      (await admin.query<{ pid: number }>("select pid from pg_stat_activity where application_name = 'turns'")).rows.map((row) => row.pid).sort();
    await round(); // every one of them opened once, and closed again as the next came
    const before = await sessions();
    for (let turn = 0; turn < 3; turn++) await round();
    expect((await sessions()).filter((pid) => !before.includes(pid))).toEqual([]);
    expect(before.length).toBeLessThanOrEqual(BUDGET);
  });
});

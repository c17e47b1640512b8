/**
 * The server on PostgreSQL (--database, SANDBOX_DATABASE_URL), on the postgres suite's throwaway
 * cluster: what it answered 201 is there after a restart, and two servers on one database answer
 * as one sandbox (no page of one server's is kept past a write through the other; each scheduled batch
 * run is done once, by one of them).
 */
import { afterEach, expect, test } from "vitest";
import type { ListedAccount } from "../test-helpers";
import { KARI, NDCT, initiationHeaders, paymentBody } from "../test-helpers";

/** Two of the fixed data set's accounts (Kari's own, and a creditor's). */
const debtor = { bban: "97100000028" };
const creditor = { bban: "97100000044" };
import { dropSchema, freshSchemaName, openTestPostgresStore, postgresUrl } from "../store/postgres/postgres.test-helpers";
import { runCli } from "./cli.test-helpers";
import { httpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

/** What POST /__sandbox/batch/catch-up answers, as far as these tests read it. */
interface Runs {
  runs: { settled: string[]; rejected: string[] }[];
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newSchema(): string {
  const schema = freshSchemaName();
  cleanups.push(() => dropSchema(schema));
  return schema;
}

async function server(schema: string): Promise<SandboxServer> {
  const started = await startSandboxServer({ port: 0, database: postgresUrl(), databaseSchema: schema, batchIntervalMs: 3_600_000 });
  cleanups.push(() => started.close());
  return started;
}

test("npm run sandbox -- --database URL: a payment answered 201 is found after a restart (the second start reads SANDBOX_DATABASE_URL)", async () => {
  const schema = newSchema();
  const first = runCli(["--port", "0", "--database", postgresUrl(), "--database-schema", schema]);
  cleanups.push(() => (first.child.exitCode === null ? (first.child.kill("SIGKILL"), first.exited) : Promise.resolve()));
  const banner = await first.output(/Stop with Ctrl\+C\./);
  expect(banner).toContain(`state             PostgreSQL ${postgresUrl()}, schema ${schema}`);
  const before = httpClient(await first.url());
  const created = await before.send("POST", NDCT, { body: paymentBody(debtor, creditor), headers: initiationHeaders(KARI) });
  expect(created.status).toBe(201);
  const { paymentId } = (await created.json()) as { paymentId: string };
  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);

  const second = runCli(["--port", "0"], { SANDBOX_DATABASE_URL: postgresUrl(), SANDBOX_DATABASE_SCHEMA: schema });
  cleanups.push(() => (second.child.exitCode === null ? (second.child.kill("SIGKILL"), second.exited) : Promise.resolve()));
  const after = httpClient(await second.url());
  const stored = await after.controlJson<{ paymentId: string; transactionStatus: string }[]>("GET", "/__sandbox/payments?limit=1000");
  expect(stored.find((item) => item.paymentId === paymentId)?.transactionStatus).toBe("RCVD");
});

test("two servers on one database are one sandbox: a transaction booked through one is on the other's list at once", async () => {
  const schema = newSchema();
  const a = await server(schema);
  const b = await server(schema);
  const [viaA, viaB] = [httpClient(a.url), httpClient(b.url)];
  const accounts = await viaB.controlJson<ListedAccount[]>("GET", "/__sandbox/accounts");
  const account = accounts.find((item) => item.currency === "NOK" && item.transactionCount > 5);
  if (!account) throw new Error("no NOK account with transactions in the fixed data set");
  const revisionOnB = async () => (await viaB.controlJson<{ revision: number }>("GET", "/__sandbox/changes")).revision;
  const before = await revisionOnB();
  const listOnB = async () => (await (await viaB.send("GET", `/v1/sandbox/accounts/${account.resourceId}/transactions?limit=5`)).json()) as { id: string }[];
  await listOnB();

  const booked = await viaA.send("POST", `/v1/sandbox/accounts/${account.resourceId}/transactions`, {
    body: { amount: 100, currency: "NOK", creditorName: "Ekstern", creditorAccount: { bban: "86011117947" }, debtorAccount: { iban: account.iban } },
  });
  expect(booked.status).toBe(201);
  const { id } = (await booked.json()) as { id: string };
  expect((await listOnB())[0]?.id).toBe(id);
  // What the portal watches (GET /__sandbox/changes, its event stream): B counts A's commit too.
  for (let waited = 0; (await revisionOnB()) === before && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await revisionOnB()).toBeGreaterThan(before);
  expect(await (await fetch(`${a.url}/readyz`)).json()).toEqual({ status: "ready" });
});

test("two servers catching up at once: each scheduled batch run is done once, by one of them", async () => {
  const schema = newSchema();
  const [a, b] = [await server(schema), await server(schema)];
  const [viaA, viaB] = [httpClient(a.url), httpClient(b.url)];
  const created = await viaA.send("POST", NDCT, { body: paymentBody(debtor, creditor), headers: initiationHeaders(KARI) });
  expect(created.status).toBe(201);
  const { paymentId } = (await created.json()) as { paymentId: string };
  const approved = await viaB.controlJson<{ transactionStatus: string }>("POST", `/__sandbox/sca/payment/${paymentId}`, { decision: "approve" });
  expect(approved.transactionStatus).toBe("ACTC");

  // The sandbox clock a week ahead, without running anything: several scheduled runs are now missed, the first of them due to book the payment.
  const direct = await openTestPostgresStore(schema);
  await direct.write((tx) => tx.putMeta("clockOffsetMs", 7 * 24 * 60 * 60 * 1000));
  direct.close();
  await direct.closed();

  const [fromA, fromB] = await Promise.all([
    viaA.controlJson<Runs>("POST", "/__sandbox/batch/catch-up"),
    viaB.controlJson<Runs>("POST", "/__sandbox/batch/catch-up"),
  ]);
  const runs = [...fromA.runs, ...fromB.runs];
  expect(runs).toHaveLength(1);
  expect(runs[0]?.settled).toEqual([paymentId]);
  const stored = await viaB.controlJson<{ paymentId: string; transactionStatus: string }[]>("GET", "/__sandbox/payments?limit=1000");
  expect(stored.find((item) => item.paymentId === paymentId)?.transactionStatus).toBe("ACSC");
});

test("a --database that cannot be reached stops the start with a message naming it, without its password", async () => {
  const url = postgresUrl()
    .replace(/:(\d+)\//, ":1/")
    .replace("postgres@", "postgres:secret@");
  const cli = runCli(["--port", "0", "--database", url]);
  expect(await cli.exited).toBe(1);
  expect(cli.stderr()).toMatch(/sandbox: cannot start: PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/postgres \(schema public\)/);
  expect(cli.stderr()).not.toContain("secret");
});

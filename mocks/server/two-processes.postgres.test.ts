/**
 * Two real server processes (`tsx mocks/server.ts --database …`, as `npm run sandbox` runs) on one
 * PostgreSQL schema behave as one sandbox: hammered at once they never double-book, a request id
 * used on one is a replay on the other, a due batch run is done once, and when the process running
 * the batch is killed (-9) the other does the run while PostgreSQL frees the dead one's sessions
 * and advisory locks (docs/decisions/0036-postgresql-mode.md, docs/deployment.md).
 */
import { afterEach, expect, test } from "vitest";
import { RunsAndClock } from "../../src/contract/control-schemas";
import { signRequest } from "../../src/signing/index";
import { KARI, NDCT, initiationHeaders, paymentBody, testCertificate } from "../test-helpers";
import { BATCH_LOCK_CLASS, WRITER_LOCK_CLASS } from "../store/postgres/postgres";
import { dropSchema, freshSchemaName, openTestPostgresStore, postgresUrl } from "../store/postgres/postgres.test-helpers";
import pg from "pg";
import {
  advisoryLocks,
  backendsOf,
  balancesMinor,
  leftOf,
  startServerProcess,
  stateOf,
  timerRuns,
  until,
  type ServerProcess,
  type State,
} from "./two-processes.test-helpers";

/** Kari's Brukskonto (25,430.50 NOK in the fixed data) pays a sandbox account, which is credited. */
const debtor = { bban: "97100000028" };
const creditor = { bban: "97100000044" };
const DAY_MS = 24 * 60 * 60 * 1000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function twoProcesses(): Promise<{ schema: string; a: ServerProcess; b: ServerProcess }> {
  const schema = freshSchemaName();
  cleanups.push(() => dropSchema(schema));
  // Started at the same moment on a schema that does not exist yet, as a deploy of N processes does.
  const [a, b] = await Promise.all([startServerProcess(schema, cleanups), startServerProcess(schema, cleanups)]);
  return { schema, a, b };
}

async function createPayment(via: ServerProcess, amount: string): Promise<string> {
  const created = await via.client.send("POST", NDCT, { body: paymentBody(debtor, creditor, { amount }), headers: initiationHeaders(KARI) });
  expect(created.status).toBe(201);
  return ((await created.json()) as { paymentId: string }).paymentId;
}

async function approve(via: ServerProcess, paymentId: string): Promise<void> {
  const approved = await via.client.controlJson<{ transactionStatus: string }>("POST", `/__sandbox/sca/payment/${paymentId}`, { decision: "approve" });
  expect(approved.transactionStatus).toBe("ACTC");
}

const runs = async (via: ServerProcess, path: "/__sandbox/batch/run" | "/__sandbox/batch/catch-up") =>
  RunsAndClock.parse(await via.client.controlJson("POST", path)).runs;

/** The sandbox clock moved ahead without running anything, as if the servers had been down: the runs in between are due. */
async function clockAhead(schema: string, offsetMs: number): Promise<void> {
  const direct = await openTestPostgresStore(schema);
  await direct.write((tx) => tx.putMeta("clockOffsetMs", offsetMs));
  direct.close();
  await direct.closed();
}

/** What a double booking or a lost update would break: each balance moved by exactly its new transactions, each payment booked once if settled, never if not. */
function expectBookedOnce(before: State, after: State): void {
  const known = new Set(before.transactions.map((transaction) => transaction.id));
  const added = after.transactions.filter((transaction) => !known.has(transaction.id));
  const opening = balancesMinor(before);
  for (const [key, balance] of balancesMinor(after)) {
    const accountId = key.split(" ")[0];
    const moved = added.filter((transaction) => transaction.accountId === accountId).reduce((sum, transaction) => sum + transaction.amount, 0);
    expect({ key, balance }).toEqual({ key, balance: (opening.get(key) ?? 0) + moved });
  }
  for (const account of after.accounts)
    expect(account.transactionCount).toBe(after.transactions.filter((transaction) => transaction.accountId === account.resourceId).length);
  for (const payment of after.payments.filter((candidate) => candidate.product === "single")) {
    const bookings = added.filter((transaction) => transaction.paymentId === payment.paymentId);
    expect({ payment: payment.paymentId, bookings: bookings.length }).toEqual({
      payment: payment.paymentId,
      bookings: payment.transactionStatus === "ACSC" ? 2 : 0, // the debit and the sandbox creditor's credit
    });
  }
}

test("two processes hammered at once: a request id used on one is a replay on the other, and nothing is booked twice", async () => {
  const { a, b } = await twoProcesses();
  const before = await stateOf(a.client);

  // The same signed request, byte for byte, to one process and then the other.
  const cert = await testCertificate();
  const body = JSON.stringify(paymentBody(debtor, creditor));
  const headers = { "X-Request-ID": crypto.randomUUID(), "Content-Type": "application/json", ...initiationHeaders(KARI) };
  const signature = await signRequest({ method: "POST", url: NDCT, headers, body }, { privateKey: cert.privateKey, certificate: cert.certificatePem });
  const once = { method: "POST", headers: { ...headers, ...signature.headers }, body };
  expect((await fetch(`${a.url}${NDCT}`, once)).status).toBe(201);
  const replayed = await fetch(`${b.url}${NDCT}`, once);
  expect(replayed.status).toBe(409);
  expect(await replayed.text()).toMatch(/was already used with this certificate/);

  // 40 payments of 700 NOK (28,000 in all: more than the account holds), created, approved and run through both processes at once.
  const via = (n: number) => (n % 2 === 0 ? a : b);
  const decidedByRuns: string[] = [];
  const flows = Array.from({ length: 40 }, async (_, n) => {
    const paymentId = await createPayment(via(n), "700.00");
    await approve(via(n + 1), paymentId);
    if (n % 4 === 0) for (const run of await runs(via(n), "/__sandbox/batch/run")) decidedByRuns.push(...run.settled, ...run.rejected);
    return paymentId;
  });
  const paymentIds = await Promise.all(flows);
  for (const result of await Promise.all([a, b].map((process) => runs(process, "/__sandbox/batch/run"))))
    for (const run of result) decidedByRuns.push(...run.settled, ...run.rejected);

  const after = await stateOf(b.client);
  const ours = after.payments.filter((payment) => paymentIds.includes(payment.paymentId));
  expect(ours.map((payment) => payment.transactionStatus).filter((status) => status !== "ACSC" && status !== "RJCT")).toEqual([]);
  const settled = ours.filter((payment) => payment.transactionStatus === "ACSC").map((payment) => payment.paymentId);
  expect(settled.length).toBeGreaterThan(0);
  expect(settled.length).toBeLessThan(40); // the funds ran out: some were refused, none overdrew
  // Every payment decided by exactly one run: one the test asked for, or one of a process's own timer.
  const decided = [...decidedByRuns, ...timerRuns(a).flat(), ...timerRuns(b).flat()].filter((id) => paymentIds.includes(id));
  expect(decided.sort()).toEqual([...paymentIds].sort());
  expectBookedOnce(before, after);
});

test("a due batch run is done once by two processes; kill -9 the one running it and the other does the next run, PostgreSQL freeing the dead one's locks", async () => {
  const { schema, a, b } = await twoProcesses();
  const before = await stateOf(a.client);
  const first = await Promise.all([createPayment(a, "10.00"), createPayment(b, "20.00"), createPayment(a, "30.00")]);
  await Promise.all(first.map((paymentId, n) => approve(n % 2 === 0 ? b : a, paymentId)));

  await clockAhead(schema, 7 * DAY_MS);
  const [viaA, viaB] = await Promise.all([runs(a, "/__sandbox/batch/catch-up"), runs(b, "/__sandbox/batch/catch-up")]);
  // The runs that booked something: asked for by the test, or done by a process's own timer (every 30 s).
  const booking = (reports: { settled: string[]; rejected: string[] }[]) =>
    reports.filter((run) => run.settled.length + run.rejected.length > 0).map((run) => [...run.settled, ...run.rejected].sort());
  const firstRuns = [...booking([...viaA, ...viaB]), ...timerRuns(a).map((ids) => ids.sort()), ...timerRuns(b).map((ids) => ids.sort())];
  expect(firstRuns).toEqual([[...first].sort()]);
  const timerRunsOfB = timerRuns(b).length;

  // Failover. The next run is made due; the test holds the sandbox's writer lock, so the job that takes the batch lock stops at its first write.
  const next = await Promise.all([createPayment(b, "40.00"), createPayment(a, "50.00")]);
  await Promise.all(next.map((paymentId) => approve(b, paymentId)));
  await clockAhead(schema, 14 * DAY_MS);
  const holder = new pg.Client({ connectionString: postgresUrl() });
  await holder.connect();
  cleanups.push(() => holder.end());
  await holder.query("begin");
  await holder.query("select pg_advisory_xact_lock($1, hashtext($2))", [WRITER_LOCK_CLASS, schema]);

  const dying = runs(a, "/__sandbox/batch/catch-up").catch(() => "no answer");
  await until("A holds the batch lock and waits to write", async () => {
    const [batch, writer] = await Promise.all([advisoryLocks(a.name, BATCH_LOCK_CLASS), advisoryLocks(a.name, WRITER_LOCK_CLASS)]);
    return batch.some((lock) => lock.granted) && writer.some((lock) => !lock.granted);
  });
  const takingOver = runs(b, "/__sandbox/batch/catch-up");
  await until("B waits for the batch lock", async () => (await advisoryLocks(b.name, BATCH_LOCK_CLASS)).some((lock) => !lock.granted));

  const backendsOfA = await backendsOf(a.name);
  expect(backendsOfA.length).toBeGreaterThan(1); // at least its batch-lock session and its writer
  a.cli.child.kill("SIGKILL");
  await a.cli.exited;
  await until("B holds the batch lock A held", async () => (await advisoryLocks(b.name, BATCH_LOCK_CLASS)).some((lock) => lock.granted));
  await holder.query("commit");

  const taken = booking(await takingOver);
  expect([
    ...taken,
    ...timerRuns(b)
      .slice(timerRunsOfB)
      .map((ids) => ids.sort()),
  ]).toEqual([[...next].sort()]);
  expect(await dying).toBe("no answer");
  await until("every session of the killed process has ended", async () => (await leftOf(backendsOfA)).sessions === 0);
  expect(await leftOf(backendsOfA)).toEqual({ sessions: 0, locks: 0 });

  const after = await stateOf(b.client);
  expect(after.payments.filter((payment) => [...first, ...next].includes(payment.paymentId)).every((payment) => payment.transactionStatus === "ACSC")).toBe(
    true,
  );
  expectBookedOnce(before, after);
});

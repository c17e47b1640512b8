/**
 * The batch runner (design, "Batch runner"): five runs a Norwegian business day on the sandbox
 * clock. Due single payments are settled in chunks: each chunk is one storage transaction in which
 * every payment is read again and re-checked (still due, executionDate reached, accounts present),
 * so a payment is never half-booked nor booked twice, even by two runs at once. Periodic payments
 * are never due here.
 */
import { batchRunsBetween, businessDateOf } from "../domain/calendar/batch-schedule";
import { settle, type BatchRun } from "../domain/settlement";
import { heldFromBatch } from "../domain/scenario-effects";
import { sandboxNow } from "../env/sandbox-time";
import type { SandboxEnv } from "../env/sandbox-env";
import type { WriteTx } from "../store/port";
import { DUE_STATUSES, type AccountRecord, type PaymentRecord, type SinglePaymentRecord } from "../store/records";

export interface RunReport {
  at: number;
  date: string;
  settled: string[];
  rejected: string[];
}

/**
 * Payments per storage transaction. One transaction per payment cost 5 ms each in Chromium (10,000
 * took 52 s); a chunk pays that once. Kept small enough that a chunk holds the store for tens of
 * milliseconds, so requests arriving during a long run wait for one chunk, not for the run.
 */
export const CHUNK_SIZE = 250;

const osloTime = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Oslo", hour: "2-digit", minute: "2-digit", hour12: false });
const runOf = (at: number, manual = false): BatchRun => {
  const date = businessDateOf(at);
  return { at, date, label: `${date} ${osloTime.format(at)}${manual ? " (run now)" : ""}` };
};

/**
 * The accounts a chunk touches, read once each within its transaction and kept here as the chunk
 * books on them: the second payment from an account sees the balance the first one left.
 */
function accountsIn(tx: WriteTx) {
  const known = new Map<string, Promise<AccountRecord | undefined>>();
  const changed = new Map<string, AccountRecord>();
  return {
    get(resourceId: string): Promise<AccountRecord | undefined> {
      const cached = known.get(resourceId);
      if (cached) return cached;
      const read = tx.account(resourceId);
      known.set(resourceId, read);
      return read;
    },
    update(account: AccountRecord) {
      known.set(account.resourceId, Promise.resolve(account));
      changed.set(account.resourceId, account);
    },
    changed: () => [...changed.values()],
  };
}

/** Whether the batch books this payment now: a single payment, still due, its execution date reached. */
const isDue = (payment: PaymentRecord | undefined, date: string) =>
  payment?.product === "single" && DUE_STATUSES.includes(payment.transactionStatus) && payment.executionDate <= date && !heldFromBatch(payment);

/**
 * Settles one chunk in one transaction, in the given order. Reads are issued together and the
 * writes too, each without a round trip of its own: the transaction stays one storage unit, and
 * a failure anywhere in it books none of the chunk.
 */
function settleChunk(env: SandboxEnv, chunk: readonly PaymentRecord[], run: BatchRun): Promise<{ settled: string[]; rejected: string[] }> {
  // Each payment once, whatever the caller passed: a payment listed twice must not be booked twice.
  const listed = [...new Map(chunk.map((payment) => [payment.paymentId, payment])).values()];
  return env.store.write(async (tx) => {
    const outcome = { settled: [] as string[], rejected: [] as string[] };
    const accounts = accountsIn(tx);
    // Read again inside this transaction: what counts is each payment as it is now.
    const payments = await tx.paymentsAgain(listed);
    const still = payments.filter((payment): payment is SinglePaymentRecord => isDue(payment, run.date));
    // Their accounts, read side by side before booking begins.
    await Promise.all(
      still
        .flatMap((payment) => [payment.debtorAccountId, ...(payment.creditorAccountId === undefined ? [] : [payment.creditorAccountId])])
        .map((resourceId) => accounts.get(resourceId)),
    );
    const writes: Promise<unknown>[] = [];
    for (const payment of still) {
      const debtor = await accounts.get(payment.debtorAccountId);
      if (!debtor) continue; // a dangling debtor is left as it is, never half-booked
      const creditor = payment.creditorAccountId === undefined ? undefined : await accounts.get(payment.creditorAccountId);
      const result = settle(payment, debtor, creditor, run, env.newId);
      writes.push(tx.putPayment(result.payment));
      for (const account of result.accounts) accounts.update(account);
      // addTransaction hands out seq in call order, so bookings keep the run's order.
      for (const transaction of result.transactions) writes.push(tx.addTransaction(transaction));
      (result.payment.transactionStatus === "ACSC" ? outcome.settled : outcome.rejected).push(payment.paymentId);
    }
    for (const account of accounts.changed()) writes.push(tx.putAccount(account));
    await Promise.all(writes);
    return outcome;
  });
}

async function runPayments(env: SandboxEnv, run: BatchRun, payments: readonly PaymentRecord[]): Promise<RunReport> {
  const report: RunReport = { at: run.at, date: run.date, settled: [], rejected: [] };
  for (let start = 0; start < payments.length; start += CHUNK_SIZE) {
    const outcome = await settleChunk(env, payments.slice(start, start + CHUNK_SIZE), run);
    report.settled.push(...outcome.settled);
    report.rejected.push(...outcome.rejected);
  }
  return report;
}

const executionDateOf = (payment: PaymentRecord) => (payment.product === "single" ? payment.executionDate : "");

/** A run outside the schedule ("run now"): books everything due on the sandbox's date. */
export function runBatchNow(env: SandboxEnv, at: number): Promise<RunReport> {
  return env.exclusive(() => runNow(env, at));
}

async function runNow(env: SandboxEnv, at: number): Promise<RunReport> {
  const run = runOf(at, true);
  const due = await env.store.read((tx) => tx.duePayments(DUE_STATUSES, run.date));
  const report = await runPayments(env, run, due);
  await env.store.write(async (tx) => {
    const last = (await tx.meta("lastBatchRunAt")) ?? 0;
    await tx.putMeta("lastBatchRunAt", Math.max(last, at));
  });
  return report;
}

/**
 * Catches up the scheduled runs between the last one done and `now`, in order. Each payment is
 * booked by the first run on or after its execution date, as it would have been had a tab been
 * open; runs with nothing due cost nothing.
 */
export function catchUpBatches(env: SandboxEnv, now: number): Promise<RunReport[]> {
  return env.exclusive(() => runMissed(env, now));
}

/** The one catch-up to the sandbox clock's now: the server's timer, a leading tab and the control route all call it. */
export async function catchUpToNow(env: SandboxEnv): Promise<RunReport[]> {
  return catchUpBatches(env, (await sandboxNow(env)).now);
}

async function runMissed(env: SandboxEnv, now: number): Promise<RunReport[]> {
  const { last, times, due } = await env.store.read(async (tx) => ({
    last: await tx.meta("lastBatchRunAt"),
    times: await tx.meta("batchTimes"),
    due: await tx.duePayments(DUE_STATUSES, businessDateOf(now)),
  }));
  if (last === undefined) {
    await env.store.write((tx) => tx.putMeta("lastBatchRunAt", now));
    return [];
  }
  const runs = batchRunsBetween(last, now, times ? { times } : undefined).map((at) => runOf(at));
  const reports: RunReport[] = [];
  let pending = [...due].sort((a, b) => executionDateOf(a).localeCompare(executionDateOf(b)) || a.createdAt - b.createdAt);
  for (const run of runs) {
    const dueNow = pending.filter((payment) => executionDateOf(payment) <= run.date);
    if (dueNow.length === 0) continue;
    pending = pending.filter((payment) => executionDateOf(payment) > run.date);
    reports.push(await runPayments(env, run, dueNow));
  }
  const lastRun = runs[runs.length - 1];
  if (lastRun) await env.store.write((tx) => tx.putMeta("lastBatchRunAt", lastRun.at));
  return reports;
}

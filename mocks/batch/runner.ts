/**
 * The batch runner (design, "Batch runner"): five runs a Norwegian business day on the sandbox
 * clock. Each due single payment is settled in its own storage transaction, re-checked inside it,
 * so a payment is never half-booked nor booked twice. Periodic payments are never due here.
 */
import { batchRunsBetween, businessDateOf } from "../domain/calendar/batch-schedule";
import { DUE_STATUSES } from "../domain/lifecycle";
import { settle, type BatchRun } from "../domain/settlement";
import type { SandboxEnv } from "../handlers/types";
import type { PaymentRecord } from "../store/records";

export interface RunReport {
  at: number;
  date: string;
  settled: string[];
  rejected: string[];
}

const osloTime = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Oslo", hour: "2-digit", minute: "2-digit", hour12: false });
const runOf = (at: number, manual = false): BatchRun => {
  const date = businessDateOf(at);
  return { at, date, label: `${date} ${osloTime.format(at)}${manual ? " (run now)" : ""}` };
};

/** Settles one payment in its own transaction; returns its final status, or undefined if it was no longer due. */
async function settleOne(env: SandboxEnv, paymentId: string, run: BatchRun): Promise<"ACSC" | "RJCT" | undefined> {
  return env.store.write(async (tx) => {
    const payment = await tx.payment(paymentId);
    if (payment?.product !== "single" || !DUE_STATUSES.includes(payment.transactionStatus) || payment.executionDate > run.date) return undefined;
    const debtor = await tx.account(payment.debtorAccountId);
    if (!debtor) return undefined;
    const creditor = payment.creditorAccountId === undefined ? undefined : await tx.account(payment.creditorAccountId);
    const result = settle(payment, debtor, creditor, run, env.newId);
    await tx.putPayment(result.payment);
    for (const account of result.accounts) await tx.putAccount(account);
    for (const transaction of result.transactions) await tx.addTransaction(transaction);
    return result.payment.transactionStatus === "ACSC" ? "ACSC" : "RJCT";
  });
}

async function runPayments(env: SandboxEnv, run: BatchRun, payments: PaymentRecord[]): Promise<RunReport> {
  const report: RunReport = { at: run.at, date: run.date, settled: [], rejected: [] };
  for (const payment of payments) {
    const outcome = await settleOne(env, payment.paymentId, run);
    if (outcome === "ACSC") report.settled.push(payment.paymentId);
    if (outcome === "RJCT") report.rejected.push(payment.paymentId);
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
  return env.exclusive(() => catchUp(env, now));
}

async function catchUp(env: SandboxEnv, now: number): Promise<RunReport[]> {
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

import { afterEach, describe, expect, test } from "vitest";
import { createSandbox } from "../sandbox";
import type { SandboxEnv } from "../env/sandbox-env";
import type { SandboxStore } from "../store/port";
import type { AccountRecord, PaymentRecord } from "../store/records";
import { account, customer, freshStore, singlePayment, transaction } from "../store/store.test-helpers";
import { CHUNK_SIZE, runBatchNow } from "./runner";

// Thursday 5 March 2026, 10:00 in Oslo: a business day, the payments' execution date.
const AT = Date.parse("2026-03-05T09:00:00Z");
const DATE = "2026-03-05";
const stores: { dispose: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.dispose()));
});

const nok = (amount: number) => [
  { balanceType: "interimAvailable" as const, balanceAmount: { amount, currency: "NOK" as const } },
  { balanceType: "closingBooked" as const, balanceAmount: { amount, currency: "NOK" as const } },
];

/** `count` due payments of 10.00 NOK from acc-1 to acc-2, oldest first by createdAt; acc-1 holds `balance` NOK. */
async function sandboxWith(count: number, options: { balance?: number; newId?: () => string; exclusive?: SandboxEnv["exclusive"] } = {}) {
  const store = await freshStore();
  stores.push(store);
  const owner = customer(1);
  const payments: PaymentRecord[] = Array.from({ length: count }, (_, index) =>
    singlePayment(`p-${String(index).padStart(5, "0")}`, DATE, {
      createdAt: 1_700_000_000_000 + index,
      creditorAccountId: "acc-2",
      request: { ...sampleRequest(), requestedExecutionDate: DATE },
    }),
  );
  await store.restore({
    customers: [owner],
    accounts: [account(1, owner.customerNumber, { balances: nok(options.balance ?? 1_000_000) }), account(2, owner.customerNumber, { balances: nok(0) })],
    agreements: [],
    payments,
    baskets: [],
    transactions: [],
    meta: [{ key: "lastBatchRunAt", value: AT - 3_600_000 }],
  });
  const sandbox = await createSandbox({
    store,
    realNow: () => AT,
    ...(options.newId ? { newId: options.newId } : {}),
    ...(options.exclusive ? { exclusive: options.exclusive } : {}),
  });
  return { env: sandbox.env, store, ids: payments.map((payment) => payment.paymentId) };
}

const sampleRequest = () => ({
  instructedAmount: { amount: "10.00", currency: "NOK" as const },
  creditorName: "Kari Nordmann",
  creditorAccount: { bban: "12345670002", currency: "NOK" as const },
  debtorAccount: { bban: "12345670001", currency: "NOK" as const },
});

async function state(store: SandboxStore, ids: string[]) {
  return store.read(async (tx) => {
    const payments = await Promise.all(ids.map((id) => tx.payment(id)));
    const [debtor, creditor] = (await Promise.all([tx.account("acc-1"), tx.account("acc-2")])) as [AccountRecord, AccountRecord];
    return {
      statuses: payments.map((payment) => payment?.transactionStatus),
      debtor: { available: debtor.balances[0]?.balanceAmount.amount, count: debtor.transactionCount, rows: await tx.transactionCount("acc-1") },
      creditor: { available: creditor.balances[0]?.balanceAmount.amount, count: creditor.transactionCount, rows: await tx.transactionCount("acc-2") },
    };
  });
}

describe("the batch settles in chunks", () => {
  test("more payments than a chunk holds: every one booked once, balances and counts match the rows", async () => {
    const count = 2 * CHUNK_SIZE + 7;
    const { env, store, ids } = await sandboxWith(count);
    const report = await runBatchNow(env, AT);
    expect(report.settled).toEqual(ids); // oldest first, as the due list had them
    expect(report.rejected).toEqual([]);
    const after = await state(store, ids);
    expect(after.statuses.every((status) => status === "ACSC")).toBe(true);
    expect(after.debtor).toEqual({ available: 1_000_000 - 10 * count, count, rows: count });
    expect(after.creditor).toEqual({ available: 10 * count, count, rows: count });
  });

  test("within a chunk each payment sees the balance the ones before it left: the first that does not fit is rejected", async () => {
    const { env, store, ids } = await sandboxWith(10, { balance: 35 });
    const report = await runBatchNow(env, AT);
    expect(report.settled).toEqual(ids.slice(0, 3));
    expect(report.rejected).toEqual(ids.slice(3));
    const after = await state(store, ids);
    expect(after.debtor).toEqual({ available: 5, count: 3, rows: 3 });
    const rejected = await store.read((tx) => tx.payment(ids[3] ?? ""));
    expect(rejected).toMatchObject({ transactionStatus: "RJCT", fundsAvailable: false });
  });

  test("a chunk that fails is not booked at all; the chunks before it stay booked and the rest stay due", async () => {
    // The 2nd chunk's first booking reuses the id of a row acc-1 already has: its write fails.
    let issued = 0;
    const newId = () => (++issued === 2 * CHUNK_SIZE + 1 ? "taken" : `t-${String(issued)}`);
    const { env, store, ids } = await sandboxWith(CHUNK_SIZE + 20, { newId });
    await store.write(async (tx) => {
      await tx.addTransaction(transaction("acc-1", "taken", "2026-01-02"));
    });
    await expect(runBatchNow(env, AT)).rejects.toThrow(/ConstraintError/);
    const after = await state(store, ids);
    expect(after.statuses.slice(0, CHUNK_SIZE).every((status) => status === "ACSC")).toBe(true);
    expect(after.statuses.slice(CHUNK_SIZE).every((status) => status === "ACTC")).toBe(true);
    expect(after.debtor).toEqual({ available: 1_000_000 - 10 * CHUNK_SIZE, count: CHUNK_SIZE, rows: CHUNK_SIZE + 1 });
    expect(after.creditor.rows).toBe(CHUNK_SIZE);

    // Run again once the clash is gone: the rest are booked, the first chunk not a second time.
    const report = await runBatchNow(env, AT);
    expect(report.settled).toEqual(ids.slice(CHUNK_SIZE));
    expect((await state(store, ids)).creditor).toEqual({ available: 10 * (CHUNK_SIZE + 20), count: CHUNK_SIZE + 20, rows: CHUNK_SIZE + 20 });
  });

  test("two runs at once, without the batch lock, never book a payment twice", async () => {
    const count = CHUNK_SIZE + 50;
    const { env, store, ids } = await sandboxWith(count, { exclusive: (work) => work() });
    const reports = await Promise.all([runBatchNow(env, AT), runBatchNow(env, AT), runBatchNow(env, AT + 60_000)]);
    const settled = reports.flatMap((report) => report.settled);
    expect(settled.toSorted()).toEqual(ids); // each payment in exactly one run's report
    const after = await state(store, ids);
    expect(after.debtor).toEqual({ available: 1_000_000 - 10 * count, count, rows: count });
    expect(after.creditor).toEqual({ available: 10 * count, count, rows: count });
  });

  test("a payment listed twice in one chunk is booked once", async () => {
    const { env, store, ids } = await sandboxWith(3);
    // A due list that names every payment twice (as two overlapping status lists could).
    const read = store.read.bind(store);
    env.store = {
      ...store,
      read: (work) =>
        read((tx) =>
          work({ ...tx, duePayments: async (statuses, date) => [...(await tx.duePayments(statuses, date)), ...(await tx.duePayments(statuses, date))] }),
        ),
    };
    const report = await runBatchNow(env, AT);
    expect(report.settled).toEqual(ids);
    expect((await state(store, ids)).debtor).toMatchObject({ count: 3, rows: 3 });
  });
});

/**
 * Initiations (writes with insertsOnly) on PostgreSQL run beside each other, in any number of processes,
 * and never beside any other write (decision 0041-initiations-in-parallel). Two stores on one schema are
 * two processes here (a pool each). What decides each step is the state of the sandbox's writer lock in
 * pg_locks, waited for, never a sleep: the initiations' work waits on gates the test opens.
 */
import { afterEach, expect, test } from "vitest";
import { createSandbox } from "../../sandbox";
import { advanceClock, runBatch } from "../../control/clock-and-batch";
import type { WriteTx } from "../port";
import { singlePayment } from "../store.test-helpers";
import { WRITER_LOCK_CLASS } from "./postgres";
import type { PostgresSandboxStore } from "./postgres-store";
import { adminQuery, dropSchema, freshSchemaName, openTestPostgresStore } from "./postgres.test-helpers";

const schemas: string[] = [];
const stores: PostgresSandboxStore[] = [];

afterEach(async () => {
  for (const store of stores.splice(0)) {
    store.close();
    await store.closed();
  }
  for (const schema of schemas.splice(0)) await dropSchema(schema);
});

/** Two processes' stores on a new schema. */
async function twoProcesses() {
  const schema = freshSchemaName();
  schemas.push(schema);
  const first = await openTestPostgresStore(schema);
  stores.push(first);
  const second = await openTestPostgresStore(schema);
  stores.push(second);
  return { schema, first, second };
}

interface LockRequest {
  mode: "ShareLock" | "ExclusiveLock";
  granted: boolean;
}

/** Who holds, and who waits for, this schema's writer lock. */
const writerLock = (schema: string) =>
  adminQuery<LockRequest>(
    `select mode, granted from pg_locks
      where locktype = 'advisory' and classid = $1 and objsubid = 2 and objid = (hashtext($2)::bigint & 4294967295)::oid
      order by granted desc, mode`,
    [WRITER_LOCK_CLASS, schema],
  );

const count = (requests: LockRequest[], mode: LockRequest["mode"], granted: boolean) =>
  requests.filter((request) => request.mode === mode && request.granted === granted).length;

/** Waits until the writer lock is in the state described (each check a query; the test's timeout bounds it). */
async function untilLock(schema: string, wanted: { shareHeld?: number; shareWaiting?: number; exclusiveHeld?: number; exclusiveWaiting?: number }) {
  for (;;) {
    const requests = await writerLock(schema);
    const now = {
      shareHeld: count(requests, "ShareLock", true),
      shareWaiting: count(requests, "ShareLock", false),
      exclusiveHeld: count(requests, "ExclusiveLock", true),
      exclusiveWaiting: count(requests, "ExclusiveLock", false),
    };
    if (Object.entries(wanted).every(([key, value]) => now[key as keyof typeof now] === value)) return now;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** An initiation's shape: reads the clock, waits on `held` (between its read and its insert), inserts a payment due on the day it read. */
function initiation(store: PostgresSandboxStore, paymentId: string, held: Promise<void>) {
  return store.write(
    async (tx: WriteTx) => {
      const offset = (await tx.meta("clockOffsetMs")) ?? 0;
      await held;
      await tx.putPayment(singlePayment(paymentId, "2026-03-01", { createdAt: 1_700_000_000_000 + offset }));
      return offset;
    },
    { insertsOnly: true },
  );
}

test("initiations in two processes hold the writer lock together; a write waits for them, and a later initiation waits for that write", async () => {
  const { schema, first, second } = await twoProcesses();
  const held = gate();
  const a = initiation(first, "a", held.opened);
  const b = initiation(second, "b", held.opened);
  await untilLock(schema, { shareHeld: 2 });

  const order: string[] = [];
  const write = second.write(async (tx) => {
    await tx.putMeta("clockOffsetMs", 86_400_000);
    order.push(`the write saw ${(await tx.payments(10)).length} payments`);
  });
  await untilLock(schema, { shareHeld: 2, exclusiveWaiting: 1 });
  // Behind a waiting write, a new initiation waits too: writes are not starved by a stream of initiations.
  const c = initiation(first, "c", Promise.resolve());
  await untilLock(schema, { shareHeld: 2, shareWaiting: 1, exclusiveWaiting: 1 });
  expect(order).toEqual([]);

  held.open();
  expect(await Promise.all([a, b])).toEqual([0, 0]);
  await write;
  expect(order).toEqual(["the write saw 2 payments"]);
  expect(await c, "the later initiation read the clock as the write left it").toBe(86_400_000);
  expect((await first.read((tx) => tx.payments(10))).map((payment) => payment.paymentId).sort()).toEqual(["a", "b", "c"]);
});

test("a clock advance and a batch run never interleave with an initiation: one that read the day before commits before they do", async () => {
  const { schema, first, second } = await twoProcesses();
  const sandbox = await createSandbox({ store: second, exclusive: second.exclusive });
  const held = gate();
  const initiated = initiation(first, "read-the-old-day", held.opened);
  await untilLock(schema, { shareHeld: 1 });

  let advanced = false;
  const advance = advanceClock(sandbox.env, { days: 1 }).then((answer) => {
    advanced = true;
    return answer;
  });
  await untilLock(schema, { shareHeld: 1, exclusiveWaiting: 1 });
  expect(advanced, "the advance waits for the initiation").toBe(false);
  held.open();
  expect(await initiated, "the initiation committed with the day it read").toBe(0);
  expect((await advance).status).toBe(200);
  expect(await first.read((tx) => tx.meta("clockOffsetMs"))).toBe(86_400_000);

  const again = gate();
  const second_ = initiation(first, "read-the-new-day", again.opened);
  await untilLock(schema, { shareHeld: 1 });
  let ran = false;
  const run = runBatch(sandbox.env).then((answer) => {
    ran = true;
    return answer;
  });
  await untilLock(schema, { shareHeld: 1, exclusiveWaiting: 1 });
  expect(ran, "the batch run waits for the initiation").toBe(false);
  again.open();
  expect(await second_).toBe(86_400_000);
  expect((await run).status).toBe(200);
});

test("a write with insertsOnly changes nothing but new payments: any other change is refused, and nothing it did stays", async () => {
  const { first } = await twoProcesses();
  await first.write((tx) => tx.putPayment(singlePayment("kept", "2026-03-01")));
  await expect(first.write((tx) => tx.putMeta("clockOffsetMs", 1), { insertsOnly: true })).rejects.toThrow(/putMeta: a write with insertsOnly/);
  await expect(
    first.write(
      async (tx) => {
        await tx.putPayment(singlePayment("new", "2026-03-01"));
        await tx.putPayment(singlePayment("kept", "2026-03-02"));
      },
      { insertsOnly: true },
    ),
  ).rejects.toThrow(/putPayment: ConstraintError/);
  const payments = await first.read((tx) => tx.payments(10));
  expect(payments.map((payment) => [payment.paymentId, payment.product === "single" ? payment.executionDate : undefined])).toEqual([["kept", "2026-03-01"]]);
});

test("another process hears an initiation's commit (its notice is sent after the commit, not inside it)", async () => {
  const { first, second } = await twoProcesses();
  const heard = new Promise<number>((resolve) => {
    second.onCommit(() => {
      void second.read((tx) => tx.payments(10)).then((payments) => resolve(payments.length));
    });
  });
  await initiation(first, "announced", Promise.resolve());
  expect(await heard, "the listener reads the payment the notice announced").toBe(1);
});

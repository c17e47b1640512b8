/**
 * The IndexedDB layout of payments (payment-blocks.ts): what is stored, not only what the port
 * answers (the contract suites check that, with blocks of 3 too).
 */
import { describe, expect, test } from "vitest";
import { openSandboxStore } from "./indexeddb-store";
import { deleteDatabase, openDatabase } from "./open-database";
import { byCreation, dueSummaryOf, paymentBucketOf, paymentLayoutOf, PAYMENT_ID_BUCKETS, positionOf } from "./payment-blocks";
import { DUE_STATUSES, type PaymentRecord } from "../records";
import type { SandboxDB } from "./schema";
import { dayOf, freshName, periodicPayment, singlePayment } from "../store.test-helpers";

const statuses = ["RCVD", "ACTC", "PDNG", "ACSC", "RJCT", "CANC"] as const;
const paymentOf = (index: number, createdAt: number, status: (typeof statuses)[number] = "ACTC"): PaymentRecord =>
  index % 5 === 4
    ? periodicPayment(`p${String(index)}`, createdAt)
    : singlePayment(`p${String(index)}`, dayOf(index % 9), { createdAt, transactionStatus: status });

/** Everything the three stores hold, read raw. */
async function storedLayout(name: string) {
  const db = await openDatabase<SandboxDB>({ name });
  const tx = db.transaction(["paymentBlocks", "paymentsDue", "paymentIds"], "readonly");
  const [blockKeys, blocks, dueKeys, dues, idKeys, ids] = await Promise.all([
    tx.objectStore("paymentBlocks").getAllKeys(),
    tx.objectStore("paymentBlocks").getAll(),
    tx.objectStore("paymentsDue").getAllKeys(),
    tx.objectStore("paymentsDue").getAll(),
    tx.objectStore("paymentIds").getAllKeys(),
    tx.objectStore("paymentIds").getAll(),
  ]);
  db.close();
  return { blockKeys, blocks, dueKeys, dues, idKeys, ids };
}

describe("paymentLayoutOf (imports)", () => {
  test("sorted by [createdAt, paymentId] and cut into full blocks keyed by their first; a due summary for each block with due payments; every id in part 0 of its bucket", () => {
    const payments = Array.from({ length: 11 }, (_, index) => paymentOf(index, 1000 + ((index * 7) % 4), statuses[index % statuses.length]));
    const { blocks, ids } = paymentLayoutOf(payments, 3);
    const sorted = [...payments].sort((a, b) => byCreation(positionOf(a), positionOf(b)));
    expect(blocks.map((block) => block.items)).toEqual([sorted.slice(0, 3), sorted.slice(3, 6), sorted.slice(6, 9), sorted.slice(9)]);
    for (const block of blocks) {
      expect(block.key).toEqual(positionOf(block.items[0] ?? paymentOf(0, 0)));
      const due = block.items.filter((item) => item.product === "single" && DUE_STATUSES.includes(item.transactionStatus));
      expect(block.due?.ids ?? []).toEqual(due.map((item) => item.paymentId));
    }
    for (const payment of payments) {
      const bucket = ids.find(({ key }) => key[0] === paymentBucketOf(payment.paymentId));
      expect(bucket?.key[1]).toBe(0);
      expect(bucket?.part.createdAts[bucket.part.ids.indexOf(payment.paymentId)]).toBe(payment.createdAt);
    }
  });

  test("the bucket of an id is fixed: stored data depends on it (changing the hash needs a migration)", () => {
    // As released with version 5.
    expect([paymentBucketOf(""), paymentBucketOf("bench-payment-000000"), paymentBucketOf("0d7c6a5e-1f7b-4e61-9a3b-6a3f2f1c9e11")]).toEqual([5, 21, 37]);
    expect(new Set(Array.from({ length: 1000 }, (_, index) => paymentBucketOf(`id-${String(index)}`))).size).toBe(PAYMENT_ID_BUCKETS);
  });
});

describe("puts keep the blocks, the due summaries and the id map true", () => {
  test("after creations out of order, status changes, a changed createdAt and splits: blocks within their size, keys and summaries matching their contents, one entry per id", async () => {
    const name = freshName();
    const store = await openSandboxStore({ name, paymentBlockSize: 4 });
    // Created out of createdAt order (inserts in the middle and below the first block), some side by side in one write.
    const created = Array.from({ length: 40 }, (_, index) => paymentOf(index, 1000 + ((index * 17) % 23)));
    await store.write((tx) => Promise.all(created.slice(0, 25).map((payment) => tx.putPayment(payment))));
    await store.write(async (tx) => {
      for (const payment of created.slice(25)) await tx.putPayment(payment);
    });
    // Status changes (due → settled, and back), and one payment stored again with another createdAt.
    const changed = created.map((payment, index) =>
      index % 3 === 0 ? { ...payment, transactionStatus: statuses[(index / 3) % statuses.length] ?? "ACSC" } : payment,
    );
    const moved = { ...(changed[7] ?? paymentOf(7, 0)), createdAt: 5 };
    changed[7] = moved;
    await store.write((tx) => Promise.all([...changed.filter((_, index) => index % 3 === 0), moved].map((payment) => tx.putPayment(payment))));

    const byId = new Map(changed.map((payment) => [payment.paymentId, payment]));
    await store.read(async (tx) => {
      for (const payment of changed) expect(await tx.payment(payment.paymentId)).toEqual(payment);
      const newest = [...changed].sort((a, b) => byCreation(positionOf(b), positionOf(a)));
      expect(await tx.payments(100)).toEqual(newest);
      // Re-read as listed before the move: found by id where it is now.
      expect(await tx.paymentsAgain([created[7] ?? moved, changed[3] ?? moved])).toEqual([moved, changed[3]]);
    });
    store.close();

    const { blockKeys, blocks, dueKeys, dues, idKeys, ids } = await storedLayout(name);
    await deleteDatabase(name);
    expect(blocks.flat().map((payment) => payment.paymentId)).toEqual(
      [...changed].sort((a, b) => byCreation(positionOf(a), positionOf(b))).map((payment) => payment.paymentId),
    );
    blocks.forEach((items, index) => {
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(4);
      expect(blockKeys[index]).toEqual(positionOf(items[0] ?? moved));
    });
    // A summary exactly for the blocks with due payments, under their keys.
    const expectedDue = blocks.flatMap((items, index) => {
      const summary = dueSummaryOf(items);
      return summary ? [{ key: blockKeys[index], summary }] : [];
    });
    expect(dueKeys.map((key, index) => ({ key, summary: dues[index] }))).toEqual(expectedDue);
    // Each id once in the map, with its createdAt now.
    // (Bucket -1 is the layout mark of the cached block keys, no bucket.)
    const mapped = ids.flatMap((part, index) =>
      (idKeys[index]?.[0] ?? -1) < 0 ? [] : part.ids.map((id, at) => ({ id, createdAt: part.createdAts[at], bucket: idKeys[index]?.[0] })),
    );
    expect(mapped).toHaveLength(changed.length);
    for (const entry of mapped) {
      expect(entry.createdAt).toBe(byId.get(entry.id)?.createdAt);
      expect(entry.bucket).toBe(paymentBucketOf(entry.id));
    }
  });

  test("a batch-like write (each payment re-read, then settled) puts each changed block once, not a record per payment", async () => {
    const name = freshName();
    const store = await openSandboxStore({ name, paymentBlockSize: 8 });
    const payments = Array.from({ length: 64 }, (_, index) => singlePayment(`due-${String(index).padStart(2, "0")}`, dayOf(0), { createdAt: 1000 + index }));
    await store.restore({ ...emptyStores(), payments });
    const db = await openDatabase<SandboxDB>({ name });
    const before = await db.getAll("paymentBlocks");
    db.close();
    const puts = countPuts();
    await store.write(async (tx) => {
      const again = await tx.paymentsAgain(payments.slice(0, 32));
      await Promise.all(again.flatMap((payment) => (payment ? [tx.putPayment({ ...payment, transactionStatus: "ACSC" })] : [])));
    });
    const counted = puts.stop();
    store.close();
    await deleteDatabase(name);
    expect(before).toHaveLength(8);
    // Four blocks of 8 settled: four block puts, and their summaries (emptied: deleted).
    expect(counted).toEqual({ paymentBlocks: 4, paymentsDue: 4 });
  });
});

describe("the cached block keys (payment-key-cache.ts)", () => {
  test("a tab sees the blocks another tab made, and its own aborted write leaves nothing behind in what it reads", async () => {
    const name = freshName();
    const [tabA, tabB] = [await openSandboxStore({ name, paymentBlockSize: 2 }), await openSandboxStore({ name, paymentBlockSize: 2 })];
    const first = Array.from({ length: 3 }, (_, index) => singlePayment(`a${String(index)}`, dayOf(0), { createdAt: 1000 + index }));
    await tabA.write((tx) => Promise.all(first.map((payment) => tx.putPayment(payment))));
    expect(await tabA.read((tx) => tx.payments(10))).toEqual([...first].reverse()); // tab A now holds the keys
    const later = Array.from({ length: 5 }, (_, index) => singlePayment(`b${String(index)}`, dayOf(0), { createdAt: 500 + index * 200 }));
    await tabB.write((tx) => Promise.all(later.map((payment) => tx.putPayment(payment))));
    const all = [...first, ...later].sort((a, b) => byCreation(positionOf(b), positionOf(a)));
    expect(await tabA.read((tx) => tx.payments(10))).toEqual(all);
    for (const payment of later) expect(await tabA.read((tx) => tx.payment(payment.paymentId))).toEqual(payment);

    const aborted = tabA.write(async (tx) => {
      await tx.putPayment(singlePayment("gone", dayOf(0), { createdAt: 1 })); // a new first block
      throw new Error("the work fails");
    });
    await expect(aborted).rejects.toThrow("the work fails");
    expect(await tabA.read((tx) => tx.payments(10))).toEqual(all);
    expect(await tabA.read((tx) => tx.payment("gone"))).toBeUndefined();
    tabA.close();
    tabB.close();
    await deleteDatabase(name);
  });
});

function emptyStores() {
  return { customers: [], accounts: [], agreements: [], payments: [], baskets: [], transactions: [], meta: [] };
}

/** Counts put and delete requests per store until stopped. */
function countPuts() {
  const counts: Record<string, number> = {};
  const proto = IDBObjectStore.prototype;
  const originals = { put: proto.put, delete: proto.delete };
  const counting = <F extends (this: IDBObjectStore, ...args: never[]) => IDBRequest>(original: F) =>
    function (this: IDBObjectStore, ...args: Parameters<F>) {
      counts[this.name] = (counts[this.name] ?? 0) + 1;
      return original.apply(this, args);
    };
  proto.put = counting(originals.put) as typeof proto.put;
  proto.delete = counting(originals.delete) as typeof proto.delete;
  return {
    stop() {
      proto.put = originals.put;
      proto.delete = originals.delete;
      return counts;
    },
  };
}

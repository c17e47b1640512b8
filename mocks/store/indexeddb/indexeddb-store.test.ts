/**
 * What only the IndexedDB adapter does: a given IDBFactory, and the guard against work that awaits
 * something other than the store (IndexedDB then commits early). The port's contract is in
 * store-contract.test.ts and run-transaction.test.ts, run against every adapter.
 */
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openSandboxStore } from "./indexeddb-store";
import { customer, expectRejection, freshStore, transaction } from "../store.test-helpers";

let store: Awaited<ReturnType<typeof freshStore>>;
beforeEach(async () => {
  store = await freshStore();
});
afterEach(async () => {
  await store.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a given IDBFactory is used instead of the global indexedDB", async () => {
  const own = await openSandboxStore({ name: store.name, indexedDB: new IDBFactory() });
  await own.write((tx) => tx.putCustomer(customer(5)));
  expect(await own.read((tx) => tx.customers())).toEqual([customer(5)]);
  expect(await store.read((tx) => tx.customers())).toEqual([]);
  own.close();
});

describe("work that awaits something other than the store", () => {
  test("awaiting something that is not a store request is a programming error, reported as such", async () => {
    // IndexedDB commits a transaction once it has no pending request: the first put is already
    // committed when the second runs, which is why work must await only the store.
    await expectRejection(
      store.write(async (tx) => {
        await tx.putCustomer(customer(1));
        await sleep(5);
        await tx.putCustomer(customer(2));
      }),
      /putCustomer: the store transaction is no longer active.*not a store request/,
    );
    expect((await store.read((tx) => tx.customers())).map((item) => item.name)).toEqual(["Customer 1"]);

    await expectRejection(
      store.read(async (tx) => {
        await sleep(5);
        return tx.customers();
      }),
      /customers: the store transaction is no longer active/,
    );
  });

  test("a write that throws after its transaction committed says it could not be rolled back", async () => {
    const error = await expectRejection(
      store.write(async (tx) => {
        await tx.putCustomer(customer(3));
        await sleep(5);
        throw new Error("too late");
      }),
      /already committed, so it could not be rolled back/,
    );
    expect((error.cause as Error).message).toBe("too late");
  });

  test("bookings committed early by such an await still leave nextSeq above every seq they took", async () => {
    // nextSeq is not written per addTransaction; its last write must still land before the commit.
    await store.write(async (tx) => {
      await Promise.all([1, 2, 3].map((index) => tx.addTransaction(transaction("acc-1", `t${String(index)}`, "2026-03-01"))));
      await sleep(5);
    });
    expect(await store.read((tx) => tx.meta("nextSeq"))).toBe(3);
    expect((await store.write((tx) => tx.addTransaction(transaction("acc-1", "t4", "2026-03-01")))).seq).toBe(3);
  });
});

/** The transaction rules of the storage port (docs/storage.md), run against every adapter. */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { adapterCases, type TestStore } from "./adapters.test-helpers";
import { account, agreement, basket, contentsOf, customer, expectRejection, singlePayment, transaction } from "./store.test-helpers";

describe.each(adapterCases)("%s", (_name, adapter) => {
  let store: TestStore;
  beforeEach(async () => {
    store = await adapter.fresh();
  });
  afterEach(async () => {
    await store.dispose();
  });

  describe("one write = one transaction", () => {
    test("read and write resolve with the work's result", async () => {
      expect(await store.write(async (tx) => (await tx.addTransaction(transaction("a", "t", "2026-01-01"))).id)).toBe("t");
      expect(await store.read((tx) => tx.transactionCount("a"))).toBe(1);
    });

    test("a read of one statement (oneStatement) answers as any read, and sees what was committed before it", async () => {
      await store.write((tx) => tx.putMeta("clockOffsetMs", 3_600_000));
      expect(await store.read((tx) => tx.meta("clockOffsetMs"), { oneStatement: true })).toBe(3_600_000);
      expect(await store.read((tx) => tx.customerByPsuId("nobody"), { oneStatement: true })).toBeUndefined();
    });

    test("a throwing write is aborted: nothing is written, nextSeq included, and the work's own error comes back", async () => {
      const mistake = new Error("domain said no");
      const before = await contentsOf(store);
      const rejection = store.write(async (tx) => {
        await tx.putCustomer(customer(1));
        await tx.addTransaction(transaction("acc-1", "t1", "2026-03-01"));
        await tx.putMeta("clockOffsetMs", 5);
        throw mistake;
      });
      await expect(rejection).rejects.toBe(mistake);
      expect(await contentsOf(store)).toEqual(before);
      expect(await store.read((tx) => tx.meta("nextSeq"))).toBeUndefined();
    });

    test("a work that rejects without awaiting anything is aborted too", async () => {
      await expect(
        store.write((tx) => {
          tx.putCustomer(customer(1)).catch(() => undefined); // rejects with AbortError once the write aborts
          return Promise.reject(new TypeError("bad input"));
        }),
      ).rejects.toThrow(TypeError);
      expect(await store.read((tx) => tx.customers())).toEqual([]);
    });

    test("a failed request the work catches still rolls the whole write back", async () => {
      await store.write((tx) => tx.putAccount(account(1, "c1")));
      await expectRejection(
        store.write(async (tx) => {
          await tx.putCustomer(customer(1));
          await tx.putAccount(account(2, "c1", { bban: account(1, "c1").bban })).catch(() => undefined);
        }),
        /ConstraintError/,
      );
      expect(await store.read((tx) => tx.customers())).toEqual([]);
    });

    test("bad page queries are refused", async () => {
      await expectRejection(
        store.read((tx) => tx.transactionPage({ accountId: "a", limit: 0 })),
        /limit must be an integer of at least 1/,
      );
      await expectRejection(
        store.read((tx) => tx.transactionPage({ accountId: "a", limit: 5, offset: -1 })),
        /offset/,
      );
      const key = { bookingDate: "2026-01-01", seq: 1 };
      await expectRejection(
        store.read((tx) => tx.transactionPage({ accountId: "a", limit: 5, after: key, before: key })),
        /at most one of/,
      );
      await expectRejection(
        store.read((tx) => tx.payments(-1)),
        /non-negative integer/,
      );
    });
  });

  describe("onCommit, clear, close", () => {
    test("listeners hear committed writes, imports and clears; not reads, aborted writes or refused imports", async () => {
      const listener = vi.fn();
      const unsubscribe = store.onCommit(listener);
      await store.read((tx) => tx.customers());
      expect(listener).not.toHaveBeenCalled();
      await store.write((tx) => tx.putCustomer(customer(1)));
      expect(listener).toHaveBeenCalledTimes(1);
      await store.write(() => Promise.reject(new Error("no"))).catch(() => undefined);
      await store.importAll({ format: "other" }).catch(() => undefined);
      expect(listener).toHaveBeenCalledTimes(1);
      const data = await store.exportAll();
      await store.importAll(data);
      await store.clear();
      expect(listener).toHaveBeenCalledTimes(3);
      unsubscribe();
      await store.write((tx) => tx.putCustomer(customer(2)));
      expect(listener).toHaveBeenCalledTimes(3);
    });

    test("a listener that throws does not fail the write nor silence the others", async () => {
      const other = vi.fn();
      const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
      store.onCommit(() => {
        throw new Error("listener broke");
      });
      store.onCommit(other);
      await store.write((tx) => tx.putCustomer(customer(1)));
      expect(other).toHaveBeenCalledTimes(1);
      expect(consoleError).toHaveBeenCalled();
      consoleError.mockRestore();
    });

    test("clear empties every store in one go", async () => {
      await store.write(async (tx) => {
        await tx.putCustomer(customer(1));
        await tx.putAccount(account(1, "c"));
        await tx.putAgreement(agreement("c", ["acc-1"]));
        await tx.putPayment(singlePayment("p1", "2026-01-01"));
        await tx.putBasket(basket("b1", ["p1"]));
        await tx.addTransaction(transaction("acc-1", "t", "2026-01-01"));
      });
      await store.clear();
      const empty = await contentsOf(store);
      expect(Object.values(empty).every((records) => records.length === 0)).toBe(true);
    });

    test("after close, every call rejects clearly", async () => {
      const own = await adapter.fresh();
      own.close();
      await expectRejection(
        own.read((tx) => tx.customers()),
        /store is closed/,
      );
      await expectRejection(
        own.write((tx) => tx.putCustomer(customer(1))),
        /store is closed/,
      );
      await own.dispose();
    });
  });

  test("a read running beside a write sees all of it or none of it, and nothing of one that rolls back", async () => {
    const putMany = async (tx: Parameters<Parameters<TestStore["write"]>[0]>[0], from: number) => {
      for (let i = from; i < from + 50; i++) await tx.putCustomer(customer(i, { customerNumber: `c${String(i)}` }));
    };
    const rolledBack = store.write(async (tx) => {
      await putMany(tx, 0);
      throw new Error("rolled back");
    });
    const duringRollback = store.read((tx) => tx.customers());
    await expect(rolledBack).rejects.toThrow("rolled back");
    expect(await duringRollback).toEqual([]);

    const committed = store.write((tx) => putMany(tx, 100));
    const duringCommit = store.read((tx) => tx.customers());
    await committed;
    expect([0, 50]).toContain((await duringCommit).length);
    expect(await store.read((tx) => tx.customers())).toHaveLength(50);
  });
});

import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { openSandboxStore } from "./indexeddb-store";
import type { SandboxStore } from "./port";
import { account, agreement, basket, contentsOf, customer, expectRejection, freshStore, singlePayment, transaction } from "./store.test-helpers";

let store: Awaited<ReturnType<typeof freshStore>>;
beforeEach(async () => {
  store = await freshStore();
});
afterEach(async () => {
  await store.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("one write = one transaction", () => {
  test("read and write resolve with the work's result", async () => {
    expect(await store.write(async (tx) => (await tx.addTransaction(transaction("a", "t", "2026-01-01"))).id)).toBe("t");
    expect(await store.read((tx) => tx.transactionCount("a"))).toBe(1);
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
    await expect(store.write((tx) => {
      tx.putCustomer(customer(1)).catch(() => undefined); // rejects with AbortError once the write aborts
      return Promise.reject(new TypeError("bad input"));
    })).rejects.toThrow(TypeError);
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

  test("bad page queries are refused", async () => {
    await expectRejection(store.read((tx) => tx.transactionPage({ accountId: "a", limit: 0 })), /limit must be an integer of at least 1/);
    await expectRejection(store.read((tx) => tx.transactionPage({ accountId: "a", limit: 5, offset: -1 })), /offset/);
    const key = { bookingDate: "2026-01-01", seq: 1 };
    await expectRejection(store.read((tx) => tx.transactionPage({ accountId: "a", limit: 5, after: key, before: key })), /at most one of/);
    await expectRejection(store.read((tx) => tx.payments(-1)), /non-negative integer/);
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

  test("after close, read and write reject clearly", async () => {
    const own: SandboxStore = await openSandboxStore({ name: `${store.name}-closing` });
    own.close();
    await expectRejection(own.read((tx) => tx.customers()), /store is closed/);
  });
});

/**
 * The storage port's contract, run against every adapter (IndexedDB in the browser, SQLite on the
 * server): records in and out, payments, transactions, the replay guard.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { adapterCases, type TestStore } from "./adapters.test-helpers";
import { REQUEST_ID_RETENTION_MS } from "./port";
import type { PaymentRecord } from "./records";
import { account, agreement, basket, customer, expectRejection, periodicPayment, singlePayment, transaction } from "./store.test-helpers";

describe.each(adapterCases)("%s", (_name, adapter) => {
  let store: TestStore;
  beforeEach(async () => {
    store = await adapter.fresh();
  });
  afterEach(async () => {
    await store.dispose();
  });

  describe("records in, records out", () => {
    test("customers: by number, by PSU-ID, all", async () => {
      const [a, b] = [customer(1), customer(2, { kind: "corporate", customerNumber: "923609016" })];
      await store.write(async (tx) => {
        await tx.putCustomer(a);
        await tx.putCustomer(b);
      });
      await store.read(async (tx) => {
        expect(await tx.customer(a.customerNumber)).toEqual(a);
        expect(await tx.customer("nobody")).toBeUndefined();
        expect(await tx.customerByPsuId(b.psuId)).toEqual(b);
        expect(await tx.customerByPsuId(customer(9).psuId)).toBeUndefined();
        expect(await tx.customers()).toHaveLength(2);
      });
    });

    test("accounts: by id, by bban, of a customer, all; a second account with the same bban is refused", async () => {
      const [a1, a2, a3] = [account(1, "c1"), account(2, "c2"), account(3, "c1")];
      await store.write(async (tx) => {
        await Promise.all([tx.putAccount(a1), tx.putAccount(a2), tx.putAccount(a3)]);
      });
      await store.read(async (tx) => {
        expect(await tx.account("acc-2")).toEqual(a2);
        expect(await tx.accountByBban(a3.bban)).toEqual(a3);
        expect(await tx.accountByBban("00000000000")).toBeUndefined();
        expect((await tx.accountsOf("c1")).map((item) => item.resourceId)).toEqual(["acc-1", "acc-3"]);
        expect(await tx.accountsOf("c9")).toEqual([]);
        expect(await tx.accounts()).toHaveLength(3);
      });
      const error = await expectRejection(
        store.write((tx) => tx.putAccount(account(4, "c1", { bban: a1.bban }))),
        /putAccount: ConstraintError/,
      );
      expect(error.name).toBe("ConstraintError");
      expect(await store.read((tx) => tx.account("acc-4"))).toBeUndefined();
    });

    test("agreements and baskets", async () => {
      const deal = agreement("923609016", ["acc-2"]);
      await store.write(async (tx) => {
        await tx.putAgreement(deal);
        await tx.putBasket(basket("b1", ["p1", "p2"]));
      });
      await store.read(async (tx) => {
        expect(await tx.agreement("923609016")).toEqual(deal);
        expect(await tx.agreement("x")).toBeUndefined();
        expect(await tx.agreements()).toEqual([deal]);
        expect((await tx.basket("b1"))?.paymentIds).toEqual(["p1", "p2"]);
        expect(await tx.basket("b2")).toBeUndefined();
      });
    });

    test("meta: each key holds its value; a missing key reads undefined", async () => {
      expect(await store.read((tx) => tx.meta("clockOffsetMs"))).toBeUndefined();
      await store.write(async (tx) => {
        await tx.putMeta("clockOffsetMs", 86_400_000);
        await tx.putMeta("contactEmail", { email: "dev@tpp.example", registeredAt: "2026-01-01T00:00:00Z" });
      });
      await store.read(async (tx) => {
        expect(await tx.meta("clockOffsetMs")).toBe(86_400_000);
        expect(await tx.meta("contactEmail")).toEqual({ email: "dev@tpp.example", registeredAt: "2026-01-01T00:00:00Z" });
      });
    });

    test("the data survives closing and reopening the database", async () => {
      await store.write((tx) => tx.putCustomer(customer(1)));
      const again = await store.reopen();
      expect(await again.read((tx) => tx.customers())).toEqual([customer(1)]);
    });
  });

  describe("payments", () => {
    test("payment by id; payments newest first by createdAt, at most limit", async () => {
      await store.write(async (tx) => {
        for (const [index, id] of ["p1", "p2", "p3", "p4"].entries())
          await tx.putPayment(index % 2 ? periodicPayment(id, 1000 + index) : singlePayment(id, "2026-03-01", { createdAt: 1000 + index }));
      });
      await store.read(async (tx) => {
        expect((await tx.payment("p2"))?.product).toBe("periodic");
        expect(await tx.payment("p9")).toBeUndefined();
        expect((await tx.payments(3)).map((item) => item.paymentId)).toEqual(["p4", "p3", "p2"]);
        expect((await tx.payments(10)).map((item) => item.paymentId)).toEqual(["p4", "p3", "p2", "p1"]);
        expect(await tx.payments(0)).toEqual([]);
      });
    });

    test("an insertsOnly write (an initiation) reads what it checks and commits its new payments together; one that fails leaves nothing", async () => {
      await store.write((tx) => tx.putMeta("clockOffsetMs", 60_000));
      const offset = await store.write(
        async (tx) => {
          await Promise.all([tx.putPayment(singlePayment("n1", "2026-03-01")), tx.putPayment(periodicPayment("n2"))]);
          return tx.meta("clockOffsetMs");
        },
        { insertsOnly: true },
      );
      expect(offset).toBe(60_000);
      await expectRejection(
        store.write(
          async (tx) => {
            await tx.putPayment(singlePayment("n3", "2026-03-01"));
            throw new Error("the check failed after the insert");
          },
          { insertsOnly: true },
        ),
        /the check failed/,
      );
      expect((await store.read((tx) => tx.payments(10))).map((item) => item.paymentId).sort()).toEqual(["n1", "n2"]);
    });

    test("duePayments: single payments of the statuses due on or before the date, oldest executionDate first; never periodic", async () => {
      await store.write(async (tx) => {
        await tx.putPayment(singlePayment("late", "2026-03-10"));
        await tx.putPayment(singlePayment("today", "2026-03-05"));
        await tx.putPayment(singlePayment("early", "2026-03-01", { transactionStatus: "PDNG" }));
        await tx.putPayment(singlePayment("early-2", "2026-03-01", { createdAt: 1_700_000_000_001 }));
        await tx.putPayment(singlePayment("rejected", "2026-03-01", { transactionStatus: "RJCT" }));
        await tx.putPayment({ ...periodicPayment("standing"), transactionStatus: "ACTC" });
      });
      await store.read(async (tx) => {
        expect((await tx.duePayments(["ACTC", "PDNG"], "2026-03-05")).map((item) => item.paymentId)).toEqual(["early", "early-2", "today"]);
        expect((await tx.duePayments(["ACTC"], "2026-03-04")).map((item) => item.paymentId)).toEqual(["early-2"]);
        expect((await tx.duePayments(["ACTC", "ACTC"], "2026-12-31")).map((item) => item.paymentId)).toEqual(["early-2", "today", "late"]);
        expect(await tx.duePayments([], "2026-12-31")).toEqual([]);
        expect(await tx.duePayments(["ACTC"], "2026-02-28")).toEqual([]);
      });
    });
    test("paymentsAgain: each payment as stored now, in the order given; one gone is undefined, one changed is found as it is now", async () => {
      const listed = [
        singlePayment("a", "2026-03-01", { createdAt: 1_000 }),
        singlePayment("b", "2026-03-01", { createdAt: 2_000 }),
        singlePayment("c", "2026-03-02", { createdAt: 500, transactionStatus: "PDNG" }),
        periodicPayment("d", 3_000),
        singlePayment("e", "2026-03-03", { createdAt: 4_000 }),
      ];
      await store.write(async (tx) => {
        for (const payment of listed) await tx.putPayment(payment);
        await tx.putPayment(singlePayment("between", "2026-03-01", { createdAt: 1_500 }));
      });
      const [a, b, c, d] = listed as [PaymentRecord, PaymentRecord, PaymentRecord, PaymentRecord];
      const changed = await store.write(async (tx) => {
        const settled = { ...b, transactionStatus: "ACSC" as const };
        const moved = c.product === "single" ? { ...c, executionDate: "2026-04-01" } : c;
        await tx.putPayment(settled);
        await tx.putPayment(moved);
        return { settled, moved };
      });
      const again = await store.read((tx) => tx.paymentsAgain([d, changed.moved, b, { ...a }, singlePayment("gone", "2026-03-01"), c]));
      expect(again).toEqual([d, changed.moved, changed.settled, a, undefined, changed.moved]);
      expect(await store.read((tx) => tx.paymentsAgain([]))).toEqual([]);
    });
  });

  describe("transactions", () => {
    test("addTransaction takes seq from nextSeq and advances it in the same transaction", async () => {
      const first = await store.write((tx) => tx.addTransaction(transaction("acc-1", "t1", "2026-03-01")));
      expect(first.seq).toBe(0);
      const [second, third] = await store.write((tx) =>
        Promise.all([tx.addTransaction(transaction("acc-1", "t2", "2026-03-01")), tx.addTransaction(transaction("acc-2", "t3", "2026-03-01"))]),
      );
      expect([second.seq, third.seq]).toEqual([1, 2]);
      expect(await store.read((tx) => tx.meta("nextSeq"))).toBe(3);
      expect(await store.read((tx) => tx.transaction("acc-1", "t2"))).toEqual(second);
    });

    test("addTransaction starts from a nextSeq set in meta", async () => {
      await store.write((tx) => tx.putMeta("nextSeq", 41));
      expect((await store.write((tx) => tx.addTransaction(transaction("acc-1", "t1", "2026-03-01")))).seq).toBe(41);
    });

    test("a putMeta of nextSeq between bookings of one write wins over the counter", async () => {
      const seqs = await store.write(async (tx) => {
        const first = await tx.addTransaction(transaction("acc-1", "t1", "2026-03-01"));
        await tx.putMeta("nextSeq", 10);
        const second = await tx.addTransaction(transaction("acc-1", "t2", "2026-03-01"));
        return [first.seq, second.seq];
      });
      expect(seqs).toEqual([0, 10]);
      expect(await store.read((tx) => tx.meta("nextSeq"))).toBe(11);
    });

    test("transaction(accountId, id) never returns another account's transaction; ids repeat across accounts only", async () => {
      await store.write(async (tx) => {
        await tx.addTransaction(transaction("acc-1", "t1", "2026-03-01", -100));
        await tx.addTransaction(transaction("acc-2", "t1", "2026-03-01", 100));
      });
      await store.read(async (tx) => {
        expect((await tx.transaction("acc-1", "t1"))?.amount).toBe(-100);
        expect((await tx.transaction("acc-2", "t1"))?.amount).toBe(100);
        expect(await tx.transaction("acc-3", "t1")).toBeUndefined();
      });
      await expectRejection(
        store.write((tx) => tx.addTransaction(transaction("acc-1", "t1", "2026-03-02"))),
        /addTransaction: ConstraintError/,
      );
      expect(await store.read((tx) => tx.meta("nextSeq"))).toBe(2);
    });

    test("transactionCount counts the account's transactions in the date range, bounds inclusive", async () => {
      await store.write(async (tx) => {
        for (const [index, date] of ["2026-03-01", "2026-03-02", "2026-03-02", "2026-03-04"].entries())
          await tx.addTransaction(transaction("acc-1", `t${String(index)}`, date));
        await tx.addTransaction(transaction("acc-2", "x", "2026-03-02"));
      });
      await store.read(async (tx) => {
        expect(await tx.transactionCount("acc-1")).toBe(4);
        expect(await tx.transactionCount("acc-1", "2026-03-02")).toBe(3);
        expect(await tx.transactionCount("acc-1", undefined, "2026-03-02")).toBe(3);
        expect(await tx.transactionCount("acc-1", "2026-03-02", "2026-03-02")).toBe(2);
        expect(await tx.transactionCount("acc-1", "2026-03-03", "2026-03-03")).toBe(0);
        expect(await tx.transactionCount("acc-1", "2026-03-04", "2026-03-01")).toBe(0);
        expect(await tx.transactionCount("acc-9")).toBe(0);
      });
    });
  });
});

describe.each(adapterCases)("claimRequestId, the replay guard, on %s", (_name, adapter) => {
  let store: TestStore;
  beforeEach(async () => {
    store = await adapter.fresh();
  });
  afterEach(async () => {
    await store.dispose();
  });

  const day = 24 * 60 * 60 * 1000;
  const t0 = 1_760_000_000_000;

  test("the first use of a request id is new; a second use by the same TPP answers the first use and records nothing", async () => {
    expect(await store.claimRequestId("tpp-A", "req-1", t0)).toBeUndefined();
    expect(await store.claimRequestId("tpp-A", "req-1", t0 + 5_000)).toEqual({ firstUsedAt: t0 });
    expect(await store.claimRequestId("tpp-A", "req-1", t0 + 9_000)).toEqual({ firstUsedAt: t0 });
  });

  test("the same id from another TPP certificate, or another id, is new", async () => {
    await store.claimRequestId("tpp-A", "req-1", t0);
    expect(await store.claimRequestId("tpp-B", "req-1", t0 + 1)).toBeUndefined();
    expect(await store.claimRequestId("tpp-A", "req-2", t0 + 2)).toBeUndefined();
  });

  test("requestIdUsed reads a claim without making one: a used id until its expiry, nothing for a new one", async () => {
    expect(await store.requestIdUsed("tpp-A", "req-1", t0)).toBeUndefined();
    expect(await store.claimRequestId("tpp-A", "req-1", t0)).toBeUndefined(); // the read claimed nothing
    expect(await store.requestIdUsed("tpp-A", "req-1", t0 + 5)).toEqual({ firstUsedAt: t0 });
    expect(await store.requestIdUsed("tpp-B", "req-1", t0 + 5)).toBeUndefined();
    await store.claimRequestId("tpp-A", "dated", t0, t0 + 600_000);
    expect(await store.requestIdUsed("tpp-A", "dated", t0 + 600_000)).toEqual({ firstUsedAt: t0 });
    expect(await store.requestIdUsed("tpp-A", "dated", t0 + 600_001)).toBeUndefined();
  });

  test("claims running side by side: exactly one is new", async () => {
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => store.claimRequestId("tpp-A", "req-1", t0 + i)));
    expect(claims.filter((claim) => claim === undefined)).toHaveLength(1);
  });

  test("kept apart from the sandbox's data: export, import, restore and clear leave it alone, and onCommit does not hear it", async () => {
    let commits = 0;
    store.onCommit(() => {
      commits++;
    });
    await store.claimRequestId("tpp-A", "req-1", t0);
    expect(commits).toBe(0);
    const data = await store.exportAll();
    expect(JSON.stringify(data)).not.toContain("req-1");
    await store.clear();
    await store.importAll(data);
    await store.restore(data.stores);
    expect(await store.claimRequestId("tpp-A", "req-1", t0 + 1)).toEqual({ firstUsedAt: t0 });
  });

  test("it survives closing and reopening", async () => {
    await store.claimRequestId("tpp-A", "req-1", t0);
    const again = await store.reopen();
    expect(await again.claimRequestId("tpp-A", "req-1", t0 + 1)).toEqual({ firstUsedAt: t0 });
  });

  test("a use older than the retention period no longer counts: the id is new again, from then on", async () => {
    await store.claimRequestId("tpp-A", "req-1", t0);
    expect(await store.claimRequestId("tpp-A", "req-1", t0 + REQUEST_ID_RETENTION_MS)).toEqual({ firstUsedAt: t0 });
    expect(await store.claimRequestId("tpp-A", "req-1", t0 + REQUEST_ID_RETENTION_MS + 1)).toBeUndefined();
    expect(await store.claimRequestId("tpp-A", "req-1", t0 + REQUEST_ID_RETENTION_MS + 2)).toEqual({ firstUsedAt: t0 + REQUEST_ID_RETENTION_MS + 1 });
  });

  test("a claim kept until a time of its own (a dated request's) is new again after it, and renewed by exactly one claim", async () => {
    const until = t0 + 10 * 60_000;
    expect(await store.claimRequestId("tpp-A", "dated", t0, until)).toBeUndefined();
    expect(await store.claimRequestId("tpp-A", "dated", until)).toEqual({ firstUsedAt: t0 });
    const renewals = await Promise.all([store.claimRequestId("tpp-A", "dated", until + 1, until + 2), store.claimRequestId("tpp-A", "dated", until + 1)]);
    expect(renewals.filter((claim) => claim === undefined)).toHaveLength(1);
    await expect(store.claimRequestId("tpp-A", "backwards", t0, t0 - 1)).rejects.toThrow(RangeError);
  });

  test("expired entries are forgotten a bounded number per claim, oldest first", async () => {
    for (let i = 0; i < 100; i++) await store.claimRequestId("tpp-A", `old-${String(i)}`, t0 + i);
    // One claim 8 days later removes some expired entries (at most a bounded number), never a live one.
    await store.claimRequestId("tpp-A", "fresh", t0 + 8 * day);
    expect(await store.claimRequestId("tpp-A", "fresh", t0 + 8 * day + 1)).toEqual({ firstUsedAt: t0 + 8 * day });
    expect(await store.claimRequestId("tpp-A", "old-99", t0 + 8 * day + 2)).toBeUndefined();
  });

  test("a time that is not epoch milliseconds is refused", async () => {
    await expectRejection(store.claimRequestId("tpp-A", "req-1", Number.NaN), /at must be epoch milliseconds/);
  });
});

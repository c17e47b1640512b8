import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ImportRefusedError, MAX_LISTED_PROBLEMS } from "./import-validation";
import { CURRENT_SCHEMA_VERSION, migrateExport, type ExportMigrationStep } from "./export-format";
import type { SandboxExport } from "./port";
import { adapterCases, type TestStore } from "./adapters.test-helpers";
import { account, contentsOf, customer, expectRejection, sampleExport, sampleStores, transaction } from "./store.test-helpers";

/** A sample export with one value changed by `edit` (on a deep copy). */
function edited(edit: (data: SandboxExport & Record<string, unknown>) => void): unknown {
  const data = structuredClone(sampleExport()) as SandboxExport & Record<string, unknown>;
  edit(data);
  return data;
}

describe.each(adapterCases)("%s", (_name, adapter) => {
  let store: TestStore;
  beforeEach(async () => {
    store = await adapter.fresh();
  });
  afterEach(async () => {
    await store.dispose();
  });

  describe("exportAll and importAll", () => {
    test("export → import → export gives the same stores", async () => {
      await store.importAll(sampleExport());
      const first = await store.exportAll();
      expect(first.format).toBe("psd2-sandbox-export");
      expect(first.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
      expect(Date.parse(first.exportedAt)).not.toBeNaN();
      expect(JSON.parse(JSON.stringify(first))).toEqual(first);

      const other = await adapter.fresh();
      await other.importAll(JSON.parse(JSON.stringify(first)));
      expect(await contentsOf(other)).toEqual(first.stores);
      await other.dispose();
    });

    test("data written through the port round-trips too", async () => {
      await store.write(async (tx) => {
        await tx.putCustomer(customer(1));
        await tx.putAccount(account(1, customer(1).customerNumber, { transactionCount: 1 }));
        await tx.addTransaction(transaction("acc-1", "t1", "2026-02-01"));
        await tx.putMeta("batchTimes", ["07:00"]);
      });
      const data = await store.exportAll();
      await store.clear();
      await store.importAll(data);
      expect(await contentsOf(store)).toEqual(data.stores);
      expect((await store.write((tx) => tx.addTransaction(transaction("acc-1", "t2", "2026-02-02")))).seq).toBe(1);
    });

    test("a settled payment with its debit and credit, each of its instructed amount, imports as it is", async () => {
      const data = edited((data) => {
        Object.assign(data.stores.payments[0]!, { transactionStatus: "ACSC", transactionIds: ["t1", "t1"], creditorAccountId: "acc-2" });
        Object.assign(data.stores.transactions[0]!, { paymentId: "p1", amount: -125_000 });
        Object.assign(data.stores.transactions[2]!, { paymentId: "p1", amount: 125_000 });
      }) as SandboxExport;
      await store.importAll(data);
      expect((await contentsOf(store)).payments[0]).toMatchObject({ transactionStatus: "ACSC", transactionIds: ["t1", "t1"] });
    });

    test("import replaces everything that was there", async () => {
      await store.write((tx) => tx.putCustomer(customer(77)));
      await store.importAll(sampleExport());
      expect(await store.read((tx) => tx.customer(customer(77).customerNumber))).toBeUndefined();
      expect(await contentsOf(store)).toEqual(sampleStores());
    });

    test("a file without nextSeq gets one above every transaction's seq", async () => {
      await store.importAll(
        edited((data) => {
          data.stores.meta = data.stores.meta.filter((entry) => entry.key !== "nextSeq");
        }),
      );
      expect(await store.read((tx) => tx.meta("nextSeq"))).toBe(3);
    });

    test("an older schemaVersion is rewritten by the export migrations", () => {
      const rename: ExportMigrationStep = {
        version: 2,
        upgrade: (stores) => ({ ...stores, customers: (stores.people as unknown[]).map((item) => item), people: undefined }),
      };
      const migrated = migrateExport({ people: [customer(1)] }, 1, [rename]);
      expect(migrated.customers).toEqual([customer(1)]);
      expect(migrateExport({ people: [] }, 2, [rename])).toEqual({ people: [] });
    });
  });

  describe("importAll refuses bad data, names the problem and changes nothing", () => {
    const cases: { name: string; data: unknown; message: RegExp }[] = [
      { name: "not an object", data: "hello", message: /expected an export object .* got string "hello"/ },
      { name: "null", data: null, message: /got null/ },
      { name: "an array", data: [], message: /got an array/ },
      {
        name: "wrong format",
        data: edited((data) => {
          data.format = "csv" as never;
        }),
        message: /^Import: format: "csv" is not a sandbox export; expected "psd2-sandbox-export"/,
      },
      {
        name: "newer schemaVersion",
        data: edited((data) => {
          data.schemaVersion = CURRENT_SCHEMA_VERSION + 1;
        }),
        message: new RegExp(
          `schemaVersion: the file has schema version ${String(CURRENT_SCHEMA_VERSION + 1)}, newer than this sandbox's ${String(CURRENT_SCHEMA_VERSION)}`,
        ),
      },
      {
        name: "schemaVersion not a version",
        data: edited((data) => {
          data.schemaVersion = "1" as never;
        }),
        message: /schemaVersion: "1" is not a schema version/,
      },
      {
        name: "stores missing",
        data: edited((data) => {
          data.stores = undefined as never;
        }),
        message: /stores: expected an object/,
      },
      {
        name: "a store missing",
        data: edited((data) => {
          data.stores.baskets = undefined as never;
        }),
        message: /stores\.baskets: expected an array/,
      },
      {
        name: "an unknown store",
        data: edited((data) => {
          (data.stores as Record<string, unknown>).people = [];
        }),
        message: /stores\.people: not a store of this sandbox/,
      },
      {
        name: "a record with a bad field",
        data: edited((data) => {
          (data.stores.accounts[1]!.balances[0]!.balanceAmount as { currency: string }).currency = "XXX";
        }),
        message: /^Import: stores\.accounts\[1\]\.balances\[0\]\.balanceAmount\.currency: .*XXX/,
      },
      {
        name: "a record missing a field",
        data: edited((data) => {
          Reflect.deleteProperty(data.stores.transactions[2]!, "seq");
        }),
        message: /stores\.transactions\[2\]\.seq: /,
      },
      {
        name: "a payment of an unknown product",
        data: edited((data) => {
          (data.stores.payments[0] as { product: string }).product = "bulk";
        }),
        message: /stores\.payments\[0\]\.product: /,
      },
      {
        name: "a record that is not an object",
        data: edited((data) => {
          (data.stores.customers as unknown[])[0] = 5;
        }),
        message: /stores\.customers\[0\]: /,
      },
      {
        name: "an unknown meta key",
        data: edited((data) => {
          data.stores.meta.push({ key: "theme" as never, value: "dark" });
        }),
        message: /stores\.meta\[5\]\.key: unknown meta key "theme"; known keys: clockOffsetMs/,
      },
      {
        name: "a bad meta value",
        data: edited((data) => {
          data.stores.meta[3]!.value = "06:00";
        }),
        message: /stores\.meta\[3\]\.value: /,
      },
      {
        name: "a duplicate bban",
        data: edited((data) => {
          data.stores.accounts[2]!.bban = data.stores.accounts[0]!.bban;
        }),
        message: /stores\.accounts\[2\]: bban "12345670001" is already used by stores\.accounts\[0\]/,
      },
      {
        name: "a duplicate transaction",
        data: edited((data) => {
          data.stores.transactions[1]!.id = "t1";
        }),
        message: /stores\.transactions\[1\]: \[accountId, id\] \["acc-1","t1"\] is already used by stores\.transactions\[0\]/,
      },
      {
        name: "a nextSeq already taken",
        data: edited((data) => {
          data.stores.meta[4]!.value = 2;
        }),
        message: /stores\.meta\[4\]\.value: nextSeq 2 must be greater than every transaction's seq \(the largest is 2\)/,
      },
      // Consistency: each record is valid, but they do not fit together.
      {
        name: "a payment's debtor account missing",
        data: edited((data) => {
          data.stores.payments[0]!.debtorAccountId = "acc-9";
        }),
        message: /^Import: stores\.payments\[0\]\.debtorAccountId: The debtor account "acc-9" is not in the file/,
      },
      {
        name: "an account's owner missing",
        data: edited((data) => {
          data.stores.accounts[0]!.customerNumber = "01011999999";
        }),
        message: /stores\.accounts\[0\]\.customerNumber: The owner, customer "01011999999" is not in the file/,
      },
      {
        name: "an agreement's account missing",
        data: edited((data) => {
          data.stores.agreements[0]!.accountIds.push("acc-9");
        }),
        message: /stores\.agreements\[0\]\.accountIds\[1\]: Account "acc-9"/,
      },
      {
        name: "a basket's payment missing",
        data: edited((data) => {
          data.stores.baskets[0]!.paymentIds = ["p9"];
        }),
        message: /stores\.baskets\[0\]\.paymentIds\[0\]: Payment "p9"/,
      },
      {
        name: "a payment's basket missing",
        data: edited((data) => {
          data.stores.payments[0]!.basketId = "b9";
        }),
        message: /stores\.payments\[0\]\.basketId: The signing basket "b9"/,
      },
      {
        name: "a payment's PSU missing",
        data: edited((data) => {
          data.stores.payments[1]!.psuId = "00000000-0000-4000-8000-000000000099";
        }),
        message: /stores\.payments\[1\]\.psuId: The PSU/,
      },
      {
        name: "a transaction's account missing",
        data: edited((data) => {
          data.stores.transactions[0]!.accountId = "acc-9";
        }),
        message: /stores\.transactions\[0\]\.accountId: The account "acc-9"/,
      },
      {
        name: "a transaction's payment missing",
        data: edited((data) => {
          data.stores.transactions[0]!.paymentId = "p9";
        }),
        message: /stores\.transactions\[0\]\.paymentId: The payment "p9"/,
      },
      {
        name: "a transactionCount out of step",
        data: edited((data) => {
          data.stores.accounts[0]!.transactionCount = 5;
        }),
        message: /stores\.accounts\[0\]\.transactionCount: 5, but the file holds 2 transactions of account acc-1/,
      },
      // Balances and transactions that no booking made (import-bookings.ts, decision 0049).
      {
        name: "a balance in another currency than its account",
        data: edited((data) => {
          (data.stores.accounts[0]!.balances[0]!.balanceAmount as { currency: string }).currency = "EUR";
        }),
        message: /^Import: stores\.accounts\[0\]\.balances\[0\]\.balanceAmount\.currency: EUR, but account acc-1 is held in NOK, .* give the balance in NOK/,
      },
      {
        name: "a transaction in another currency than its account",
        data: edited((data) => {
          (data.stores.transactions[1] as { currency: string }).currency = "SEK";
        }),
        message: /^Import: stores\.transactions\[1\]\.currency: SEK, but account acc-1 is held in NOK: a booking is in its account's currency/,
      },
      {
        name: "a transaction booked for a payment that was never settled",
        data: edited((data) => {
          data.stores.transactions[0]!.paymentId = "p1";
        }),
        message:
          /^Import: stores\.transactions\[0\]\.paymentId: payment p1 is ACTC, not booked \(only a settled payment, ACSC, has bookings\): remove the paymentId/,
      },
      {
        name: "a settled payment's debit of another amount",
        data: edited((data) => {
          Object.assign(data.stores.payments[0]!, { transactionStatus: "ACSC", transactionIds: ["t1"] });
          data.stores.transactions[0]!.paymentId = "p1";
        }),
        message:
          /^Import: stores\.transactions\[0\]\.amount: -12550, but payment p1's debit on account acc-1 is -125000 \(-1250\.00 NOK, its instructed amount, in minor units\)/,
      },
      {
        name: "a settled payment's debit on another account",
        data: edited((data) => {
          Object.assign(data.stores.payments[0]!, { transactionStatus: "ACSC", transactionIds: ["t1"] });
          data.stores.transactions[2]!.paymentId = "p1";
        }),
        message: /^Import: stores\.transactions\[2\]\.accountId: acc-2, but payment p1's bookings are its debit on account acc-1/,
      },
      {
        name: "a settled payment listing a booking the file does not hold",
        data: edited((data) => {
          Object.assign(data.stores.payments[0]!, { transactionStatus: "ACSC", transactionIds: ["t9"] });
        }),
        message: /^Import: stores\.payments\[0\]\.transactionIds\[0\]: t9, its debit, is not in the file as a transaction of account acc-1 naming this payment/,
      },
      {
        name: "a negative clock offset (it put the sandbox before real time, where expired certificates are valid)",
        data: edited((data) => {
          data.stores.meta[1]!.value = -1;
        }),
        message: /^Import: stores\.meta\[1\]\.value: The sandbox clock never runs behind real time \(it only moves forward\): the clock offset is 0 or more/,
      },
      // Ranges the clock and the counters allow.
      {
        name: "a clock offset of 9e15 ms",
        data: edited((data) => {
          data.stores.meta[1]!.value = 9e15;
        }),
        message: /stores\.meta\[1\]\.value: Must be at most 3153600000000/,
      },
      {
        name: "a seq of 2^53 - 1",
        data: edited((data) => {
          data.stores.transactions[1]!.seq = 2 ** 53 - 1;
        }),
        message: /stores\.transactions\[1\]\.seq: Must be at most 1099511627776/,
      },
      {
        name: "an instant past 2200",
        data: edited((data) => {
          data.stores.meta[3]!.value = 8.64e15;
        }),
        message: /stores\.meta\[3\]\.value: Must be at most/,
      },
      {
        name: "a balance beyond exact minor units",
        data: edited((data) => {
          data.stores.accounts[0]!.balances[0]!.balanceAmount.amount = 1e20;
        }),
        message: /stores\.accounts\[0\]\.balances\[0\]\.balanceAmount\.amount: Must be at most 10000000000/,
      },
      {
        name: "a single payment too large to book",
        data: edited((data) => {
          data.stores.payments[0]!.request.instructedAmount.amount = "30000000.00";
        }),
        message: /stores\.payments\[0\]\.request\.instructedAmount\.amount: 30000000\.00 NOK does not fit a booking/,
      },
    ];

    test.each(cases)("$name", async ({ data, message }) => {
      await store.write((tx) => tx.putCustomer(customer(42)));
      const before = await contentsOf(store);
      const listener = vi.fn();
      store.onCommit(listener);
      await expectRejection(store.importAll(data), message);
      expect(await contentsOf(store)).toEqual(before);
      expect(listener).not.toHaveBeenCalled();
    });
  });

  describe("a refused import lists every problem found, each with its path", () => {
    test("three unrelated problems: all three, in store order", async () => {
      const data = edited((data) => {
        data.stores.accounts[0]!.transactionCount = 7;
        data.stores.payments[0]!.debtorAccountId = "acc-9";
        data.stores.transactions[2]!.paymentId = "p9";
      });
      const error = await expectRejection(store.importAll(data), /^Import: stores\.payments\[0\]\.debtorAccountId: .* \(and 2 more problems\)$/);
      if (!(error instanceof ImportRefusedError)) throw new Error("expected an ImportRefusedError");
      expect(error.problems.map((problem) => problem.where)).toEqual([
        "stores.payments[0].debtorAccountId",
        "stores.transactions[2].paymentId",
        "stores.accounts[0].transactionCount",
      ]);
    });
    test("bad records are each reported once; the count goes on past the listed ones", async () => {
      const data = edited((data) => {
        data.stores.transactions = Array.from({ length: 250 }, (_, index) => ({ ...data.stores.transactions[0]!, seq: -index - 1 }));
      });
      const error = await expectRejection(store.importAll(data), /and 249 more problems/);
      if (!(error instanceof ImportRefusedError)) throw new Error("expected an ImportRefusedError");
      expect(error.total).toBe(250);
      expect(error.problems).toHaveLength(MAX_LISTED_PROBLEMS);
      expect(error.problems[1]).toEqual({ where: "stores.transactions[1].seq", problem: expect.stringMatching(/at least 0/) as string });
    });
  });
});

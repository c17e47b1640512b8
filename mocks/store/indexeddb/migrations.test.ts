import type { IDBPDatabase } from "idb";
import { describe, expect, test } from "vitest";
import { openSandboxStore, sandboxStoreOn } from "./indexeddb-store";
import { CURRENT_SCHEMA_VERSION } from "../export-format";
import { checkSteps, migrations, versionOf, type MigrationStep } from "./migrations";
import { checkUpgrades, freshDatabase, seedByStoreName, type VersionFixture } from "./migrations.test-helpers";
import { deleteDatabase, openDatabase } from "./open-database";
import type { SandboxExport } from "../port";
import { DUE_STATUSES, type AccountRecord, type PaymentRecord, type SinglePaymentRecord, type TransactionRecord } from "../records";
import { idBucketsV3 } from "./id-buckets-v3";
import { layout, type SandboxDB } from "./schema";
import { layoutOf as blockLayoutOf } from "./transaction-blocks";
import { dayOf, expectRejection, freshName, newestFirst, periodicPayment, sampleStores, singlePayment, transaction } from "../store.test-helpers";

/** Version 1: the sandbox's data, before the replay guard's store existed. Version 2 keeps it as it is. */
const versionOneData: VersionFixture = {
  version: 1,
  seed: (db) => seedByStoreName(db, sampleStores()),
  expected: sampleStores(),
};

/** Version 2: the same stores (transactions one record each); version 3 moves the transactions into blocks. */
const versionTwoData: VersionFixture = {
  version: 2,
  seed: (db) => seedByStoreName(db, sampleStores()),
  expected: sampleStores(),
};

/** Writes the stores as version 3 kept them: transactions in blocks of 256, their ids in one Map per bucket. */
async function seedVersionThree(db: IDBPDatabase, stores: SandboxExport["stores"]): Promise<void> {
  const { transactions, ...rest } = stores;
  await seedByStoreName(db, rest);
  const tx = db.transaction(["transactionBlocks", "transactionIds"], "readwrite");
  await Promise.all([
    ...blockLayoutOf(transactions, 256).blocks.map((block) => tx.objectStore("transactionBlocks").add(block.items, block.key)),
    ...idBucketsV3(transactions).map((bucket) => tx.objectStore("transactionIds").add(bucket.positions, bucket.key)),
    tx.done,
  ]);
}

/** Version 3: transactions in blocks with whole id buckets; version 4 splits the buckets into parts. */
const versionThreeData: VersionFixture = {
  version: 3,
  seed: (db) => seedVersionThree(db, sampleStores()),
  expected: sampleStores(),
};

/** A payment as version 4 stored it: `dueKey` [executionDate, createdAt] while a single payment is ACTC or PDNG. */
const storedAtVersionFour = (payment: PaymentRecord) =>
  payment.product === "single" && (payment.transactionStatus === "ACTC" || payment.transactionStatus === "PDNG")
    ? { ...payment, dueKey: [payment.executionDate, payment.createdAt] }
    : payment;

/** Writes the stores as version 4 kept them: transactions in blocks with ids in parts, one record per payment. */
async function seedVersionFour(db: IDBPDatabase, stores: SandboxExport["stores"]): Promise<void> {
  const { transactions, payments, ...rest } = stores;
  await seedByStoreName(db, { ...rest, payments: payments.map(storedAtVersionFour) });
  const { blocks, ids } = blockLayoutOf(transactions, 256);
  const tx = db.transaction(["transactionBlocks", "transactionIds"], "readwrite");
  await Promise.all([
    ...blocks.map((block) => tx.objectStore("transactionBlocks").add(block.items, block.key)),
    ...ids.map(({ key, part }) => tx.objectStore("transactionIds").add(part, key)),
    tx.done,
  ]);
}

/** Version 4: payments one record each, with the sparse due index; version 5 moves them into blocks. */
const versionFourData: VersionFixture = {
  version: 4,
  seed: (db) => seedVersionFour(db, sampleStores()),
  expected: sampleStores(),
};

/** Version 5: payments in blocks, as the store writes them today; version 6 adds the traffic record beside them. */
const versionFiveData: VersionFixture = {
  version: 5,
  seed: (db) => sandboxStoreOn(db as unknown as IDBPDatabase<SandboxDB>).restore(sampleStores()),
  expected: sampleStores(),
};

/**
 * One fixture per version below the current one, each valid at its version. Adding version N
 * means adding its step to migrations.ts and, here, a fixture of version N − 1.
 */
const fixtures: VersionFixture[] = [freshDatabase, versionOneData, versionTwoData, versionThreeData, versionFourData, versionFiveData];

describe("migrations tested from each earlier version", () => {
  test(`every version from 0 to ${String(CURRENT_SCHEMA_VERSION - 1)} upgrades to ${String(CURRENT_SCHEMA_VERSION)} with its data and indexes intact`, async () => {
    const tested = await checkUpgrades({ steps: migrations, fixtures, layout, open: (name) => openSandboxStore({ name }) });
    expect(tested).toEqual(Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, v) => v));
  });

  test("the database's version is the data's, which export files and the sandbox info name", () => {
    expect(versionOf(migrations)).toBe(CURRENT_SCHEMA_VERSION);
  });

  test("steps are numbered 1, 2, 3, … without gaps", () => {
    expect(() => {
      checkSteps(migrations);
    }).not.toThrow();
    expect(() => {
      checkSteps([{ version: 1 }, { version: 3 }]);
    }).toThrow(/has version 3; expected 2/);
  });
});

describe("version 2: the replay guard's store", () => {
  test("a database upgraded from version 1 keeps its data, and its request ids start empty and work", async () => {
    const name = freshName();
    const old = await openDatabase({ name, steps: migrations.slice(0, 1) });
    await versionOneData.seed(old);
    old.close();
    const store = await openSandboxStore({ name });
    expect((await store.exportAll()).stores).toEqual(sampleStores());
    expect(await store.claimRequestId("tpp", "id-1", 1_000)).toBeUndefined();
    expect(await store.claimRequestId("tpp", "id-1", 2_000)).toEqual({ firstUsedAt: 1_000 });
    store.close();
    await deleteDatabase(name);
  });
});

describe("version 3: transactions in blocks", () => {
  test("a version-2 database with many transactions, booked out of order, keeps every one: pages, counts, lookups by id, and new bookings", async () => {
    const name = freshName();
    const old = await openDatabase({ name, steps: migrations.slice(0, 2) });
    // 700 on two accounts: several blocks of the released size (256) each, dates not in seq order.
    const transactions = Array.from({ length: 700 }, (_, seq): TransactionRecord => ({
      ...transaction(seq % 2 ? "acc-B" : "acc-A", `t${String(seq)}`, dayOf((seq * 37) % 60)),
      seq,
    }));
    await seedByStoreName(old, { transactions, meta: [{ key: "nextSeq", value: 700 }] });
    old.close();
    const store = await openSandboxStore({ name });
    await store.read(async (tx) => {
      for (const accountId of ["acc-A", "acc-B"]) {
        const list = transactions.filter((item) => item.accountId === accountId).sort(newestFirst);
        expect((await tx.transactionPage({ accountId, limit: 1000 })).items).toEqual(list);
        expect((await tx.transactionPage({ accountId, limit: 50, offset: 300 })).items).toEqual(list.slice(300, 350));
        expect(await tx.transactionCount(accountId, dayOf(10), dayOf(20))).toBe(
          list.filter((item) => item.bookingDate >= dayOf(10) && item.bookingDate <= dayOf(20)).length,
        );
      }
      for (const item of transactions.filter((_, index) => index % 50 === 0)) expect(await tx.transaction(item.accountId, item.id)).toEqual(item);
    });
    expect((await store.write((tx) => tx.addTransaction(transaction("acc-A", "new", dayOf(5))))).seq).toBe(700);
    await expectRejection(
      store.write((tx) => tx.addTransaction(transaction("acc-A", "t0", dayOf(5)))),
      /addTransaction: ConstraintError/,
    );
    expect((await store.exportAll()).stores.transactions).toHaveLength(701);
    store.close();
    await deleteDatabase(name);
  });
});

describe("version 4: id buckets in parts", () => {
  test("a version-3 database keeps every id: lookups, the uniqueness of ids, and new bookings in new parts", async () => {
    const name = freshName();
    const old = await openDatabase({ name, steps: migrations.slice(0, 3) });
    const transactions = Array.from({ length: 700 }, (_, seq): TransactionRecord => ({
      ...transaction(seq % 2 ? "acc-B" : "acc-A", `t${String(seq)}`, dayOf((seq * 37) % 60)),
      seq,
    }));
    await seedVersionThree(old, { ...sampleStores(), transactions, meta: [{ key: "nextSeq", value: 700 }] });
    old.close();
    const store = await openSandboxStore({ name });
    await store.read(async (tx) => {
      for (const item of transactions.filter((_, index) => index % 7 === 0)) expect(await tx.transaction(item.accountId, item.id)).toEqual(item);
      expect(await tx.transaction("acc-A", "t1")).toBeUndefined(); // t1 is acc-B's
    });
    await expectRejection(
      store.write((tx) => tx.addTransaction(transaction("acc-B", "t1", dayOf(5)))),
      /addTransaction: ConstraintError/,
    );
    const added = await store.write((tx) =>
      Promise.all(Array.from({ length: 40 }, (_, index) => tx.addTransaction(transaction("acc-A", `n${String(index)}`, dayOf(70))))),
    );
    await store.read(async (tx) => {
      for (const item of [...added, ...transactions.slice(0, 20)]) expect(await tx.transaction(item.accountId, item.id)).toEqual(item);
    });
    expect((await store.exportAll()).stores.transactions).toHaveLength(740);
    store.close();

    const raw = await openDatabase<SandboxDB>({ name });
    const keys = await raw.getAllKeys("transactionIds");
    raw.close();
    await deleteDatabase(name);
    // Each version-3 bucket became part 0 of the same bucket (some 22 ids each, below the part size,
    // so the new ids joined them there); no key of version 3's shape is left.
    expect(keys.filter((key) => key[0] === "acc-A")).toEqual(Array.from({ length: 16 }, (_, bucket) => ["acc-A", bucket, 0]));
    expect(keys.every((key) => (key as unknown[]).length === 3)).toBe(true);
  });
});

describe("version 5: payments in blocks", () => {
  test("a version-4 database with many payments keeps every one: by id, newest first, due in batch order, re-read, put again, and new ones", async () => {
    const name = freshName();
    const old = await openDatabase({ name, steps: migrations.slice(0, 4) });
    // 300 payments: several blocks of the released size (32); created out of id order, some sharing a
    // createdAt; statuses and execution dates mixed, so some are due and some not.
    const statuses = ["ACTC", "PDNG", "ACSC", "RJCT", "RCVD", "CANC"] as const;
    const payments = Array.from({ length: 300 }, (_, index): PaymentRecord => {
      const paymentId = `pay-${String((index * 7919) % 1000).padStart(4, "0")}`;
      const createdAt = 1_700_000_000_000 + Math.floor(index / 2) * 1000;
      return index % 10 === 9
        ? periodicPayment(paymentId, createdAt)
        : singlePayment(paymentId, dayOf(index % 30), { createdAt, transactionStatus: statuses[index % statuses.length] });
    });
    await seedVersionFour(old, { ...sampleStores(), payments });
    old.close();

    const store = await openSandboxStore({ name });
    const byPaymentId = (a: PaymentRecord, b: PaymentRecord) => (a.paymentId < b.paymentId ? -1 : 1);
    const newest = [...payments].sort((a, b) => b.createdAt - a.createdAt || (a.paymentId < b.paymentId ? 1 : -1));
    const dueBy = (date: string) =>
      payments
        .filter((item): item is SinglePaymentRecord => item.product === "single" && DUE_STATUSES.includes(item.transactionStatus) && item.executionDate <= date)
        .sort((a, b) => a.executionDate.localeCompare(b.executionDate) || a.createdAt - b.createdAt || (a.paymentId < b.paymentId ? -1 : 1));
    await store.read(async (tx) => {
      for (const item of payments.filter((_, index) => index % 7 === 0)) expect(await tx.payment(item.paymentId)).toEqual(item);
      expect(await tx.payment("pay-missing")).toBeUndefined();
      expect(await tx.payments(150)).toEqual(newest.slice(0, 150));
      expect(await tx.duePayments(DUE_STATUSES, dayOf(12))).toEqual(dueBy(dayOf(12)));
      const chunk = dueBy(dayOf(29)).slice(20, 90);
      expect(await tx.paymentsAgain(chunk)).toEqual(chunk);
    });
    const [settled, ...others] = dueBy(dayOf(29));
    if (!settled) throw new Error("the fixture has due payments");
    const added = singlePayment("pay-new", dayOf(1), { createdAt: 1_800_000_000_000 });
    await store.write(async (tx) => {
      await tx.putPayment({ ...settled, transactionStatus: "ACSC" });
      await tx.putPayment(added);
    });
    await store.read(async (tx) => {
      expect(await tx.payment(settled.paymentId)).toEqual({ ...settled, transactionStatus: "ACSC" });
      expect(await tx.duePayments(DUE_STATUSES, dayOf(29))).toEqual([
        ...others.filter((item) => item.executionDate <= dayOf(1)),
        added,
        ...others.filter((item) => item.executionDate > dayOf(1)),
      ]);
      expect((await tx.payments(1))[0]).toEqual(added);
    });
    expect((await store.exportAll()).stores.payments).toHaveLength(301);
    store.close();

    const raw = await openDatabase<SandboxDB>({ name });
    const blocks = await raw.getAll("paymentBlocks");
    const stores = [...raw.objectStoreNames];
    raw.close();
    await deleteDatabase(name);
    expect(stores).not.toContain("payments");
    expect(blocks.map((block) => block.length).slice(0, 9)).toEqual(Array.from({ length: 9 }, () => 32)); // 301 in blocks of 32: 9 full, the rest in the last
    expect(blocks.flat().sort(byPaymentId)).toEqual(
      [...payments.filter((item) => item !== settled), { ...settled, transactionStatus: "ACSC" } as PaymentRecord, added].sort(byPaymentId),
    );
  });
});

describe("the harness, proved on a test-only next version over the current one", () => {
  /** The next version of this test: a new index on accounts, and a data step that rewrites them. */
  const next = CURRENT_SCHEMA_VERSION + 1;
  const stepNext: MigrationStep = {
    version: next,
    async upgrade(_db, tx) {
      tx.objectStore("accounts").createIndex("currency", "currency");
      for (let cursor = await tx.objectStore("accounts").openCursor(); cursor; cursor = await cursor.continue()) {
        const account = cursor.value as AccountRecord;
        if (account.product === undefined) await cursor.update({ ...account, product: "Brukskonto" });
      }
    },
  };
  const steps = [...migrations, stepNext];
  const layoutNext = layout.map((store) =>
    store.name === "accounts" ? { ...store, indexes: [...store.indexes, { name: "currency", keyPath: "currency", unique: false }] } : store,
  );
  const withProduct = (stores: SandboxExport["stores"]) => ({ ...stores, accounts: stores.accounts.map((account) => ({ ...account, product: "Brukskonto" })) });
  const currentData: VersionFixture = {
    version: CURRENT_SCHEMA_VERSION,
    seed: (db) => sandboxStoreOn(db as IDBPDatabase<SandboxDB>).restore(sampleStores()),
    expected: withProduct(sampleStores()),
  };
  const fixturesNext = [...fixtures.map((fixture) => (fixture.version === 0 ? fixture : { ...fixture, expected: withProduct(fixture.expected) })), currentData];
  const open = async (name: string) => sandboxStoreOn(await openDatabase<SandboxDB>({ name, steps }));

  test("databases of every version, with data, and a fresh one, upgrade to the next", async () => {
    expect(await checkUpgrades({ steps, fixtures: fixturesNext, layout: layoutNext, open })).toEqual(Array.from({ length: next }, (_, v) => v));
  });

  test("the harness insists on a fixture for every earlier version", async () => {
    await expect(checkUpgrades({ steps, fixtures: [freshDatabase], layout: layoutNext, open })).rejects.toThrow(/one fixture for each version/);
  });

  test("a failing step leaves the database at its old version, data intact", async () => {
    const name = freshName();
    const one = await openSandboxStore({ name });
    await one.importAll({ format: "psd2-sandbox-export", schemaVersion: 1, exportedAt: "", stores: sampleStores() });
    one.close();
    const broken: MigrationStep = {
      version: CURRENT_SCHEMA_VERSION + 1,
      upgrade() {
        throw new Error("the next step is broken");
      },
    };
    await expectRejection(openDatabase({ name, steps: [...migrations, broken] }), /Upgrading the sandbox database ".*" failed: Error: the next step is broken/);
    const again = await openSandboxStore({ name });
    expect((await again.exportAll()).stores).toEqual(sampleStores());
    again.close();
    await deleteDatabase(name);
  });
});

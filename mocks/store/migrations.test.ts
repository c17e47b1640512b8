import { describe, expect, test } from "vitest";
import { openSandboxStore, sandboxStoreOn } from "./indexeddb-store";
import { checkSteps, CURRENT_SCHEMA_VERSION, migrations, type MigrationStep } from "./migrations";
import { checkUpgrades, freshDatabase, seedByStoreName, type VersionFixture } from "./migrations.test-helpers";
import { deleteDatabase, openDatabase } from "./open-database";
import type { AccountRecord } from "./records";
import { layout, type SandboxDB } from "./schema";
import { expectRejection, freshName, sampleStores } from "./store.test-helpers";

/** Version 1: the sandbox's data, before the replay guard's store existed. Version 2 keeps it as it is. */
const versionOneData: VersionFixture = {
  version: 1,
  seed: (db) => seedByStoreName(db, sampleStores()),
  expected: sampleStores(),
};

/**
 * One fixture per version below the current one, each valid at its version. Adding version N
 * means adding its step to migrations.ts and, here, a fixture of version N − 1.
 */
const fixtures: VersionFixture[] = [freshDatabase, versionOneData];

describe("migrations tested from each earlier version", () => {
  test(`every version from 0 to ${String(CURRENT_SCHEMA_VERSION - 1)} upgrades to ${String(CURRENT_SCHEMA_VERSION)} with its data and indexes intact`, async () => {
    const tested = await checkUpgrades({ steps: migrations, fixtures, layout, open: (name) => openSandboxStore({ name }) });
    expect(tested).toEqual(Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, v) => v));
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

describe("the harness, proved on a test-only version 2 over version 1", () => {
  /** Version 2 of this test: a new index on payments, and a data step that rewrites accounts. */
  const stepTwo: MigrationStep = {
    version: 2,
    async upgrade(_db, tx) {
      tx.objectStore("payments").createIndex("debtorAccountId", "debtorAccountId");
      for (let cursor = await tx.objectStore("accounts").openCursor(); cursor; cursor = await cursor.continue()) {
        const account = cursor.value as AccountRecord;
        if (account.product === undefined) await cursor.update({ ...account, product: "Brukskonto" });
      }
    },
  };
  const steps = [...migrations.slice(0, 1), stepTwo];
  const layoutTwo = layout.filter((store) => store.name !== "requestIds").map((store) =>
    store.name === "payments" ? { ...store, indexes: [...store.indexes, { name: "debtorAccountId", keyPath: "debtorAccountId", unique: false }] } : store,
  );
  const versionOne: VersionFixture = {
    version: 1,
    seed: (db) => seedByStoreName(db, sampleStores()),
    expected: { ...sampleStores(), accounts: sampleStores().accounts.map((account) => ({ ...account, product: "Brukskonto" })) },
  };
  const open = async (name: string) => sandboxStoreOn(await openDatabase<SandboxDB>({ name, steps }));

  test("a version-1 database with data, and a fresh one, upgrade to version 2", async () => {
    expect(await checkUpgrades({ steps, fixtures: [freshDatabase, versionOne], layout: layoutTwo, open })).toEqual([0, 1]);
  });

  test("the harness insists on a fixture for every earlier version", async () => {
    await expect(checkUpgrades({ steps, fixtures: [freshDatabase], layout: layoutTwo, open })).rejects.toThrow(/one fixture for each version/);
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

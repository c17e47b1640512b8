import { afterEach, describe, expect, test } from "vitest";
import { account, customer, sampleExport } from "../store.test-helpers";
import { openSqliteStore, type SqliteSandboxStore } from "../sqlite/sqlite-store";

let stores: SqliteSandboxStore[] = [];
async function storeWith() {
  const store = await openSqliteStore();
  stores.push(store);
  const owner = customer(1);
  await store.write(async (tx) => {
    await tx.putCustomer(owner);
    await tx.putAccount(account(1, owner.customerNumber));
    await tx.putMeta("clockOffsetMs", 0);
  });
  return store;
}
afterEach(async () => {
  for (const store of stores) store.close();
  await Promise.all(stores.map((store) => store.closed()));
  stores = [];
});

const balanceOf = (record: { balances: { balanceAmount: { amount: number } }[] } | undefined) => record?.balances[0]?.balanceAmount.amount;
const withBalance = (amount: number) =>
  account(1, customer(1).customerNumber, { balances: [{ balanceType: "interimAvailable", balanceAmount: { amount, currency: "NOK" } }] });

describe("the SQLite store's cached rows (customers, accounts, meta) read as the database holds them", () => {
  test("a committed change is read by the next unit, whichever lookup it uses", async () => {
    const store = await storeWith();
    // Read once, so the rows are cached.
    await store.read(async (tx) => [await tx.accountByBban(account(1, "").bban), await tx.account("acc-1"), await tx.meta("clockOffsetMs")]);
    await store.write(async (tx) => {
      await tx.putAccount(withBalance(42));
      await tx.putMeta("clockOffsetMs", 3_600_000);
    });
    const [byBban, byId, offset] = await store.read(
      async (tx) => [await tx.accountByBban(account(1, "").bban), await tx.account("acc-1"), await tx.meta("clockOffsetMs")] as const,
    );
    expect([balanceOf(byBban), balanceOf(byId), offset]).toEqual([42, 42, 3_600_000]);
  });

  test("a write sees its own uncommitted change; a rolled-back change is never read afterwards", async () => {
    const store = await storeWith();
    await store.read((tx) => tx.account("acc-1"));
    const insideWrite = store.write(async (tx) => {
      await tx.putAccount(withBalance(7));
      const seen = balanceOf(await tx.account("acc-1"));
      throw new Error(`refused after seeing ${String(seen)}`);
    });
    await expect(insideWrite).rejects.toThrow("refused after seeing 7");
    expect(balanceOf(await store.read((tx) => tx.account("acc-1")))).toBe(1000.5);
  });

  test("a customer whose PSU id changes is found by the new id only", async () => {
    const store = await storeWith();
    const before = customer(1);
    expect((await store.read((tx) => tx.customerByPsuId(before.psuId)))?.customerNumber).toBe(before.customerNumber);
    await store.write((tx) => tx.putCustomer({ ...before, psuId: "new-psu-id" }));
    const [byOld, byNew] = await store.read(async (tx) => [await tx.customerByPsuId(before.psuId), await tx.customerByPsuId("new-psu-id")] as const);
    expect([byOld, byNew?.customerNumber]).toEqual([undefined, before.customerNumber]);
  });

  test("a row that did not exist is found once it is written", async () => {
    const store = await storeWith();
    expect(await store.read((tx) => tx.account("acc-2"))).toBeUndefined();
    await store.write((tx) => tx.putAccount(account(2, customer(1).customerNumber)));
    expect((await store.read((tx) => tx.account("acc-2")))?.resourceId).toBe("acc-2");
  });

  test("a caller that changes a record it read changes nobody else's", async () => {
    const store = await storeWith();
    const first = await store.read((tx) => tx.account("acc-1"));
    if (first?.balances[0]) first.balances[0].balanceAmount.amount = -1;
    expect(balanceOf(await store.read((tx) => tx.account("acc-1")))).toBe(1000.5);
  });

  test("an import and a clear replace what was cached", async () => {
    const store = await storeWith();
    await store.read((tx) => tx.account("acc-1"));
    const data = sampleExport();
    await store.importAll(data);
    const imported = data.stores.accounts[0];
    expect((await store.read((tx) => tx.account("acc-1")))?.accountName).toBe(data.stores.accounts.find((entry) => entry.resourceId === "acc-1")?.accountName);
    expect((await store.read((tx) => tx.account(imported?.resourceId ?? "")))?.resourceId).toBe(imported?.resourceId);
    await store.clear();
    expect(await store.read((tx) => tx.account(imported?.resourceId ?? ""))).toBeUndefined();
  });
});

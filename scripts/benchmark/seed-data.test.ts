import { afterEach, expect, test } from "vitest";
import { runBatchNow } from "../../mocks/batch/runner";
import { createSandbox } from "../../mocks/sandbox";
import { freshStore } from "../../mocks/store/store.test-helpers";
import { withDuePayments, withTransactions } from "./seed-data";

const AT = Date.parse("2026-03-05T09:00:00Z"); // a Thursday, 10:00 in Oslo
const stores: { dispose: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.dispose()));
});

async function seededSandbox() {
  const store = await freshStore();
  stores.push(store);
  const sandbox = await createSandbox({ store, seedIfNew: true, realNow: () => AT });
  return { sandbox, store, exported: await store.exportAll() };
}

// The benchmark seeds through POST /__sandbox/import: its data must pass the import's checks, or it measures a refusal.
test("an export grown by transactions imports, and the account lists them all", async () => {
  const { sandbox, store, exported } = await seededSandbox();
  const account = exported.stores.accounts[0];
  if (!account) throw new Error("no account");
  await store.importAll(withTransactions(exported, account.resourceId, 1500, "2026-03-05"));
  const page = await store.read((tx) => tx.transactionPage({ accountId: account.resourceId, limit: 200, offset: 300 }));
  expect(page.items).toHaveLength(200);
  expect(await store.read((tx) => tx.transactionCount(account.resourceId))).toBe(account.transactionCount + 1500);
  const created = await store.write((tx) => tx.addTransaction({ ...page.items[0]!, id: "after-import" }));
  expect(created.seq).toBeGreaterThan(Math.max(...page.items.map((item) => item.seq)));
  expect(sandbox.seeded).toBe(true);
});

test("an export grown by due payments imports, and one batch run settles them all", async () => {
  const { sandbox, store, exported } = await seededSandbox();
  const [debtor, creditor] = exported.stores.accounts;
  if (!debtor || !creditor) throw new Error("no accounts");
  await store.importAll(withDuePayments(exported, debtor.resourceId, creditor.resourceId, 300, "2026-03-05", AT - 60_000));
  const report = await runBatchNow(sandbox.env, AT);
  expect(report.settled).toHaveLength(300);
  expect(report.rejected).toEqual([]);
});

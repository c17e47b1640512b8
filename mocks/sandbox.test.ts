import { afterEach, describe, expect, test } from "vitest";
import { createSandbox } from "./sandbox";
import { freshStore } from "./store/store.test-helpers";

const stores: Awaited<ReturnType<typeof freshStore>>[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.dispose()));
});
async function store() {
  const made = await freshStore();
  stores.push(made);
  return made;
}
const customers = (sandbox: Awaited<ReturnType<typeof createSandbox>>) => sandbox.env.store.read((tx) => tx.customers());

describe("the data a sandbox starts with", () => {
  test("a brand-new sandbox gets the fixed data set, with its batch schedule, in one commit", async () => {
    const target = await store();
    let commits = 0;
    target.onCommit(() => {
      commits++;
    });
    const sandbox = await createSandbox({ store: target, seedIfNew: true });
    expect(sandbox.seeded).toBe(true);
    expect((await customers(sandbox)).length).toBeGreaterThan(0);
    expect(await target.read((tx) => tx.meta("lastBatchRunAt"))).toBeTypeOf("number");
    // Data and schedule were written together; a start cut short before that commit leaves the sandbox brand-new.
    expect(commits).toBe(1);
  });

  test("a sandbox that was used, or reset to empty, is left as it is; without seedIfNew nothing is added", async () => {
    const target = await store();
    const first = await createSandbox({ store: target });
    expect(first.seeded).toBe(false);
    expect(await customers(first)).toEqual([]);
    // The schedule has started: the sandbox has been used (this is what a reset leaves too).
    const again = await createSandbox({ store: target, seedIfNew: true });
    expect(again.seeded).toBe(false);
    expect(await customers(again)).toEqual([]);
  });
});

/**
 * What a request changed, as its traffic record lists it (decision 0055): committed writes only, a payment changed twice
 * is one change from its first status to its last, and the request's view of the store and of the environment reads and
 * writes the sandbox's own (a handler moving the clock moves the sandbox's).
 */
import { afterEach, expect, test } from "vitest";
import { ChangeNotes, watchChanges } from "./change-watch";
import { viewOf } from "./forwarding-view";
import { freshStore, singlePayment, uuid } from "./store.test-helpers";

let dispose: (() => Promise<void>) | undefined;
afterEach(async () => {
  await dispose?.();
  dispose = undefined;
});

async function watched() {
  const store = await freshStore();
  dispose = store.dispose;
  const notes = new ChangeNotes();
  return { store, notes, view: watchChanges(store, () => notes) };
}

test("a payment written twice in committed writes is one change from its first status to its last", async () => {
  const { store, notes, view } = await watched();
  await store.write((tx) => tx.putPayment(singlePayment(uuid(1), "2026-01-05", { transactionStatus: "RCVD" })));
  for (const status of ["ACTC", "ACSC"] as const)
    await view.write(async (tx) => {
      const payment = await tx.payment(uuid(1));
      if (payment) await tx.putPayment({ ...payment, transactionStatus: status });
    });
  expect(notes.list()).toEqual([{ kind: "payment", id: uuid(1), from: "RCVD", to: "ACSC" }]);
  expect((await store.read((tx) => tx.payment(uuid(1))))?.transactionStatus).toBe("ACSC");
});

test("a write that rolls back notes nothing, and the store's other members are the store's own", async () => {
  const { store, notes, view } = await watched();
  const refused = view.write(async (tx) => {
    await tx.putPayment(singlePayment(uuid(2), "2026-01-05"));
    throw new Error("refused after the put");
  });
  await expect(refused).rejects.toThrow("refused after the put");
  expect(notes.list()).toEqual([]);
  expect(await view.read((tx) => tx.payment(uuid(2)))).toBeUndefined();
  await view.write((tx) => tx.putMeta("clockOffsetMs", 60_000));
  expect(notes.list()).toEqual([{ kind: "clock", to: "moved" }]);
  expect(await store.read((tx) => tx.meta("clockOffsetMs"))).toBe(60_000);
});

test("a request's view of an object reads and writes the object's own members, its own members aside", () => {
  const sandbox = { lastClockOffsetMs: 0, store: "the sandbox's", offset: () => sandbox.lastClockOffsetMs };
  const first = viewOf(sandbox, { store: "the request's" });
  const second = viewOf(sandbox, { store: "another request's" });
  first.lastClockOffsetMs = 5;
  expect([sandbox.lastClockOffsetMs, second.lastClockOffsetMs, second.offset()]).toEqual([5, 5, 5]);
  expect([first.store, second.store, sandbox.store]).toEqual(["the request's", "another request's", "the sandbox's"]);
  // The views of one object share their prototype (so a handler's property reads keep one shape).
  expect(Object.getPrototypeOf(first)).toBe(Object.getPrototypeOf(second));
});

test("a write no request made (a scheduled batch run) is kept and noted nowhere", async () => {
  const store = await freshStore();
  dispose = store.dispose;
  const notes = new ChangeNotes();
  const request: { notes?: ChangeNotes } = {};
  const view = watchChanges(store, () => request.notes);
  await view.write((tx) => tx.putPayment(singlePayment(uuid(4), "2026-01-05", { transactionStatus: "RCVD" })));
  request.notes = notes;
  await view.write(async (tx) => {
    const payment = await tx.payment(uuid(4));
    if (payment) await tx.putPayment({ ...payment, transactionStatus: "ACTC" });
  });
  expect(notes.list()).toEqual([{ kind: "payment", id: uuid(4), from: "RCVD", to: "ACTC" }]);
  expect((await store.read((tx) => tx.payment(uuid(4))))?.transactionStatus).toBe("ACTC");
});

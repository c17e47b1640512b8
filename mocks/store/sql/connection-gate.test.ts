import { afterEach, expect, test, vi } from "vitest";
import { createGate } from "./connection-gate";

const refused = (why: string) => new Error(why);
afterEach(() => {
  vi.useRealTimers();
});

test("permits go to the first comers, then to the waiting in the order they came; a permit let go twice counts once", async () => {
  const gate = createGate({ permits: 2, maxWaiting: 10, waitMs: 60_000, refused });
  const [first, second] = await Promise.all([gate.enter(), gate.enter()]);
  const admitted: number[] = [];
  const waiting = [1, 2, 3].map((n) => gate.enter().then((leave) => (admitted.push(n), leave)));
  expect(gate.usage()).toEqual({ inside: 2, waiting: 3 });
  first();
  first();
  const one = await waiting[0];
  expect(admitted).toEqual([1]);
  expect(gate.usage()).toEqual({ inside: 2, waiting: 2 });
  second();
  one?.();
  await Promise.all(waiting);
  expect(admitted).toEqual([1, 2, 3]);
});

test("beyond the queue a caller is refused at once, and nothing waits for it", async () => {
  const gate = createGate({ permits: 1, maxWaiting: 2, waitMs: 60_000, refused });
  const leave = await gate.enter();
  const queued = [gate.enter(), gate.enter()] as const;
  await expect(gate.enter()).rejects.toThrow("queue-full");
  expect(gate.usage()).toEqual({ inside: 1, waiting: 2 });
  leave();
  (await queued[0])();
  (await queued[1])();
  expect(gate.usage()).toEqual({ inside: 0, waiting: 0 });
});

test("a caller that waits too long is refused and leaves the queue: the permit goes to the one behind it", async () => {
  vi.useFakeTimers();
  const gate = createGate({ permits: 1, maxWaiting: 5, waitMs: 5_000, refused });
  const leave = await gate.enter();
  const early = gate.enter();
  const outcome = early.then(
    () => "admitted",
    (error: unknown) => String(error),
  );
  await vi.advanceTimersByTimeAsync(3_000);
  const late = gate.enter();
  await vi.advanceTimersByTimeAsync(2_000);
  expect(await outcome).toBe("Error: waited-too-long");
  expect(gate.usage()).toEqual({ inside: 1, waiting: 1 });
  leave();
  (await late)();
  expect(gate.usage()).toEqual({ inside: 0, waiting: 0 });
});

test("a caller going on with work it has begun waits ahead of new ones, past a full queue and past the wait", async () => {
  vi.useFakeTimers();
  const gate = createGate({ permits: 1, maxWaiting: 1, waitMs: 5_000, refused });
  const leave = await gate.enter();
  const admitted: string[] = [];
  const fresh = gate.enter().then((next) => (admitted.push("new"), next));
  const goingOn = gate.enter(true).then((next) => (admitted.push("going on"), next));
  await expect(gate.enter()).rejects.toThrow("queue-full");
  await vi.advanceTimersByTimeAsync(4_000);
  leave();
  (await goingOn)();
  expect(admitted).toEqual(["going on"]);
  (await fresh)();
  expect(admitted).toEqual(["going on", "new"]);
  // Alone in line, it waits as long as it takes: a request half done is finished, not refused.
  const held = await gate.enter();
  const late = gate.enter(true);
  await vi.advanceTimersByTimeAsync(60_000);
  held();
  (await late)();
  expect(gate.usage()).toEqual({ inside: 0, waiting: 0 });
});

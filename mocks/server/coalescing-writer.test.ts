import { describe, expect, test } from "vitest";
import { createCoalescingWriter } from "./coalescing-writer";

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("createCoalescingWriter", () => {
  test("one write in flight; any number of changes during it make exactly one more", async () => {
    const gates = [gate(), gate()];
    let started = 0;
    let inFlight = 0;
    let most = 0;
    const writer = createCoalescingWriter(async () => {
      const current = gates[started++];
      inFlight++;
      most = Math.max(most, inFlight);
      await current?.opened;
      inFlight--;
    }, () => undefined);
    writer.schedule();
    for (let i = 0; i < 10; i++) writer.schedule();
    expect(started).toBe(1);
    gates[0]!.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(2);
    gates[1]!.open();
    await writer.flush();
    expect(started).toBe(2);
    expect(most).toBe(1);
  });

  test("a failed write is reported, flush rejects, and the next flush tries again", async () => {
    let fail = true;
    let writes = 0;
    const errors: unknown[] = [];
    const writer = createCoalescingWriter(
      () => {
        writes++;
        return fail ? Promise.reject(new Error("disk full")) : Promise.resolve();
      },
      (error) => errors.push(error),
    );
    writer.schedule();
    await expect(writer.flush()).rejects.toThrow("disk full");
    expect(errors).toHaveLength(1);
    fail = false;
    await writer.flush();
    expect(writes).toBe(2);
  });

  test("flush with nothing changed writes nothing", async () => {
    let writes = 0;
    const writer = createCoalescingWriter(() => {
      writes++;
      return Promise.resolve();
    }, () => undefined);
    await writer.flush();
    expect(writes).toBe(0);
  });
});

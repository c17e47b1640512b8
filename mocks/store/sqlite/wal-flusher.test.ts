import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "./sqlite-store";

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const databaseFile = () => {
  const directory = mkdtempSync(join(tmpdir(), "psd2-flush-"));
  directories.push(directory);
  return join(directory, "sandbox.db");
};

/** The descriptors this process holds on `path` (Linux's /proc). */
const descriptorsOn = (path: string) =>
  readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false; // closed while listed
    }
  }).length;

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const started = Date.now();
  while (!condition() && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
};

describe.runIf(process.platform === "linux")("the write-ahead log, flushed in the background (decision 0044)", () => {
  it("is flushed once commits have added to it, and let go of when the store closes", async () => {
    const file = databaseFile();
    const store = await openSqliteStore({ file });
    for (let offset = 1; offset <= 5; offset++) await store.write((tx) => tx.putMeta("clockOffsetMs", offset));
    // The flusher opens the log to fdatasync it, a few milliseconds after the commits.
    expect(await until(() => descriptorsOn(`${file}-wal`) === 2)).toBe(true);
    store.close();
    await store.closed();
    expect(descriptorsOn(`${file}-wal`)).toBe(0);
    // SQLite removes the log as it closes: the descriptor held on it did not keep it.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = await openSqliteStore({ file });
    expect(await reopened.read((tx) => tx.meta("clockOffsetMs"))).toBe(5);
    reopened.close();
    await reopened.closed();
  });

  it("is left to SQLite when every commit waits for its own fsync (durability full)", async () => {
    const file = databaseFile();
    const store = await openSqliteStore({ file, durability: "full" });
    for (let offset = 1; offset <= 5; offset++) await store.write((tx) => tx.putMeta("clockOffsetMs", offset));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(descriptorsOn(`${file}-wal`)).toBe(1); // SQLite's own
    store.close();
    await store.closed();
  });
});

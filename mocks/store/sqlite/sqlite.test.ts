import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqlite, WAL_CHECKPOINT_PAGES } from "./sqlite";

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("the SQLite file's write-ahead log", () => {
  it(`is checkpointed once it holds about ${String(WAL_CHECKPOINT_PAGES)} pages, not sooner and not never (decision 0043)`, async () => {
    const directory = mkdtempSync(join(tmpdir(), "psd2-wal-"));
    directories.push(directory);
    const file = join(directory, "sandbox.db");
    const { db, native } = openSqlite({ file });
    try {
      const pageSize = Number(native.pragma("page_size", { simple: true }));
      const frame = pageSize + 24; // each page in the log has a 24-byte frame header
      native.exec("create table filler (id integer primary key, data blob)");
      const insert = native.prepare("insert into filler (data) values (?)");
      const pages = Math.round(WAL_CHECKPOINT_PAGES * 2.5);
      for (let commit = 0; commit < pages / 10; commit++)
        native.transaction(() => {
          for (let row = 0; row < 10; row++) insert.run(Buffer.alloc(pageSize - 100, row));
        })();
      const logFrames = statSync(`${file}-wal`).size / frame;
      // A log that was checkpointed at SQLite's 1,000 pages would be a quarter of this size.
      expect(logFrames).toBeGreaterThan(WAL_CHECKPOINT_PAGES * 0.9);
      expect(logFrames).toBeLessThan(WAL_CHECKPOINT_PAGES + 100);
    } finally {
      await db.destroy();
    }
  });
});

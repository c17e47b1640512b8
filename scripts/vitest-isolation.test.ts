// The unit-test suite shares each worker's modules between test files (vite.config.ts, decision 0063): a file that
// replaces a module, a global or the clock must run in a registry of its own, or what it replaced reaches the files
// after it in the same worker. This holds the list in scripts/vitest-files.ts to what the files do.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { glob } from "tinyglobby";
import { describe, expect, it } from "vitest";
import { ISOLATED_TESTS, TEST_EXCLUDE, TEST_INCLUDE } from "./vitest-files";

const root = join(import.meta.dirname, "..");
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

describe("which unit-test files run in a module registry of their own", () => {
  it("every file that replaces a module, a global or the clock, and no other", async () => {
    const files = await glob(TEST_INCLUDE, { cwd: root, ignore: TEST_EXCLUDE });
    expect(files.length).toBeGreaterThan(100);
    const replacing = files.filter((file) => REPLACES.test(readFileSync(join(root, file), "utf8"))).sort();
    expect(replacing).toEqual([...ISOLATED_TESTS].sort());
  });
});

// A merge that left its conflict markers in a file ships them: in Markdown nothing else notices
// (Prettier formats them as text, the docs reader shows them to users). Every tracked text file
// is checked.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const TEXT = /\.(?:ts|tsx|mts|mjs|js|json|md|css|html|yaml|yml|txt)$/;
/** Git's own markers: seven characters at the start of a line, then a space or the line's end. */
const MARKER = /^(?:<{7} |={7}$|>{7} )/m;

function trackedTextFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((file) => TEXT.test(file));
}

describe("merge conflict markers", () => {
  it("no tracked text file holds one", () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const marked = files.filter((file) => MARKER.test(readFileSync(join(root, file), "utf8")));
    expect(marked).toEqual([]);
  });
});

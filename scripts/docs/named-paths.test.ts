// What the README and docs/ name must exist and be true: a newcomer follows them before reading any code.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { operations } from "../../src/contract/operations";
import { BUDGETS_KIB } from "../check-bundle.mjs";
import { anchorsOf, codeFiles, pagesToCheck, problemsOf, readmeSectionProblems } from "./named-paths";

const root = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const packageJson = JSON.parse(read("package.json")) as { scripts: Record<string, string>; engines: { node: string } };
const scripts = new Set(Object.keys(packageJson.scripts));
const readme = read("README.md");

describe("the README and docs/", () => {
  it.each(pagesToCheck(root))("%s names only files, links, headings and npm scripts that exist", (page) => {
    expect(problemsOf(root, page, scripts).map(({ line, why }) => `${page}:${String(line)} ${why}`)).toEqual([]);
  });

  it("every text that sends a reader to a README section by name (pages, and messages in the code) names one the README has", () => {
    const problems = readmeSectionProblems(root, [...pagesToCheck(root), ...codeFiles(root).filter((file) => !file.startsWith("scripts/docs/"))]);
    expect(problems.map(({ page, line, why }) => `${page}:${String(line)} ${why}`)).toEqual([]);
  });

  it("the README is a front door: at most 150 lines and 1,500 words, with its screenshot", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(150);
    expect(readme.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(1500);
    expect(readme).toContain("](docs/images/portal.png)");
  });

  it("the README counts the operations of the operation table", () => {
    expect(readme).toContain(`${String(operations.length)} operations`);
  });

  it("the suites the README's npm test line names are the test runner's, in its order", () => {
    const suites = [...read("scripts/test-all.mjs").matchAll(/^ {4}name: "([a-z0-9]+)",$/gm)].map((match) => match[1]);
    expect(suites.length).toBeGreaterThan(5);
    for (const page of ["README.md", "docs/commands.md"]) expect(read(page)).toContain(`npm test      # every suite: ${suites.join(", ")}\n`);
  });

  it("the Node version the docs ask for is package.json's engines", () => {
    const version = /^>=(\d+\.\d+)$/.exec(packageJson.engines.node)?.[1];
    expect(version).toBeDefined();
    for (const page of ["README.md", "docs/commands.md"]) expect(read(page)).toContain(`Node (${version ?? ""} or newer`);
  });

  it("every bundle budget the docs name is check-bundle's", () => {
    const named = pagesToCheck(root).flatMap((page) =>
      [...read(page).matchAll(/(first screen|all JavaScript) ≤ (\d+) KiB/g)].map(([, what, kib]) => ({ page, what, kib: Number(kib) })),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const { page, what, kib } of named)
      expect({ page, what, kib }).toEqual({ page, what, kib: what === "first screen" ? BUDGETS_KIB.firstScreen : BUDGETS_KIB.all });
  });
});

describe("the check itself", () => {
  let folder = "";
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const problemsIn = (page: string) => {
    folder = mkdtempSync(join(tmpdir(), "named-paths-"));
    mkdirSync(join(folder, "docs/decisions"), { recursive: true });
    mkdirSync(join(folder, "mocks/server"), { recursive: true });
    writeFileSync(join(folder, "mocks/server/start.ts"), "");
    writeFileSync(join(folder, "docs/decisions/0007-a-choice.md"), "# A choice\n");
    writeFileSync(join(folder, "docs/other.md"), "# Other page\n\n## The server's `--port`\n\n```\n# not a heading\n```\n");
    writeFileSync(join(folder, "docs/page.md"), page);
    return problemsOf(folder, "docs/page.md", new Set(["sandbox"])).map((problem) => problem.why);
  };

  it("accepts what exists: from the root or the page, folders, globs, decision numbers, anchors, scripts", () => {
    const page = [
      "`mocks/server/start.ts`, mocks/server/, `mocks/server/*.ts`, docs/decisions/0007, [x](other.md#the-servers---port),",
      "[y](../mocks/server/start.ts), [z](#top), [w](https://example.com/x.md), `npm run sandbox`, dist/index.html",
      "# Top",
    ].join("\n");
    expect(problemsIn(page)).toEqual([]);
  });

  it("finds a missing file, a missing link target, a missing heading and a missing script", () => {
    const page = "`mocks/node.ts`, [a](gone.md), [b](other.md#not-there), [c](#nowhere), `npm run sandbox:gone`, docs/decisions/0008\n";
    expect(problemsIn(page)).toEqual([
      'no script "sandbox:gone" in package.json',
      "link to gone.md: no such file",
      "link to other.md#not-there: no such heading in docs/other.md",
      "link to #nowhere: no such heading in docs/page.md",
      "mocks/node.ts: no such file or folder",
      "docs/decisions/0008: no such file or folder",
    ]);
  });

  it("anchors are GitHub's: punctuation dropped, spaces as hyphens, a repeated heading numbered", () => {
    expect([...anchorsOf("# The console's form\n## Hosted, multi-tenant\n## Hosted, multi-tenant\n")]).toEqual([
      "the-consoles-form",
      "hosted-multi-tenant",
      "hosted-multi-tenant-1",
    ]);
  });
});

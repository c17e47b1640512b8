import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkBudgets, htmlEntries, measureBundle, staticImports } from "./check-bundle.mjs";

const INDEX_HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
<link rel="stylesheet" href="/assets/index-abc.css">
<script src="https://example.com/analytics.js"></script>
</head><body><div id="root"></div></body></html>`;

const FILES: Record<string, string> = {
  "index.html": INDEX_HTML,
  "assets/index-abc.js": `import{a as r}from"./vendor-def.js";import"./shared-ghi.js";const l=()=>import("./lazy-jkl.js");console.log(r,l,import.meta.url);`,
  "assets/vendor-def.js": `export const a=${"1+".repeat(200)}1;`,
  "assets/shared-ghi.js": `export*from"./vendor-def.js";`,
  "assets/lazy-jkl.js": `import{a}from"./lazy-dep-mno.js";export default a;`,
  "assets/lazy-dep-mno.js": `export const a="not on the first screen";`,
  "assets/index-abc.css": "body{margin:0}",
  "mockServiceWorker.js": "self.addEventListener('fetch',()=>{});",
};

let dist: string;

function write(files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    const path = join(dist, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

const gz = (name: string) => gzipSync(Buffer.from(FILES[name] ?? ""), { level: 9 }).length;

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), "check-bundle-"));
});
afterEach(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe("htmlEntries", () => {
  it("returns local module scripts and modulepreloads, not stylesheets or remote scripts", () => {
    expect(htmlEntries(INDEX_HTML)).toEqual(["/assets/index-abc.js", "/assets/vendor-def.js"]);
  });
});

describe("staticImports", () => {
  it("finds import and export-from statements and ignores dynamic import() and import.meta", () => {
    const code = `import x,{y}from"./a.js";import*as z from'./b.js';import"./c.js";export{q}from"./d.js";export*from"./e.js";import("./lazy.js");import.meta.url;`;
    expect(staticImports(code)).toEqual(["./a.js", "./b.js", "./c.js", "./d.js", "./e.js"]);
  });
});

describe("measureBundle", () => {
  it("follows static imports from index.html and leaves lazy chunks out of the first screen", () => {
    write(FILES);
    const result = measureBundle(dist);
    expect(result.method).toBe("parsed imports");
    expect(result.firstScreen.files.map((f) => f.file)).toEqual(["assets/index-abc.js", "assets/shared-ghi.js", "assets/vendor-def.js"]);
    expect(result.firstScreen.gzip).toBe(gz("assets/index-abc.js") + gz("assets/shared-ghi.js") + gz("assets/vendor-def.js"));
    expect(result.all.files.map((f) => f.file)).toEqual([
      "assets/index-abc.js",
      "assets/lazy-dep-mno.js",
      "assets/lazy-jkl.js",
      "assets/shared-ghi.js",
      "assets/vendor-def.js",
      "mockServiceWorker.js",
    ]);
    expect(result.all.gzip).toBe(
      Object.keys(FILES)
        .filter((name) => name.endsWith(".js"))
        .reduce((sum, name) => sum + gz(name), 0),
    );
  });

  it("uses the Vite manifest when the build wrote one", () => {
    write({
      ...FILES,
      // The code no longer names its imports; only the manifest knows them.
      "assets/index-abc.js": "console.log(1);",
      ".vite/manifest.json": JSON.stringify({
        "index.html": { file: "assets/index-abc.js", isEntry: true, imports: ["_shared"], dynamicImports: ["lazy.ts"] },
        _shared: { file: "assets/shared-ghi.js" },
        "lazy.ts": { file: "assets/lazy-jkl.js", isDynamicEntry: true },
      }),
    });
    const result = measureBundle(dist);
    expect(result.method).toBe("manifest");
    expect(result.firstScreen.files.map((f) => f.file)).toEqual(["assets/index-abc.js", "assets/shared-ghi.js", "assets/vendor-def.js"]);
  });

  it("fails clearly when there is no build", () => {
    expect(() => measureBundle(dist)).toThrow(/index\.html not found/);
  });
});

describe("the docs reader", () => {
  it("is measured on its own, against its own budget, and not in all JS", () => {
    write({ ...FILES, "assets/docs-pqr.js": `export const doc="${"reading matter ".repeat(50)}";` });
    const measurement = measureBundle(dist);
    expect(measurement.docs.files.map((f) => f.file)).toEqual(["assets/docs-pqr.js"]);
    expect(measurement.all.files.map((f) => f.file)).not.toContain("assets/docs-pqr.js");
    const budgets = { firstScreen: 150, all: 330, docs: (measurement.docs.gzip - 1) / 1024 };
    expect(checkBudgets(measurement, budgets).map((c) => [c.name, c.ok])).toEqual([
      ["first-screen JS", true],
      ["all JS", true],
      ["docs JS", false],
    ]);
  });
});

describe("checkBudgets", () => {
  it("passes at the budget and fails one byte over", () => {
    write(FILES);
    const measurement = measureBundle(dist);
    const exact = { firstScreen: measurement.firstScreen.gzip / 1024, all: measurement.all.gzip / 1024 };
    expect(checkBudgets(measurement, exact).map((c) => c.ok)).toEqual([true, true]);
    const tight = { firstScreen: (measurement.firstScreen.gzip - 1) / 1024, all: 300 };
    expect(checkBudgets(measurement, tight).map((c) => [c.name, c.ok])).toEqual([
      ["first-screen JS", false],
      ["all JS", true],
    ]);
  });
});

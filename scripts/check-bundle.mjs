#!/usr/bin/env node
// Bundle budgets, measured on the production build in dist/ (run `vite build` first).
//
//   first screen: the JavaScript the browser must fetch before the app can render: the
//                 chunks dist/index.html loads (<script type="module" src> and
//                 <link rel="modulepreload" href>) plus their static imports, transitively.
//                 Static imports come from dist/.vite/manifest.json when the build wrote one
//                 (build.manifest: true), else from parsing the chunks' `import ... from "..."`
//                 and `export ... from "..."` statements; dynamic import() is not followed.
//   all JS:       every .js/.mjs file under dist (mockServiceWorker.js included), but the docs reader.
//   docs JS:      the docs reader, the one chunk `assets/docs-*.js` (src/features/docs/: the decision
//                 records and the quick start rendered from Markdown). Reading matter reached by its
//                 links, never needed to use the interface, so it has a budget of its own rather than
//                 a share of the app's (docs/decisions/0033-decision-records-in-the-portal.md).
// Sizes are gzip, zlib level 9, summed per file; 1 KiB = 1024 bytes.
//
// Usage: node scripts/check-bundle.mjs [--dist dist] [--json .reports/bundle.json]
// Exit 1 when a budget is exceeded, 2 when dist cannot be measured.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

// all: 320 since the code export (docs/decisions/0022), 325 since the choice of sandbox, 330 with the console's drafts beside it (0028-sandbox-choice-and-live-changes);
// 345 with the Postman collection and the exports from the history, loaded only when asked (0031-postman-collection-signs-itself),
// 360 with the labels of the sandbox's guesses (0033-decision-records-in-the-portal) and the reference's examples, error meanings and
// search (0022, 0034-reference-examples-try-it-and-search); 365 with the guided first payment and the lifecycle diagram
// (0035-guided-first-payment); 372 with scenarios (0037-scenarios: the rule engine in the sandbox, the explorer's
// Scenarios view; measured 368.8); 376 with payments kept in blocks in the in-browser sandbox (0023-indexeddb-transaction-blocks,
// "Version 5": the blocks, the id map, the due summaries and the migration; measured 372.0); 384 with the in-browser
// sandbox as strict as the server (0045: DER-only certificates; 0049: free text, import integrity; measured 377.3) and the
// portal on a phone with the console built around the answer (0050; measured 380.9); 396 with the signature doctor in the signing
// code, its table and texts (0052; measured 392.0); 403 with the traffic record in the in-browser sandbox (0055; measured
// 401.9); 417 with the client report in the in-browser sandbox (0054; measured 406.8) and the portal's Traffic view,
// lazy (0062; measured 416.5); 427 with code and exports that make their own data (0061) and the sandbox as strict as the
// bank (0059; measured 426.3 on main); 429 with what two new users found (0066; measured 428.2); first screen unchanged.
// The docs reader has its own budget.
export const BUDGETS_KIB = { firstScreen: 150, all: 429, docs: 8 };
/** The docs reader's chunk (vite.config.ts names it). */
const DOCS_CHUNK = /^assets\/docs-[^/]+\.m?js$/;
export const GZIP_LEVEL = 9;

const KIB = 1024;

function toPosix(path) {
  return path.split(sep).join("/");
}

function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

function sizeOf(distDir, file) {
  const buffer = readFileSync(join(distDir, file));
  return { file, raw: buffer.length, gzip: gzipSync(buffer, { level: GZIP_LEVEL }).length };
}

function attribute(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Local URLs of the scripts and modulepreloads in index.html, as written there. */
export function htmlEntries(html) {
  const urls = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src) urls.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (href && rel.includes("modulepreload")) urls.push(href);
  }
  return urls.filter((url) => !/^(?:[a-z]+:)?\/\//i.test(url) && !url.startsWith("data:"));
}

/** Maps a URL from index.html (or an import specifier) to a file path relative to dist. */
function urlToDistFile(distDir, url, fromFile = "index.html") {
  const clean = url.replace(/[?#].*$/, "");
  const candidates = [];
  if (clean.startsWith("/")) {
    // Absolute from the site root; with a non-root `base` the first segments are the base.
    const parts = clean.slice(1).split("/");
    for (let i = 0; i < parts.length; i++) candidates.push(parts.slice(i).join("/"));
  } else {
    candidates.push(posix.normalize(posix.join(posix.dirname(fromFile), clean)));
  }
  return candidates.find((candidate) => existsSync(join(distDir, candidate))) ?? null;
}

/** Specifiers of the static imports/re-exports of an emitted ES module chunk. */
export function staticImports(code) {
  const specifiers = [];
  // `import x from "a"`, `import{a as b}from"./a.js"`, `import"./a.js"`, `export*from"./a.js"`;
  // never `import("./a.js")` (dynamic) nor `import.meta`.
  const pattern = /(?<![\w$.])(?:import|export)(?:\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s*[\w$]+|\*|\{[^{}]*\})?\s*from)?\s*(["'])([^"'\n]+)\1/g;
  for (const match of code.matchAll(pattern)) specifiers.push(match[2]);
  return specifiers;
}

function readManifest(distDir) {
  const path = join(distDir, ".vite", "manifest.json");
  if (!existsSync(path)) return null;
  const manifest = JSON.parse(readFileSync(path, "utf8"));
  const byFile = new Map();
  for (const chunk of Object.values(manifest)) byFile.set(chunk.file, chunk);
  return { manifest, byFile };
}

/**
 * Measures dist. Returns the first-screen files (with how they were found), all JS files,
 * and gzip totals in bytes.
 */
export function measureBundle(distDir = "dist") {
  const dist = resolve(distDir);
  const indexPath = join(dist, "index.html");
  if (!existsSync(indexPath)) throw new Error(`${indexPath} not found: run \`vite build\` first`);
  const html = readFileSync(indexPath, "utf8");
  const manifest = readManifest(dist);

  const queue = [];
  for (const url of htmlEntries(html)) {
    const file = urlToDistFile(dist, url);
    if (!file) throw new Error(`index.html references ${url}, which is not in ${distDir}`);
    if (/\.m?js$/.test(file)) queue.push(file);
  }
  const firstScreen = new Set();
  while (queue.length > 0) {
    const file = queue.shift();
    if (firstScreen.has(file)) continue;
    firstScreen.add(file);
    const chunk = manifest?.byFile.get(file);
    if (chunk) {
      for (const key of chunk.imports ?? []) {
        const imported = manifest.manifest[key];
        if (imported?.file) queue.push(imported.file);
      }
    } else {
      for (const specifier of staticImports(readFileSync(join(dist, file), "utf8"))) {
        if (!specifier.startsWith(".") && !specifier.startsWith("/")) continue; // bare: external
        const target = urlToDistFile(dist, specifier, file);
        if (target && /\.m?js$/.test(target)) queue.push(target);
      }
    }
  }

  const allFiles = listFiles(dist)
    .map((path) => toPosix(relative(dist, path)))
    .filter((file) => /\.m?js$/.test(file) && !file.startsWith(".vite/"))
    .sort();
  const sizes = new Map(allFiles.map((file) => [file, sizeOf(dist, file)]));
  const pick = (files) => [...files].sort().map((file) => sizes.get(file) ?? sizeOf(dist, file));
  const total = (list) => list.reduce((sum, item) => sum + item.gzip, 0);

  const first = pick(firstScreen);
  const all = pick(allFiles.filter((file) => !DOCS_CHUNK.test(file)));
  const docs = pick(allFiles.filter((file) => DOCS_CHUNK.test(file)));
  return {
    method: manifest ? "manifest" : "parsed imports",
    firstScreen: { files: first, gzip: total(first) },
    all: { files: all, gzip: total(all) },
    docs: { files: docs, gzip: total(docs) },
  };
}

/** The two budget verdicts for a measurement. */
export function checkBudgets(measurement, budgets = BUDGETS_KIB) {
  return [
    { name: "first-screen JS", gzip: measurement.firstScreen.gzip, budgetKiB: budgets.firstScreen },
    { name: "all JS", gzip: measurement.all.gzip, budgetKiB: budgets.all },
    ...(measurement.docs.files.length > 0 ? [{ name: "docs JS", gzip: measurement.docs.gzip, budgetKiB: budgets.docs ?? BUDGETS_KIB.docs }] : []),
  ].map((check) => ({ ...check, kib: check.gzip / KIB, ok: check.gzip <= check.budgetKiB * KIB }));
}

const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;

function main(argv) {
  const option = (name, fallback) => {
    const index = argv.indexOf(name);
    return index >= 0 && argv[index + 1] ? argv[index + 1] : fallback;
  };
  const distDir = option("--dist", "dist");
  const jsonOut = option("--json", null);

  let measurement;
  try {
    measurement = measureBundle(distDir);
  } catch (error) {
    console.error(`check-bundle: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const checks = checkBudgets(measurement);
  const [firstCheck, allCheck, docsCheck] = checks;
  const line = (check) =>
    `${check.name}: ${kib(check.gzip)} gzip (budget ${String(check.budgetKiB)} KiB) ${check.ok ? "ok" : `OVER by ${kib(check.gzip - check.budgetKiB * KIB)}`}`;

  console.log(line(firstCheck));
  console.log(`  first-screen files (${measurement.method}; gzip level ${String(GZIP_LEVEL)}):`);
  for (const item of measurement.firstScreen.files) {
    console.log(`    ${item.file}  ${kib(item.raw)} raw, ${kib(item.gzip)} gzip`);
  }
  console.log(line(allCheck));
  console.log(`  ${String(measurement.all.files.length)} JavaScript files in ${distDir}`);
  if (docsCheck) console.log(line(docsCheck));

  if (jsonOut) {
    mkdirSync(dirname(resolve(jsonOut)), { recursive: true });
    writeFileSync(jsonOut, `${JSON.stringify({ checks, measurement }, null, 2)}\n`);
  }
  return checks.every((check) => check.ok) ? 0 : 1;
}

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) process.exitCode = main(process.argv.slice(2));

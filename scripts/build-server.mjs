#!/usr/bin/env node
// Builds the psd2-sandbox command (cli/psd2-sandbox.ts: the server and the terminal's commands) and the server's
// signature-checking thread (mocks/server/verify-worker.ts) to JavaScript in build/server/, with esbuild: no
// TypeScript compiler at run time, one file to read instead of hundreds (decision 0057). better-sqlite3 (native) and
// pg (loaded only for --database) stay packages of their own: the package's only dependencies.
//
//   node scripts/build-server.mjs             build
//   node scripts/build-server.mjs --if-stale  build only when a source it was built from changed (npm run sandbox)
//
// The build goes to a folder of its own and is then renamed into place, so a server starting meanwhile (a test, another
// terminal) reads a whole build, the old or the new.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUILD = join(root, "build/server");
const INFO = "build-info.json";
const EXTERNAL = ["better-sqlite3", "pg", "pg-native"];

/** Whether build/server/ was built after every file it was built from last changed (and this script, and the lock). */
export function isFresh(out = SERVER_BUILD) {
  let info;
  try {
    info = JSON.parse(readFileSync(join(out, INFO), "utf8"));
  } catch {
    return false;
  }
  const inputs = [...info.inputs, "scripts/build-server.mjs", "package-lock.json"];
  return inputs.every((input) => {
    try {
      return statSync(join(root, input)).mtimeMs <= info.builtAt;
    } catch {
      return false;
    }
  });
}

export async function buildServer(out = SERVER_BUILD) {
  const builtAt = Date.now();
  const staging = `${out}.${String(process.pid)}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  // Loaded here, not at the top: `--if-stale` on a fresh build must not pay for loading esbuild.
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: root,
    entryPoints: { "psd2-sandbox": "cli/psd2-sandbox.ts", "verify-worker-entry": "mocks/server/verify-worker.ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outdir: staging,
    outExtension: { ".js": ".mjs" },
    // The server's code is a chunk the commands never load; the signature thread shares the signing chunk.
    splitting: true,
    chunkNames: "[name]-[hash]",
    external: EXTERNAL,
    // Some bundled CommonJS packages require Node's modules.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    legalComments: "linked",
    metafile: true,
    logLevel: "warning",
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes("node_modules/"));
  writeFileSync(join(staging, INFO), `${JSON.stringify({ builtAt, inputs }, null, 1)}\n`);
  // Into place: the old build aside, the new one in, the old one gone. Another build that landed first wins (same sources).
  mkdirSync(dirname(out), { recursive: true });
  const old = `${out}.${String(process.pid)}.old`;
  if (existsSync(out)) renameSync(out, old);
  try {
    renameSync(staging, out);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
  return out;
}

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  if (process.argv.includes("--if-stale") && isFresh()) process.exit(0);
  const started = performance.now();
  await buildServer();
  console.error(`build-server: built ${SERVER_BUILD} in ${String(Math.round(performance.now() - started))} ms`);
}

/**
 * The package as a TPP's CI gets it (issue 29): `npm pack`, installed into an empty folder, `psd2-sandbox` started from
 * there; a signed journey whose SCA and batch are driven by the command line; the portal at `/` in Chromium, pointed at
 * that server; and every command's exit status on success and on a wrong id or argument.
 *
 * Two shortcuts keep it within its time (it must not add more than about 90 s to `npm test`), both said here:
 * - It packs the dist/ the "build" suite made just before (building it when missing) and a fresh server build, with
 *   `npm pack --ignore-scripts`: the prepack script would only build both again.
 * - It installs offline from npm's cache with `--ignore-scripts`, then puts this checkout's compiled better-sqlite3
 *   addon (the same version, for the same Node) where the package's install script would compile it: that compile
 *   takes minutes here (no prebuilt binary can be downloaded). A full install was measured by hand (docs/decisions/0057).
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix, resolve } from "node:path";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { ExplorerAccount, ExplorerPayment } from "../src/contract/control-schemas";
import { hrefOf } from "../src/contract/paths";
import { generateTestCertificate, signRequest } from "../src/signing/index";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
let folder: string;
let server: ChildProcess;
let url: string;
let bin: string;

/** Runs the installed command; its exit status and output, never a throw. */
async function psd2(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd: folder });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : -1, out: failed.stdout ?? "", err: failed.stderr ?? "" };
  }
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, "dist/index.html"))) await run(process.execPath, [join(ROOT, "node_modules/vite/bin/vite.js"), "build"], { cwd: ROOT });
  await run(process.execPath, [join(ROOT, "scripts/build-server.mjs")], { cwd: ROOT });
  folder = await mkdtemp(join(tmpdir(), "psd2-package-"));
  const { stdout } = await run(npm, ["pack", "--ignore-scripts", "--json", "--pack-destination", folder], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (!packed) throw new Error("npm pack made nothing");
  // Only what a TPP needs: the built server and portal, never the sources or the tests.
  const paths = packed.files.map((file) => file.path);
  expect(paths).toContain("build/server/psd2-sandbox.mjs");
  expect(paths).toContain("dist/index.html");
  expect(paths.filter((path) => /^(src|mocks|cli|e2e|scripts)\/|\.map$|\.test\./.test(path))).toEqual([]);
  expect(await brokenLinks(paths)).toEqual([]);

  await writeFile(join(folder, "package.json"), JSON.stringify({ name: "tpp-ci", private: true }));
  await run(npm, ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", join(folder, packed.filename)], { cwd: folder });
  const addon = "node_modules/better-sqlite3/build/Release";
  await mkdir(join(folder, addon), { recursive: true });
  await copyFile(join(ROOT, addon, "better_sqlite3.node"), join(folder, addon, "better_sqlite3.node"));
  bin = join(folder, "node_modules/.bin/psd2-sandbox");

  server = spawn(bin, ["--port", "0"], { cwd: folder, stdio: ["ignore", "pipe", "pipe"] });
  url = await new Promise<string>((resolveUrl, reject) => {
    let output = "";
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening?.[1] !== undefined) resolveUrl(listening[1]);
    };
    server.stdout?.on("data", seen);
    server.stderr?.on("data", seen);
    server.once("exit", (code) => {
      reject(new Error(`psd2-sandbox stopped (exit ${String(code)}): ${output}`));
    });
  });
});

afterAll(async () => {
  if (server.exitCode === null) {
    const stopped = new Promise((done) => server.once("exit", done));
    server.kill("SIGTERM");
    await stopped;
  }
  await rm(folder, { recursive: true, force: true });
});

test("a signed payment, its SCA approved and the batch run from the command line, ends booked", async () => {
  const { certificatePem, privateKey } = await generateTestCertificate({ tppName: "TPP CI" });
  const accounts = (await (await fetch(`${url}${hrefOf("sandboxAccounts", {})}`)).json()) as ExplorerAccount[];
  const kari = accounts.find((account) => account.customerNumber === "01817010055" && account.accountName === "Brukskonto");
  const ola = accounts.find((account) => account.customerNumber === "05827510086");
  if (!kari || !ola) throw new Error("the fixed data set lacks Kari's or Ola's account");
  const path = hrefOf("createPayment", {});
  const body = JSON.stringify({
    instructedAmount: { amount: "42.00", currency: "NOK" },
    creditorName: "Ola Nordmann",
    creditorAccount: { bban: ola.bban, currency: "NOK" },
    debtorAccount: { bban: kari.bban, currency: "NOK" },
  });
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Request-ID": crypto.randomUUID(),
    "PSU-ID": "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
    "TPP-Session-ID": "ci-session",
    "TPP-Redirect-URI": "https://tpp.example/callback",
    "PSU-IP-Address": "192.0.2.10",
  };
  const signed = await signRequest({ method: "POST", url: path, headers, body }, { privateKey, certificate: certificatePem });
  const created = await fetch(`${url}${path}`, { method: "POST", headers: { ...headers, ...signed.headers }, body });
  expect(created.status, await created.clone().text()).toBe(201);
  const { paymentId } = (await created.json()) as { paymentId: string };

  const approved = await psd2("sca", "approve", paymentId, "--url", url);
  expect(approved).toMatchObject({ code: 0 });
  expect(approved.out).toContain("ACTC");
  expect((await psd2("batch", "run", "--url", url)).code).toBe(0);
  const payment = (await (await fetch(`${url}${hrefOf("sandboxPayment", { paymentId })}`)).json()) as ExplorerPayment;
  expect(payment.transactionStatus).toBe("ACSC");
});

test("GET / in Chromium is the portal, pointed at this server", async () => {
  const browser = await chromium.launch({
    executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/`);
    await page.getByText(`Sandbox ready · server ${new URL(url).host}`).waitFor({ timeout: 60_000 });
  } finally {
    await browser.close();
  }
});

test("every command's exit status: 0 when done, 1 on a wrong id or a refusal, 2 on a wrong argument", async () => {
  const on = ["--url", url];
  const file = join(folder, "export.json");
  expect((await psd2("sca", "approve", "no-such-payment", ...on)).code).toBe(1);
  expect((await psd2("sca", "decline", "no-such-basket", ...on)).code).toBe(1);
  expect((await psd2("batch", "run", ...on)).code).toBe(0);
  expect((await psd2("batch", "walk", ...on)).code).toBe(2);
  expect((await psd2("clock", "advance", "1", ...on)).code).toBe(0);
  expect((await psd2("clock", "advance", "--to", "2000-01-01T00:00:00Z", ...on)).code).toBe(1);
  expect((await psd2("scenario", "add", "sca-declined", "--id", "declines", ...on)).code).toBe(0);
  expect((await psd2("scenario", "list", ...on)).out).toContain("declines");
  expect((await psd2("scenario", "add", "no-such-outcome", ...on)).code).toBe(2);
  expect((await psd2("scenario", "clear", ...on)).code).toBe(0);
  expect((await psd2("export", "--output", file, ...on)).code).toBe(0);
  expect((await psd2("reset", ...on)).code).toBe(0);
  expect((await psd2("import", file, ...on)).code).toBe(0);
  expect((await psd2("import", join(folder, "no-such-file.json"), ...on)).code).toBe(2);
  await writeFile(join(folder, "not-an-export.json"), "{}");
  expect((await psd2("import", join(folder, "not-an-export.json"), ...on)).code).toBe(1);
  expect(JSON.parse(await readFile(file, "utf8"))).toHaveProperty("stores");
  expect((await psd2("frobnicate", ...on)).code).toBe(2);
  expect((await psd2("batch", "run", "--url", "http://127.0.0.1:9")).code).toBe(1);
  // tail and report read the recorded traffic (issue 26): the journey above is in it.
  const tail = await psd2("tail", "--limit", "200", ...on);
  expect(tail.code).toBe(0);
  expect(tail.out).toMatch(/POST \/v1\/payments\/norwegian-domestic-credit-transfers → 201 .*createPayment/);
  expect((await psd2("tail", "--limit", "0", ...on)).code).toBe(2);
  const report = await psd2("report", "--json", ...on);
  const checks = (JSON.parse(report.out) as { checks: { status: string }[] }).checks;
  expect(checks.length).toBeGreaterThan(0);
  expect(report.code).toBe(checks.some((check) => check.status === "fail") ? 1 : 0);
  expect((await psd2("report", "--tpp", "not-a-fingerprint", ...on)).code).toBe(2);
});

/**
 * The links of the package's Markdown (its README, docs/) to files it does not hold: a TPP reads them in
 * node_modules/psd2-sandbox. Links to the sources (src/, public/) point into the repository, not the package.
 */
async function brokenLinks(paths: readonly string[]): Promise<string[]> {
  const shipped = new Set(paths);
  const broken: string[] = [];
  // dist/assets holds the docs too, as the portal shows them (it resolves their links itself).
  for (const page of paths.filter((path) => path.endsWith(".md") && !path.startsWith("dist/"))) {
    const text = await readFile(join(ROOT, page), "utf8");
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (target === undefined || /^([a-z]+:|#)/.test(target)) continue;
      const file = posix.normalize(posix.join(posix.dirname(page), target.split("#")[0] ?? ""));
      if (/^(src|public)\//.test(file)) continue;
      if (!shipped.has(file) && ![...shipped].some((path) => path.startsWith(`${file}/`))) broken.push(`${page}: ${target}`);
    }
  }
  return broken;
}

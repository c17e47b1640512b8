/**
 * The in-browser sandbox's figures, on the production build in real Chromium:
 *   0. the first screens against the budgets (LCP ≤ 1.0 s, TBT ≤ 100 ms; median of 5 cold loads),
 *      judged here rather than in the test run (docs/decisions/0020);
 *   1. per-request time of signed interface calls through the service worker, signature check included
 *      (and, for scale, msw's own floor: a 404 the dispatcher answers at once, and a passed-through file);
 *   2. seeding 100,000 transactions the way a user does (an export file imported: POST /__sandbox/import, handed
 *      to the page's sandbox as the explorer does),
 *      then a 200-transaction page of that account (store alone, and through HTTP);
 *   3. a batch run over 10,000 due payments (imported the same way), with the CPU Chromium's processes spent on it;
 *      alone, several times: `browserBatchFigures`.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { chromium, type Browser, type Page } from "@playwright/test";
import { coldLoads, FIRST_SCREENS, LCP_BUDGET_MS, median, TBT_BUDGET_MS } from "../../e2e/first-screen-figures";
import type { BrowserSandbox } from "../../mocks/browser";
import type { SandboxExport } from "../../mocks/store/port";
import type { LoadRequest } from "./load";
import { withDuePayments, withTransactions } from "./seed-data";
import { signed, signedMany } from "./signed";
import { cpuBetween, descendantsCpu } from "./process-cpu";
import { percentile, round } from "./stats";

/** tsx (esbuild) names functions with a __name helper that does not exist in the page. */
const TSX_NAME_SHIM = "globalThis.__name = (fn) => fn;";
const CHROMIUM = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;

async function startPreview(port: number) {
  const origin = `http://localhost:${String(port)}`;
  if (!existsSync("dist/index.html")) throw new Error("No build: run `npm run build` first.");
  const child = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "preview", "--port", String(port), "--strictPort"], { stdio: "ignore" });
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(origin)).ok) return { child, origin };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`vite preview did not start on port ${String(port)}`);
}

function mixedRequests(accounts: { resourceId: string }[], count: number): Promise<LoadRequest[]> {
  return signedMany(count, (index) => {
    const account = accounts[index % accounts.length];
    const kind = index % 3;
    if (kind === 0) return signed("GET", `/v1/sandbox/accounts/${account?.resourceId ?? ""}/transactions?limit=200`);
    if (kind === 1) return signed("GET", "/v1/payments/norwegian-domestic-credit-transfers/unknown-id/status");
    return signed("PUT", "/v1/sandbox/tpp/contact-email", {}, { email: `bench${String(index)}@tpp.example` });
  });
}

async function perRequest(page: Page, requests: LoadRequest[], warmUp = 30) {
  return page.evaluate(
    async ({ all, skip }) => {
      const times: number[] = [];
      for (const [index, request] of all.entries()) {
        const started = performance.now();
        const response = await fetch(request.path, { method: request.method, headers: request.headers, ...(request.body ? { body: request.body } : {}) });
        await response.text();
        if (response.status >= 500 || response.status === 401) throw new Error(`${request.path}: ${String(response.status)}`);
        if (index >= skip) times.push(performance.now() - started); // the first ones warm the worker and caches
      }
      return times;
    },
    { all: requests, skip: warmUp },
  );
}

/** The same requests handed to the dispatcher directly: the sandbox's own time, without the service worker's hops. */
async function perDispatch(page: Page, requests: LoadRequest[]) {
  return page.evaluate(async (all) => {
    const { sandbox } = (globalThis as unknown as { __psd2Sandbox: BrowserSandbox }).__psd2Sandbox;
    const times: number[] = [];
    for (const [index, request] of all.entries()) {
      const started = performance.now();
      const response = await sandbox.dispatch(
        new Request(new URL(request.path, location.origin), {
          method: request.method,
          headers: request.headers,
          ...(request.body ? { body: request.body } : {}),
        }),
      );
      await response?.text();
      if (index >= 30) times.push(performance.now() - started);
    }
    return times;
  }, requests);
}

/** What the service worker costs by itself: requests the sandbox does (almost) nothing for. */
async function workerFloor(page: Page) {
  return page.evaluate(async () => {
    const time = async (url: string) => {
      const times: number[] = [];
      for (let index = 0; index < 330; index++) {
        const started = performance.now();
        await (await fetch(url)).arrayBuffer();
        if (index >= 30) times.push(performance.now() - started);
      }
      return times;
    };
    return { unknownPath: await time("/v1/no-such-operation"), passedThrough: await time("/favicon.svg") };
  });
}

/** The first screens, measured as e2e/performance.spec.ts does, judged against the tight budgets. */
async function firstScreens(browser: Browser, origin: string) {
  const result: Record<string, { lcpMs: number; tbtMs: number; withinBudget: boolean }> = {};
  for (const path of FIRST_SCREENS) {
    const loads = await coldLoads(browser, origin, path, TSX_NAME_SHIM);
    const lcpMs = median(loads.map((figures) => figures.lcpMs));
    const tbtMs = median(loads.map((figures) => figures.tbtMs));
    result[path] = { lcpMs, tbtMs, withinBudget: lcpMs <= LCP_BUDGET_MS && tbtMs <= TBT_BUDGET_MS };
  }
  return { budgets: { lcpMs: LCP_BUDGET_MS, tbtMs: TBT_BUDGET_MS }, pages: result };
}

/**
 * Imports an export in the page as the explorer's "Import" does (src/lib/send.ts, `inPage`): handed to the
 * page's sandbox directly, not through the service worker; the time from sending to the answer.
 */
async function importInPage(page: Page, body: string) {
  return page.evaluate(async (text) => {
    const { sandbox } = (globalThis as unknown as { __psd2Sandbox: BrowserSandbox }).__psd2Sandbox;
    const started = performance.now();
    const request = new Request(new URL("/__sandbox/import", location.origin), { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
    const response = (await sandbox.dispatch(request)) ?? new Response(null, { status: 404 });
    const answer = await response.text();
    if (!response.ok) throw new Error(`import: ${String(response.status)} ${answer.slice(0, 300)}`);
    return performance.now() - started;
  }, body);
}

/** 200-transaction pages of the account, straight from the store (median of 15 each). */
async function storePages(page: Page, accountId: string) {
  return page.evaluate(async (id) => {
    const { sandbox } = (globalThis as unknown as { __psd2Sandbox: BrowserSandbox }).__psd2Sandbox;
    const store = sandbox.env.store;
    const time = async (query: Parameters<typeof store.read>[0]) => {
      const runs: number[] = [];
      for (let run = 0; run < 15; run++) {
        const t0 = performance.now();
        await store.read(query);
        runs.push(performance.now() - t0);
      }
      return runs.sort((a, b) => a - b)[7] ?? NaN;
    };
    const middleKey = (await store.read((tx) => tx.transactionPage({ accountId: id, limit: 200, offset: 50_000 }))).items[0];
    return {
      firstPageMs: await time((tx) => tx.transactionPage({ accountId: id, limit: 200 })),
      middlePageByCursorMs: await time((tx) =>
        tx.transactionPage({ accountId: id, limit: 200, after: { bookingDate: middleKey?.bookingDate ?? "", seq: middleKey?.seq ?? 0 } }),
      ),
      offset50000PageMs: await time((tx) => tx.transactionPage({ accountId: id, limit: 200, offset: 50_000 })),
    };
  }, accountId);
}

const launch = () =>
  chromium.launch({
    ...(CHROMIUM ? { executablePath: CHROMIUM } : {}),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });

/** A crashed page never settles an evaluate: this rejects when it crashes, to fail the run instead of waiting forever. */
function crashGuard(page: Page): Promise<never> {
  const crashed = new Promise<never>((_, reject) => page.once("crash", () => reject(new Error("The benchmark page crashed."))));
  crashed.catch(() => undefined);
  return crashed;
}

async function openSandbox(page: Page, origin: string) {
  await page.addInitScript(TSX_NAME_SHIM);
  await page.goto(origin);
  await page.waitForFunction(() => "__psd2Sandbox" in globalThis, undefined, { timeout: 30_000 });
}

const step = (text: string) => {
  console.error(`benchmark (browser): ${text}`);
};

export async function browserFigures(port: number) {
  const preview = await startPreview(port);
  const browser = await launch();
  try {
    step("first screens");
    const screens = await firstScreens(browser, preview.origin);
    const page = await browser.newPage();
    const crashed = crashGuard(page);
    await openSandbox(page, preview.origin);
    const getJson = <T>(path: string) => page.evaluate(async (url) => (await (await fetch(url)).json()) as unknown, path) as Promise<T>;
    const accounts = await getJson<{ resourceId: string; currency: string; transactionCount: number }[]>("/__sandbox/accounts");
    step("per-request time");
    const requestTimes = await perRequest(page, await mixedRequests(accounts, 330));
    const dispatchTimes = await perDispatch(page, await mixedRequests(accounts, 330));
    const floor = await workerFloor(page);

    const clock = await getJson<{ today: string; now: string }>("/__sandbox/clock");
    const fixed = await getJson<SandboxExport>("/__sandbox/export");
    const nok = accounts.filter((account) => account.currency === "NOK");
    const reader = [...nok].sort((a, b) => b.transactionCount - a.transactionCount)[0];
    const [debtor, creditor] = nok;
    if (!reader || !debtor || !creditor) throw new Error("The fixed data lacks the accounts the benchmark uses.");
    const batch10k = await batchRun(page, crashed, fixed, debtor.resourceId, creditor.resourceId, clock);
    step("seeding 100,000 transactions by import");
    // Last: the largest body, and the store's largest write.
    const seedMs = await Promise.race([
      crashed,
      importInPage(page, JSON.stringify(withTransactions(fixed, reader.resourceId, 100_000 - reader.transactionCount, clock.today))),
    ]);
    step("pages");
    const pages = await storePages(page, reader.resourceId);
    const httpPage = await perRequest(page, await signedMany(33, () => signed("GET", `/v1/sandbox/accounts/${reader.resourceId}/transactions?limit=200`)), 3);

    return {
      chromium: browser.version(),
      firstScreens: screens,
      perRequest: { count: requestTimes.length, p50Ms: round(percentile(requestTimes, 50)), p95Ms: round(percentile(requestTimes, 95)) },
      perRequestDispatchOnly: { p50Ms: round(percentile(dispatchTimes, 50)), p95Ms: round(percentile(dispatchTimes, 95)) },
      workerFloor: {
        unknownPath404P50Ms: round(percentile(floor.unknownPath, 50)),
        passedThroughFileP50Ms: round(percentile(floor.passedThrough, 50)),
      },
      transactions100k: {
        seedByImportMs: Math.round(seedMs),
        firstPageMs: round(pages.firstPageMs),
        middlePageByCursorMs: round(pages.middlePageByCursorMs),
        offset50000PageMs: round(pages.offset50000PageMs),
        firstPageOverHttpP50Ms: round(percentile(httpPage, 50)),
      },
      batch10k,
    };
  } finally {
    await browser.close();
    preview.child.kill();
  }
}

/**
 * Step 3 alone, `runs` times, each in a page of its own (`npm run benchmark -- --only browser-batch`): what a
 * change to the batch's storage is measured by. The machine is shared, so a figure alone says little: each run
 * gives its wall time, the load average and the CPU the browser's processes spent on it.
 */
export async function browserBatchFigures(port: number, runs = 3) {
  const preview = await startPreview(port);
  const browser = await launch();
  try {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage();
      const crashed = crashGuard(page);
      await openSandbox(page, preview.origin);
      const getJson = <T>(path: string) => page.evaluate(async (url) => (await (await fetch(url)).json()) as unknown, path) as Promise<T>;
      const accounts = await getJson<{ resourceId: string; currency: string }[]>("/__sandbox/accounts");
      const [debtor, creditor] = accounts.filter((account) => account.currency === "NOK");
      if (!debtor || !creditor) throw new Error("The fixed data lacks the accounts the benchmark uses.");
      results.push(
        await batchRun(
          page,
          crashed,
          await getJson<SandboxExport>("/__sandbox/export"),
          debtor.resourceId,
          creditor.resourceId,
          await getJson("/__sandbox/clock"),
        ),
      );
      await page.close();
    }
    const totals = results.map((result) => result.totalMs).sort((a, b) => a - b);
    return { chromium: browser.version(), medianMs: totals[Math.floor(totals.length / 2)], runs: results };
  } finally {
    await browser.close();
    preview.child.kill();
  }
}

/** 10,000 due payments imported (as the explorer imports), then one batch run asked for over HTTP, timed. */
async function batchRun(
  page: Page,
  crashed: Promise<never>,
  fixed: SandboxExport,
  debtorId: string,
  creditorId: string,
  clock: { today: string; now: string },
) {
  step("batch over 10,000 due payments");
  await Promise.race([
    crashed,
    importInPage(page, JSON.stringify(withDuePayments(fixed, debtorId, creditorId, 10_000, clock.today, Date.parse(clock.now) - 60_000))),
  ]);
  const loadAverage = round(loadavg()[0] ?? 0);
  const cpuBefore = descendantsCpu();
  const batch = await Promise.race([
    crashed,
    page.evaluate(async () => {
      const started = performance.now();
      const response = await fetch("/__sandbox/batch/run", { method: "POST" });
      const report = (await response.json()) as { runs: { settled: string[]; rejected: string[] }[] };
      return { ms: performance.now() - started, settled: report.runs[0]?.settled.length ?? 0, rejected: report.runs[0]?.rejected.length ?? 0 };
    }),
  ]);
  return {
    totalMs: Math.round(batch.ms),
    perPaymentMs: round(batch.ms / Math.max(1, batch.settled + batch.rejected)),
    settled: batch.settled,
    rejected: batch.rejected,
    loadAverageAtStart: loadAverage,
    /** CPU seconds of Chromium's processes during the run: "browser" holds its IndexedDB backend. */
    cpuSeconds: cpuBetween(cpuBefore, descendantsCpu())?.byKind,
  };
}

/**
 * Sandbox performance in the browser, measured on the production build in real Chromium
 * (issue figures; run with `npm run benchmark`, not part of the test run):
 *   1. per-request time of signed interface calls through the service worker, signature check included
 *      (and, for scale, msw's own floor: a 404 the dispatcher answers at once, and a passed-through file);
 *   2. a 200-transaction page of a 100,000-transaction account (store alone, and through HTTP);
 *   3. a batch run over 10,000 due payments.
 * Prints the figures and writes them to .reports/benchmark.json.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { generateTestCertificate, signRequest } from "../src/signing/index";
import type { BrowserSandbox } from "../mocks/browser";

const PORT = 4390;
const ORIGIN = `http://localhost:${String(PORT)}`;
const CHROMIUM = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const round = (value: number) => Math.round(value * 100) / 100;

async function startPreview() {
  if (!existsSync("dist/index.html")) throw new Error("No build: run `npm run build` first.");
  const child = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "preview", "--port", String(PORT), "--strictPort"], { stdio: "ignore" });
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(ORIGIN)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("vite preview did not start");
}

interface Signed {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

async function signedRequests(accounts: { resourceId: string }[], count: number): Promise<Signed[]> {
  const credentials = await generateTestCertificate({ tppName: "Benchmark TPP" });
  const requests: Signed[] = [];
  for (let index = 0; index < count; index++) {
    const account = accounts[index % accounts.length];
    const kind = index % 3;
    const method = kind === 2 ? "PUT" : "GET";
    const url = kind === 0 ? `/v1/sandbox/accounts/${account?.resourceId ?? ""}/transactions?limit=200` : kind === 1 ? "/v1/payments/norwegian-domestic-credit-transfers/unknown-id/status" : "/v1/sandbox/tpp/contact-email";
    const body = kind === 2 ? JSON.stringify({ email: `bench${String(index)}@tpp.example` }) : undefined;
    const headers: Record<string, string> = { "X-Request-ID": crypto.randomUUID(), ...(body ? { "Content-Type": "application/json" } : {}) };
    const signed = await signRequest({ method, url, headers, body }, { privateKey: credentials.privateKey, certificate: credentials.certificatePem });
    requests.push({ method, url, headers: { ...headers, ...signed.headers }, ...(body ? { body } : {}) });
  }
  return requests;
}

async function perRequest(page: Page, requests: Signed[], warmUp = 30) {
  return page.evaluate(async ({ all, skip }) => {
    const times: number[] = [];
    for (const [index, request] of all.entries()) {
      const started = performance.now();
      const response = await fetch(request.url, { method: request.method, headers: request.headers, ...(request.body ? { body: request.body } : {}) });
      await response.text();
      if (response.status >= 500 || response.status === 401) throw new Error(`${request.url}: ${String(response.status)}`);
      if (index >= skip) times.push(performance.now() - started); // the first ones warm the worker and caches
    }
    return times;
  }, { all: requests, skip: warmUp });
}

/** The same requests handed to the dispatcher directly: the sandbox's own time, without the service worker's hops. */
async function perDispatch(page: Page, requests: Signed[]) {
  return page.evaluate(async (all) => {
    const { sandbox } = (globalThis as unknown as { __psd2Sandbox: BrowserSandbox }).__psd2Sandbox;
    const times: number[] = [];
    for (const [index, request] of all.entries()) {
      const started = performance.now();
      const response = await sandbox.dispatch(new Request(new URL(request.url, location.origin), { method: request.method, headers: request.headers, ...(request.body ? { body: request.body } : {}) }));
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

async function bigAccount(page: Page, count: number) {
  return page.evaluate(async (total) => {
    const { sandbox } = (globalThis as unknown as { __psd2Sandbox: BrowserSandbox }).__psd2Sandbox;
    const store = sandbox.env.store;
    const accountId = "bench-100k";
    const started = performance.now();
    await store.write(async (tx) => {
      const template = (await tx.accounts())[0];
      if (!template) throw new Error("no account to copy");
      await tx.putAccount({ ...template, resourceId: accountId, bban: "97109999999", iban: "NO0097109999999", transactionCount: total });
    });
    for (let offset = 0; offset < total; offset += 5000) {
      await store.write(async (tx) => {
        const batch = [];
        for (let index = offset; index < Math.min(total, offset + 5000); index++) {
          const day = 1 + (index % 28);
          batch.push(
            tx.addTransaction({
              id: `b-${String(index)}`, accountId, amount: -100 - (index % 1000), currency: "NOK",
              valueDate: `2026-${String(1 + Math.floor(index / 10000) % 12).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
              bookingDate: `2026-${String(1 + Math.floor(index / 10000) % 12).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
              remittanceInformationUnstructured: "Benchmark", creditorName: "Shop", creditorAccount: { iban: "NO9386011117947", bban: "86011117947" },
              debtorName: "Bench", debtorAccount: { iban: "NO0097109999999", bban: "97109999999" }, bankTransactionCode: "PMNT-ICDT-DMCT",
              ultimateDebtor: "", ultimateCreditor: "", purposeCode: "",
            }),
          );
        }
        await Promise.all(batch);
      });
    }
    const loadMs = performance.now() - started;
    const time = async (query: Parameters<typeof store.read>[0]) => {
      const runs: number[] = [];
      for (let run = 0; run < 15; run++) {
        const t0 = performance.now();
        await store.read(query);
        runs.push(performance.now() - t0);
      }
      return runs.sort((a, b) => a - b)[7] ?? NaN;
    };
    const first = await store.read((tx) => tx.transactionPage({ accountId, limit: 200 }));
    const middleKey = (await store.read((tx) => tx.transactionPage({ accountId, limit: 200, offset: 50_000 }))).items[0];
    return {
      loadMs,
      firstPageMs: await time((tx) => tx.transactionPage({ accountId, limit: 200 })),
      middlePageByCursorMs: await time((tx) => tx.transactionPage({ accountId, limit: 200, after: { bookingDate: middleKey?.bookingDate ?? "", seq: middleKey?.seq ?? 0 } })),
      dateRangePageMs: await time((tx) => tx.transactionPage({ accountId, limit: 200, fromDate: "2026-06-01", toDate: "2026-06-30" })),
      offsetPageMs: await time((tx) => tx.transactionPage({ accountId, limit: 200, offset: 50_000 })),
      firstItems: first.items.length,
    };
  }, count);
}

async function pageOverHttp(page: Page, requests: Signed[]) {
  const times = await perRequest(page, requests, 3);
  return percentile(times, 50);
}

async function batchRun(page: Page, count: number) {
  return page.evaluate(async (total) => {
    const { sandbox } = (globalThis as unknown as { __psd2Sandbox: BrowserSandbox }).__psd2Sandbox;
    const store = sandbox.env.store;
    const clock = (await (await fetch("/__sandbox/clock")).json()) as { today: string };
    const [debtor, creditor] = await store.read(async (tx) => {
      const accounts = await tx.accounts();
      return [accounts.find((account) => account.resourceId === "acc-001"), accounts.find((account) => account.resourceId === "acc-003")];
    });
    if (!debtor || !creditor) throw new Error("fixed accounts missing");
    await store.write((tx) => tx.putAccount({ ...debtor, balances: debtor.balances.map((balance) => ({ ...balance, balanceAmount: { ...balance.balanceAmount, amount: 10_000_000 } })) }));
    for (let offset = 0; offset < total; offset += 2000) {
      await store.write(async (tx) => {
        const writes = [];
        for (let index = offset; index < Math.min(total, offset + 2000); index++) {
          writes.push(
            tx.putPayment({
              paymentId: `bench-${String(index)}`, product: "single", transactionStatus: "ACTC", psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
              customerNumber: debtor.customerNumber, redirectUri: "https://tpp.example/cb", debtorAccountId: debtor.resourceId, creditorAccountId: creditor.resourceId,
              statusHistory: [{ status: "ACTC", at: Date.now() }], createdAt: Date.now() + index, executionDate: clock.today,
              request: {
                instructedAmount: { amount: "10.00", currency: "NOK" }, creditorName: "Ola", creditorAccount: { bban: creditor.bban, currency: "NOK" },
                debtorAccount: { bban: debtor.bban, currency: "NOK" }, remittanceInformationUnstructured: "Bench",
              },
            }),
          );
        }
        await Promise.all(writes);
      });
    }
    const started = performance.now();
    const response = await fetch("/__sandbox/batch/run", { method: "POST" });
    const report = (await response.json()) as { runs: { settled: string[]; rejected: string[] }[] };
    return { ms: performance.now() - started, settled: report.runs[0]?.settled.length ?? 0, rejected: report.runs[0]?.rejected.length ?? 0 };
  }, count);
}

async function main() {
  const preview = await startPreview();
  const browser = await chromium.launch({
    ...(CHROMIUM ? { executablePath: CHROMIUM } : {}),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    // tsx (esbuild) names functions with a __name helper that does not exist in the page.
    await page.addInitScript("globalThis.__name = (fn) => fn;");
    await page.goto(ORIGIN);
    await page.waitForFunction(() => "__psd2Sandbox" in globalThis, undefined, { timeout: 30_000 });
    const accounts = await page.evaluate(async () => (await (await fetch("/__sandbox/accounts")).json()) as { resourceId: string }[]);
    const requestTimes = await perRequest(page, await signedRequests(accounts, 330));
    const dispatchTimes = await perDispatch(page, await signedRequests(accounts, 330));
    const floor = await workerFloor(page);
    const big = await bigAccount(page, 100_000);
    const httpPage = await pageOverHttp(page, (await signedRequests([{ resourceId: "bench-100k" }], 90)).filter((_, index) => index % 3 === 0));
    const batch = await batchRun(page, 10_000);
    const figures = {
      measuredAt: new Date().toISOString(),
      chromium: browser.version(),
      perRequest: { count: requestTimes.length, p50Ms: round(percentile(requestTimes, 50)), p95Ms: round(percentile(requestTimes, 95)) },
      perRequestDispatchOnly: { p50Ms: round(percentile(dispatchTimes, 50)), p95Ms: round(percentile(dispatchTimes, 95)) },
      workerFloor: {
        unknownPath404P50Ms: round(percentile(floor.unknownPath, 50)),
        passedThroughFileP50Ms: round(percentile(floor.passedThrough, 50)),
      },
      transactions100k: {
        loadMs: Math.round(big.loadMs),
        firstPageMs: round(big.firstPageMs),
        middlePageByCursorMs: round(big.middlePageByCursorMs),
        dateRangePageMs: round(big.dateRangePageMs),
        offset50000PageMs: round(big.offsetPageMs),
        firstPageOverHttpP50Ms: round(httpPage),
      },
      batch10k: { totalMs: Math.round(batch.ms), perPaymentMs: round(batch.ms / Math.max(1, batch.settled + batch.rejected)), settled: batch.settled, rejected: batch.rejected },
    };
    mkdirSync(".reports", { recursive: true });
    writeFileSync(".reports/benchmark.json", `${JSON.stringify(figures, null, 2)}\n`);
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await browser.close();
    preview.kill();
  }
}

await main();

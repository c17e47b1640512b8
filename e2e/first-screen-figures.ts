/**
 * How the first screens are measured, in the test run (e2e/performance.spec.ts: structural checks
 * and margins for a slow machine) and in `npm run benchmark` (the tight budgets): largest and first
 * contentful paint, total blocking time, and when the sandbox backend was ready, per cold load.
 */
import type { Browser, Page } from "@playwright/test";

/** The budgets, judged by `npm run benchmark` on a quiet machine (docs/decisions/0020). */
export const LCP_BUDGET_MS = 1000;
export const TBT_BUDGET_MS = 100;
/** The first screens measured. */
export const FIRST_SCREENS = ["/", "/reference/createPeriodicPayment", "/try/createPayment"] as const;

/**
 * Collects paint and long-task entries from the very start of the page; `__perfFlush` takes the entries not yet
 * delivered to the observers (an observer hears of an entry in a later task, so reading without it can miss the last).
 */
const OBSERVE = `
  window.__perf = { lcp: 0, longTasks: [] };
  const lcp = (entries) => { for (const entry of entries) window.__perf.lcp = entry.startTime; };
  const longTasks = (entries) => { for (const entry of entries) window.__perf.longTasks.push({ start: entry.startTime, duration: entry.duration }); };
  const observers = [[new PerformanceObserver((list) => lcp(list.getEntries())), lcp], [new PerformanceObserver((list) => longTasks(list.getEntries())), longTasks]];
  observers[0][0].observe({ type: "largest-contentful-paint", buffered: true });
  observers[1][0].observe({ type: "longtask", buffered: true });
  window.__perfFlush = () => { for (const [observer, take] of observers) take(observer.takeRecords()); };
`;

/**
 * Resolves once the page has rendered and its main thread is idle: a frame has been painted and the browser then
 * offers an idle period of (nearly) the most it gives, 50 ms, so no task was waiting. A condition, not a fixed wait:
 * on a slow machine it simply comes later.
 */
export const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = (deadline: IdleDeadline) => {
          if (deadline.timeRemaining() >= 40) resolve();
          else requestIdleCallback(idle);
        };
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(idle)));
      }),
  );

export interface Figures {
  page: string;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  sandboxReadyMs: number | null;
}

async function measure(page: Page, path: string): Promise<Figures> {
  await page.addInitScript(OBSERVE);
  await page.goto(path, { waitUntil: "load" });
  await page.waitForFunction(() => performance.getEntriesByName("sandbox-ready").length > 0, undefined, { timeout: 45_000 });
  await settled(page); // late long tasks and the final LCP candidate have landed
  return page.evaluate((name) => {
    (window as unknown as { __perfFlush: () => void }).__perfFlush();
    const perf = (window as unknown as { __perf: { lcp: number; longTasks: { start: number; duration: number }[] } }).__perf;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
    // Total blocking time: the part of each long task beyond 50 ms, after the first contentful paint.
    const tbt = perf.longTasks.filter((task) => task.start >= fcp).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    const ready = performance.getEntriesByName("sandbox-ready")[0]?.startTime ?? null;
    return {
      page: name,
      lcpMs: Math.round(perf.lcp),
      fcpMs: Math.round(fcp),
      tbtMs: Math.round(tbt),
      sandboxReadyMs: ready === null ? null : Math.round(ready),
    };
  }, path);
}

/** Loads per page: a cold visit each (new context: empty cache, new sandbox); the median is judged. */
export const LOADS = 5;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** `LOADS` cold loads of `path`; `initScript` runs first in each page (the benchmark's tsx helper shim). */
export async function coldLoads(browser: Browser, baseURL: string, path: string, initScript?: string): Promise<Figures[]> {
  const all: Figures[] = [];
  for (let load = 0; load < LOADS; load++) {
    const context = await browser.newContext({ baseURL });
    try {
      if (initScript) await context.addInitScript(initScript);
      all.push(await measure(await context.newPage(), path));
    } finally {
      await context.close();
    }
  }
  return all;
}

/** One line of figures for the output. */
export const describeLoads = (path: string, loads: Figures[]) =>
  `${path}: LCP ${String(median(loads.map((figures) => figures.lcpMs)))} ms, TBT ${String(median(loads.map((figures) => figures.tbtMs)))} ms (medians of ${String(loads.length)} cold loads: ` +
  loads
    .map((figures) => `LCP ${String(figures.lcpMs)}/FCP ${String(figures.fcpMs)}/TBT ${String(figures.tbtMs)}/sandbox ${String(figures.sandboxReadyMs)}`)
    .join(", ") +
  ")";

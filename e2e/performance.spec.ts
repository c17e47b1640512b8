/**
 * Performance of the production build in local Chromium, as the test run judges it: checks that
 * hold on a machine three times slower than ours or busy with other work (docs/decisions/0020).
 *   - structure: every cold load paints before the sandbox backend is ready (it loads beside the
 *     page, never in front of it), and results arriving move nothing (CLS);
 *   - gross regressions only: LCP within three times the budget. TBT is printed, not judged:
 *     only the part of each long task beyond 50 ms counts, so a machine three times slower turns a
 *     60 ms task's 10 ms into 130 ms (measured on a busy machine: 305 ms for a page at ~30 ms quiet).
 * The budgets themselves (LCP ≤ 1.0 s, TBT ≤ 100 ms) are judged by `npm run benchmark`, which
 * measures the same way (e2e/first-screen-figures.ts) on a quiet machine. Figures are printed.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { coldLoads, describeLoads, FIRST_SCREENS, LCP_BUDGET_MS, LOADS, median, settled } from "./first-screen-figures";

/** A machine three times slower takes three times as long: the test run's margin on the budgets. */
const SLOW_MACHINE = 3;
const LCP_LIMIT_MS = SLOW_MACHINE * LCP_BUDGET_MS;

test.describe("performance of the first screens", () => {
  for (const path of FIRST_SCREENS) {
    test(`${path}: first paint before the sandbox is ready; LCP ≤ ${String(LCP_LIMIT_MS)} ms`, async ({ browser, baseURL }) => {
      test.setTimeout(LOADS * 45_000); // each cold load may take its navigation's and the sandbox's full time
      const loads = await coldLoads(browser, baseURL ?? "", path);
      console.log(`performance ${describeLoads(path, loads)}`);
      expect(median(loads.map((figures) => figures.lcpMs))).toBeGreaterThan(0);
      expect(median(loads.map((figures) => figures.lcpMs))).toBeLessThanOrEqual(LCP_LIMIT_MS);
      // The sandbox loads beside the first paint: every load painted before the sandbox answered.
      for (const figures of loads) {
        expect(figures.sandboxReadyMs).not.toBeNull();
        expect(figures.fcpMs).toBeLessThan(figures.sandboxReadyMs ?? 0);
      }
    });
  }
});

/** Layout shifts not caused by the user's own input (the Cumulative Layout Shift of the page so far). */
const SHIFTS = `
  window.__shifts = [];
  const keep = (entries) => { for (const entry of entries) if (!entry.hadRecentInput) window.__shifts.push(entry.value); };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: "layout-shift", buffered: true });
  window.__shiftsFlush = () => keep(observer.takeRecords());
`;
const CLS_BUDGET = 0.02;
/** The layout shift so far, once the page has settled (every shift of what arrived has happened and been counted). */
async function layoutShift(page: Page): Promise<number> {
  await settled(page);
  return page.evaluate(() => {
    const shifts = window as unknown as { __shifts: number[]; __shiftsFlush: () => void };
    shifts.__shiftsFlush();
    return shifts.__shifts.reduce((sum, value) => sum + value, 0);
  });
}

test.describe("no layout shift when results arrive", () => {
  test(`the explorer's data and the console's answer move nothing (CLS ≤ ${String(CLS_BUDGET)})`, async ({ page }) => {
    await page.addInitScript(SHIFTS);
    await page.goto("/sandbox");
    await expect(page.locator(".customers-table").getByRole("rowheader", { name: "Kari Nordmann" })).toBeVisible({ timeout: 45_000 });
    await expect(page.locator(".account-grid .account-card:not(.skeleton-card)").first()).toBeVisible();
    const explorer = await layoutShift(page);

    await page.goto("/try/createPayment");
    const sendButton = page.getByRole("button", { name: "Send POST" });
    await expect(sendButton).toBeEnabled({ timeout: 45_000 });
    await expect(page.getByRole("status").filter({ hasText: "An example made of the sandbox's data." })).toBeVisible({ timeout: 45_000 });
    await sendButton.click();
    await expect(page.locator(".result-status .status")).toHaveText("201", { timeout: 45_000 });
    await expect(page.getByRole("button", { name: "Inspect the request" })).toBeVisible();
    const console_ = await layoutShift(page);
    console.log(`layout shift: explorer ${explorer.toFixed(4)}, console with an answer ${console_.toFixed(4)}`);
    expect(explorer).toBeLessThanOrEqual(CLS_BUDGET);
    expect(console_).toBeLessThanOrEqual(CLS_BUDGET);
  });
});

import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against the production build (`vite build` is done before, by
// scripts/test-all.mjs or by hand), served by `vite preview`.
// Browser: Debian's Chromium (or CHROMIUM_PATH) when it exists, else Playwright's own
// Chromium; scripts/ensure-chromium.mjs installs the former when missing.

// E2E_PORT and E2E_DIST let several checkouts or builds run side by side (default: dist/ on 4173).
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? "dist";
const BASE_URL = `http://localhost:${String(PORT)}`;
const isCI = Boolean(process.env.CI);

/** Where the JSON report goes (scripts/test-all.mjs names one per project it runs). */
const JSON_REPORT = process.env.E2E_JSON_REPORT ?? ".reports/playwright.json";

const systemChromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  },
};
const PERFORMANCE_SPEC = /performance\.spec\.ts$/;
const TRACE_MODES = ["off", "on", "retain-on-failure", "on-first-retry", "retain-on-first-failure"] as const;
function traceMode(asked: string | undefined): (typeof TRACE_MODES)[number] {
  if (asked === undefined || asked === "") return "off";
  const mode = TRACE_MODES.find((known) => known === asked);
  if (!mode) throw new Error(`E2E_TRACE=${asked}: use one of ${TRACE_MODES.join(", ")}.`);
  return mode;
}

export default defineConfig({
  testDir: "e2e",
  outputDir: process.env.E2E_OUTPUT ?? "test-results",
  fullyParallel: true,
  forbidOnly: isCI,
  // No retries: a flaky test fails the run and gets fixed (issue 28).
  retries: 0,
  // Two tests at a time (E2E_WORKERS to change it): each has its own browser context, so its own
  // service worker and IndexedDB sandbox, and specs start their servers on ports the system picks.
  // The performance spec's limits already allow for a busy machine (docs/decisions/0020).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Limits with room for a machine three times slower than the 2-core one the tests are written on
  // (docs/decisions/0020), running two tests at once: a test takes at most ~30 s here, an
  // expectation ~2 s, an action ~3 s.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  // The whole run ends by itself, with its report, before scripts/test-all.mjs would stop it (40 min).
  globalTimeout: 35 * 60_000,
  reporter: [["list"], ["json", { outputFile: JSON_REPORT }]],
  use: {
    baseURL: BASE_URL,
    actionTimeout: 30_000,
    navigationTimeout: 45_000,
    // No trace by default: recording one for every test (kept only on failure) was a third of the suite's CPU. A failure
    // still leaves its screenshot and its page's ARIA snapshot (error-context.md); E2E_TRACE=retain-on-failure (or on)
    // records traces while chasing one (docs/commands.md).
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium", testIgnore: PERFORMANCE_SPEC, use: chromium },
    // The first screens' timings, alone on the machine: after every other test, one at a time, so a
    // test in another worker does not eat into the LCP limit.
    { name: "performance", testMatch: PERFORMANCE_SPEC, dependencies: ["chromium"], workers: 1, use: chromium },
  ],
  webServer: {
    // `vite preview --port 4173 --strictPort`, started with this Node (no npx, no PATH lookup).
    command: `node node_modules/vite/bin/vite.js preview --port ${String(PORT)} --strictPort --outDir ${DIST}`,
    url: BASE_URL,
    // `npm test` passes E2E_OWN_SERVER with a free port: it always tests the build it just made.
    reuseExistingServer: !isCI && process.env.E2E_OWN_SERVER !== "1",
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});

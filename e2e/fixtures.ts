// Playwright fixtures for every spec: `import { test, expect } from "./fixtures";`
//
// The product promises "no unhandled rejection or blank page", so every test using `page`
// fails at its end when the page produced any of:
//   - a console error (console.error, or the browser's own error lines),
//   - a page error: an uncaught exception or an unhandled promise rejection,
//   - a renderer crash,
//   - a blank page: the app's #root element is present but empty when the test ends.
// Tolerated by default: the browser's "Failed to load resource: ... status of 4xx" lines,
// because a sandbox for an API answers 4xx on purpose and the browser logs each one; what the
// app does with them is what the spec checks. Override per file or per describe block:
//   test.use({ allowedConsoleErrors: [] })                        // strict: even 4xx lines fail
//   test.use({ allowedConsoleErrors: [...DEFAULT_ALLOWED_CONSOLE_ERRORS, /expected text/] })
//   test.use({ checkBlankPage: false })
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

export { expect };

/** Console error texts tolerated unless a spec says otherwise. */
export const DEFAULT_ALLOWED_CONSOLE_ERRORS: readonly (string | RegExp)[] = [/^Failed to load resource: the server responded with a status of 4\d\d\b/];

export interface PageProblem {
  kind: "console-error" | "page-error" | "crash" | "blank-page";
  text: string;
  where?: string;
}

interface Options {
  /** Console errors matching any entry (substring or RegExp) do not fail the test. */
  allowedConsoleErrors: readonly (string | RegExp)[];
  /** Fail the test when #root is present but empty at its end. */
  checkBlankPage: boolean;
}

interface Fixtures {
  /** Problems seen on `page` so far; a spec may inspect it, and must leave it empty to pass. */
  pageProblems: PageProblem[];
}

function isAllowed(text: string, allowed: readonly (string | RegExp)[]): boolean {
  return allowed.some((entry) => (typeof entry === "string" ? text.includes(entry) : entry.test(text)));
}

function where(message: ConsoleMessage): string | undefined {
  const { url, lineNumber, columnNumber } = message.location();
  return url ? `${url}:${String(lineNumber + 1)}:${String(columnNumber + 1)}` : undefined;
}

export const test = base.extend<Fixtures & Options>({
  allowedConsoleErrors: [DEFAULT_ALLOWED_CONSOLE_ERRORS, { option: true }],
  checkBlankPage: [true, { option: true }],

  // Playwright requires the first parameter to be an object pattern, even an empty one.
  // eslint-disable-next-line no-empty-pattern
  pageProblems: async ({}, use) => {
    await use([]);
  },

  // The built-in `page`, watched: only tests that use a page pay for (and get) the checks.
  page: async ({ page, pageProblems, allowedConsoleErrors, checkBlankPage, baseURL }, use, testInfo) => {
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (isAllowed(text, allowedConsoleErrors)) return;
      pageProblems.push({ kind: "console-error", text, where: where(message) });
    });
    page.on("pageerror", (error) => {
      pageProblems.push({ kind: "page-error", text: error.stack ?? `${error.name}: ${error.message}` });
    });
    page.on("crash", () => {
      pageProblems.push({ kind: "crash", text: "the page crashed" });
    });

    await use(page);

    const onApp = baseURL !== undefined && page.url().startsWith(baseURL);
    if (checkBlankPage && onApp && !page.isClosed() && testInfo.errors.length === 0) {
      const children = await page.evaluate(() => document.getElementById("root")?.childElementCount ?? -1);
      if (children === 0) {
        pageProblems.push({ kind: "blank-page", text: `#root is empty at the end of the test (${page.url()})` });
      }
    }
    if (pageProblems.length > 0) {
      await testInfo.attach("page-problems.json", {
        body: JSON.stringify(pageProblems, null, 2),
        contentType: "application/json",
      });
    }
    expect(pageProblems, "console errors, page errors or a blank page during the test").toEqual([]);
  },
});

/**
 * A live update (the Traffic view, the explorer, another tab): waits with the usual expectation limit and prints
 * how long it took. The product's "within 2 s" is a figure read here, not a limit: a machine three times slower
 * must still pass (docs/decisions/0020). What the test proves is that it came without a reload, and the views
 * waited on poll nothing, so only the live channel can bring it within the limit.
 */
export async function seenLive(what: string, arrived: () => Promise<void>): Promise<void> {
  const started = Date.now();
  await arrived();
  const ms = Date.now() - started;
  console.log(`live: ${what} after ${String(ms)} ms`);
  test.info().annotations.push({ type: "live", description: `${what}: ${String(ms)} ms` });
}

/**
 * axe-core on the page, run in it (axe's "legacy" mode): without it, every analysis opens a page of its own to merge
 * the frames' results, which was half of each analysis' CPU (decision 0063). The portal has no cross-origin frame, the
 * one thing that mode leaves out. The analysis waits for the sandbox to be ready: a page whose load began before the
 * sandbox's service worker was active is reloaded once by msw when the sandbox starts, and an analysis running then
 * would lose its page.
 */
export function axeOf(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const analyze = builder.analyze.bind(builder);
  builder.analyze = async () => {
    await expect(page.getByRole("status").filter({ hasText: "Sandbox ready" })).toBeVisible({ timeout: 60_000 });
    return analyze();
  };
  return builder;
}

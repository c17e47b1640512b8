// The layout holds (issue 28, point 5): the header one row at 1024 and 1280 px whichever sandbox is
// chosen, OpenAPI a page of the portal, and what a walk through the portal found: long texts that
// overflowed, empty bands, inline radios, a fixed-height box, times in two clocks, counts in the
// plural for one, and a key "offered once" that never was.
import type { Locator } from "@playwright/test";
import { DEFAULT_ALLOWED_CONSOLE_ERRORS, expect, test } from "./fixtures";
import { answer, answerBody, fieldIn, openConsole, send, SLOW } from "./journey-steps";

/** How far a panel's first block sits below its padding: 0 when nothing but the padding is above it. */
const bandAbove = (panel: Locator, first: Locator) =>
  Promise.all([
    panel.evaluate((element) => {
      const style = getComputedStyle(element);
      return element.getBoundingClientRect().top + Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.paddingTop);
    }),
    first.evaluate((element) => element.getBoundingClientRect().top),
  ]).then(([inside, top]) => top - inside);

/** Whether any element inside `scope` is wider than its box (text running out of it). */
const overflowing = (scope: Locator) =>
  scope.evaluate((root) =>
    [root, ...root.querySelectorAll("*")]
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === "visible")
      .map((element) => element.tagName),
  );

test.describe("the header keeps one row", () => {
  // The closed port's requests are logged by the browser; the header's answer to them is what is checked.
  test.use({
    allowedConsoleErrors: [[...DEFAULT_ALLOWED_CONSOLE_ERRORS, /^Failed to load resource: net::ERR_(FAILED|CONNECTION_REFUSED)/], { scope: "test" }],
  });

  for (const width of [1024, 1280])
    test(`at ${String(width)} px, with this browser's sandbox and with a server chosen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      // Nothing listens on this port: the longest state the header writes ("Sandbox unreachable · server 127.0.0.1:…").
      const closed = `http://127.0.0.1:${String(Number(process.env.E2E_PORT ?? 4173) + 19)}`;
      for (const [choice, state] of [
        ["browser", "Sandbox ready · this browser"],
        [closed, "Sandbox unreachable · server"],
      ] as const) {
        await page.goto(`/try/createPayment?sandbox=${encodeURIComponent(choice)}`);
        await expect(page.getByRole("banner").getByText(state)).toBeAttached(SLOW);
        const header = await page.getByRole("banner").boundingBox();
        const link = await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).boundingBox();
        // One row: as tall as a line of links and its padding, and every link on it.
        expect(header?.height, `${choice} at ${String(width)}`).toBeLessThanOrEqual(64);
        expect((link?.y ?? 0) + (link?.height ?? 0)).toBeLessThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
      }
    });
});

test.describe("at 1024 px", () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("a refused signature's message, digests and all, stays inside the answer", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    await page.getByRole("tab", { name: "Headers" }).click();
    await page.getByRole("combobox", { name: "Signature" }).selectOption({ label: "Change the body after signing" });
    await send(page, 401);
    await expect(
      answer(page)
        .getByRole("listitem")
        .filter({ hasText: /digest|Digest/ }),
    ).toBeVisible();
    expect(await overflowing(answer(page))).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(1024);
  });
});

test.describe("the walk through the portal", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("OpenAPI opens a page of the portal, which offers the document in a new tab", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "OpenAPI" }).click();
    await expect(page).toHaveURL(/\/openapi$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The OpenAPI document", SLOW);
    await expect(page.getByRole("heading", { name: "What a generator gets" })).toBeVisible();
    const open = page.getByRole("link", { name: "Open /openapi.json in a new tab" });
    await expect(open).toHaveAttribute("target", "_blank");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), open.click()]);
    await tab.waitForLoadState();
    expect(JSON.parse(await tab.locator("body").innerText())).toMatchObject({ openapi: "3.1.0" });
    await tab.close();
  });

  test("no empty band above a panel's first line: the form's list of fixes, Settings' “In use:”, “Add a rule”", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    await fieldIn(page, "instructedAmount", "amount").fill("12,5");
    await page.getByRole("button", { name: "Send POST" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "before sending" });
    expect(await bandAbove(summary, summary.getByRole("heading", { name: "Fix this field before sending" }))).toBeLessThanOrEqual(2);

    await page.goto("/settings");
    const inUse = page.locator(".settings-section .panel").filter({ hasText: "In use:" }).first();
    await expect(inUse).toContainText("ready", SLOW);
    expect(await bandAbove(inUse, inUse.getByText(/^In use:/))).toBeLessThanOrEqual(2);
    // And its choices are one to a line.
    const [browserChoice, serverChoice] = await Promise.all([
      page
        .getByRole("radio", { name: /^This browser/ })
        .locator("xpath=..")
        .boundingBox(),
      page
        .getByRole("radio", { name: /^A sandbox server/ })
        .locator("xpath=..")
        .boundingBox(),
    ]);
    expect((serverChoice?.y ?? 0) >= (browserChoice?.y ?? 0) + (browserChoice?.height ?? 0) - 1).toBe(true);

    await page.goto("/sandbox/scenarios");
    const form = page.getByRole("form", { name: "Add a rule" });
    expect(await bandAbove(form, form.getByRole("heading", { name: "Add a rule" }))).toBeLessThanOrEqual(2);
  });

  test("one transaction is “1 transaction”", async ({ page }) => {
    await openConsole(page, "/try/createSandboxAccount", (current) => current.getByLabel(/^customerNumber\b/));
    await page.getByLabel(/^customerNumber\b/).fill("15829010019");
    await page.getByLabel(/^accountName\b/).fill("Feriekonto");
    await send(page, 201);
    const account = await answerBody(page);
    const id = String(account.resourceId);
    await openConsole(page, `/try/createSandboxTransaction?mockAccountId=${encodeURIComponent(id)}`, (current) => fieldIn(current, "debtorAccount", "bban"));
    // A sandbox transaction's debtor is the account itself; the creditor Kari's Brukskonto of the fixed data.
    await fieldIn(page, "debtorAccount", "bban").fill(String(account.bban));
    await fieldIn(page, "creditorAccount", "bban").fill("97100000028");
    await send(page, 201);
    await page.goto(`/sandbox/transactions?account=${encodeURIComponent(id)}`);
    await expect(page.getByLabel("Account").locator("option:checked")).toHaveText(new RegExp(`· 1 transaction \\(${id}\\)$`), SLOW);
  });

  test("a certificate the portal made for the first request: the quick start does not say its key was offered", async ({ page }) => {
    await openConsole(page, "/try/registerContactEmail");
    await send(page, 200);
    await page.goto("/quick-start");
    const files = page.getByRole("region", { name: "Key and certificate files" });
    await expect(files.getByRole("button", { name: /^Download the certificate “Sandbox TPP”/ })).toBeVisible(SLOW);
    await expect(files).toContainText("never offered its key");
    await expect(files).not.toContainText("offered once");
  });
});

test.describe("the history, seen from New York", () => {
  // The machine's clock in another zone than the bank's: the history writes Oslo time, as the sandbox does.
  test.use({ viewport: { width: 1280, height: 800 }, timezoneId: "America/New_York" });

  const osloNow = (at: number) =>
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Oslo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);

  test("each row says when in Oslo time and which sandbox it went to; the list is as tall as its rows", async ({ page }) => {
    await openConsole(page, "/try/getPaymentStatus?paymentId=no-such-payment");
    const before = Date.now();
    await send(page, 404);
    const after = Date.now();
    await page.goto("/history");
    const list = page.getByRole("table", { name: "Sent requests, newest first" });
    const row = list.getByRole("row").filter({ hasText: "Get payment status" });
    await expect(row).toHaveCount(1, SLOW);
    await expect(list.getByRole("columnheader").first()).toHaveText("Sent (Oslo, real time)");
    const time = (await row.locator("time").innerText()).slice(0, 5);
    expect([osloNow(before), osloNow(after)]).toContain(time);
    await expect(row).toContainText("this browser");
    await expect(row.getByRole("link")).toHaveAccessibleName(/sent [\d:]+ to this browser's sandbox$/);
    // No empty box under the one row.
    const [box, table] = await Promise.all([
      page.locator(".history-list").evaluate((element) => element.clientHeight),
      list.evaluate((element) => element.getBoundingClientRect().height),
    ]);
    expect(box).toBeLessThanOrEqual(table + 2);
  });
});

// The portal on a phone (issue 30): at 390 px (and 360 px for the widest pages) no page scrolls
// sideways, the header is a quarter of the screen at most with the navigation behind a menu button,
// axe finds nothing serious; a payment goes through the console and the bank page one-handed.
import type { Page } from "@playwright/test";
import { axeOf, expect, test } from "./fixtures";
import { answer, fieldIn, openConsole, sandboxReady, SLOW } from "./journey-steps";

const PAGES = [
  "/",
  "/reference",
  "/reference/createPayment",
  "/try",
  "/try/createPayment",
  "/try/getPaymentStatus",
  "/quick-start",
  "/first-payment",
  "/sandbox",
  "/sandbox/transactions",
  "/sandbox/payments",
  "/sandbox/clock",
  "/sandbox/scenarios",
  "/sandbox/identities",
  "/sandbox/data",
  "/history",
  "/traffic",
  "/settings",
  "/openapi",
  "/decisions/0037-scenarios",
];

/** What is wrong with the page as it is now at a phone's width: sideways scrolling, a tall header, no menu button, axe. */
async function phoneProblems(page: Page, address: string): Promise<string[]> {
  await page.goto(address);
  await sandboxReady(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible(SLOW);
  await expect(page.locator(".skeleton-row, .skeleton-card, .loading, [aria-busy='true']")).toHaveCount(0, SLOW);
  const problems: string[] = [];
  const { scrollWidth, innerWidth, innerHeight } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
    innerHeight: window.innerHeight,
  }));
  if (scrollWidth > innerWidth) problems.push(`${address}: the page scrolls sideways (${String(scrollWidth)} px wide in ${String(innerWidth)})`);
  const header = await page.getByRole("banner").boundingBox();
  if (!header || header.height > innerHeight / 4) problems.push(`${address}: the header is ${String(header?.height)} px of ${String(innerHeight)}`);
  const menu = page.getByRole("button", { name: "Menu" });
  if (!(await menu.isVisible()) || (await menu.getAttribute("aria-expanded")) !== "false") problems.push(`${address}: no closed menu button`);
  if (await page.getByRole("navigation", { name: "Main" }).isVisible()) problems.push(`${address}: the navigation is not folded`);
  const results = await axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  for (const violation of results.violations.filter((found) => found.impact === "serious" || found.impact === "critical"))
    problems.push(`${address}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  return problems;
}

test.describe("on a phone, 390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every main page fits: no sideways scroll, the header a quarter of the screen at most, a menu button, nothing serious for axe", async ({ page }) => {
    // Twenty pages, each loaded and checked by axe (1–3 s each here): four times that, for a machine three times slower.
    test.setTimeout(300_000);
    const problems: string[] = [];
    for (const address of PAGES) problems.push(...(await phoneProblems(page, address)));
    expect(problems).toEqual([]);
  });

  test("the menu opens and closes from the keyboard, Escape gives the focus back, a link followed folds it", async ({ page }) => {
    await page.goto("/reference");
    const menu = page.getByRole("button", { name: "Menu" });
    const navigation = page.getByRole("navigation", { name: "Main" });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(navigation).toBeVisible();
    await expect(navigation.getByRole("link", { name: "API reference" })).toHaveAttribute("aria-current", "page");
    // The links follow the button: the next Tab is the first of them.
    await page.keyboard.press("Tab");
    await expect(navigation.getByRole("link", { name: "Overview" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(navigation).toBeHidden();
    await expect(menu).toBeFocused();
    await page.keyboard.press("Space");
    await expect(navigation).toBeVisible();
    await page.keyboard.press("Space");
    await expect(navigation).toBeHidden();
    // Tabbing on past the header's last link folds the menu, so the focus never goes on under it.
    await page.keyboard.press("Enter");
    for (let presses = 0; presses < 15 && (await page.evaluate(() => document.activeElement?.closest("header") !== null)); presses++)
      await page.keyboard.press("Tab");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(navigation).toBeHidden();
    await menu.click();
    await navigation.getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(navigation).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  test("a payment one-handed: form, Send and answer in that order, the answer's status and id in view after Send, the bank page and the callback fit", async ({
    page,
  }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    const sendButton = page.getByRole("button", { name: "Send POST" });
    // Send stays under the thumb while the form scrolls.
    await expect(sendButton).toBeInViewport();
    const order = await page.evaluate(() => {
      const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN;
      return [top("[role=tablist][aria-label=Request]"), top("button[type=submit]"), top("section[aria-label=Answer]")];
    });
    expect(order).toEqual([...order].sort((a, b) => a - b));

    await sendButton.click();
    const status = answer(page).locator(".result-status .status");
    await expect(status).toHaveText("201", SLOW);
    await expect(status).toBeInViewport();
    const paymentId = answer(page)
      .locator("dt", { hasText: /^paymentId$/ })
      .locator("xpath=following-sibling::dd[1]");
    await expect(paymentId).toBeInViewport();
    await expect(
      answer(page)
        .locator("dt", { hasText: /^transactionStatus$/ })
        .locator("xpath=following-sibling::dd[1]"),
    ).toHaveText("RCVD");
    const id = (await paymentId.locator("code").innerText()).trim();

    // The inspector and the code are one tap away.
    await page.getByRole("tab", { name: "Inspector" }).click();
    await expect(page.getByRole("region", { name: "Request inspector: last sent" })).toBeVisible();
    await page.getByRole("tab", { name: "Code" }).click();
    await expect(page.getByRole("button", { name: "Show code: bash, Node.js, Python, Java, Go" })).toBeVisible();
    await page.getByRole("tab", { name: "Response" }).click();
    await expect(page.getByRole("tabpanel", { name: "Response" })).toContainText(`"paymentId": "${id}"`);

    await answer(page).getByRole("link", { name: "Open the bank to authorise (SCA)" }).click();
    const approve = page.getByRole("button", { name: "Approve" });
    await expect(approve).toBeVisible(SLOW);
    await expect(approve).toBeInViewport();
    // Account numbers as the server's bank page writes them: 1234.56.78903.
    for (const side of ["To", "From"])
      await expect(page.locator("dt", { hasText: new RegExp(`^${side}$`) }).locator("xpath=following-sibling::dd[1]")).toContainText(/\d{4}\.\d{2}\.\d{5}$/);
    await expect(page.getByRole("definition").filter({ hasText: id })).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(390);
    await approve.click();
    await expect(page.getByText("The PSU approved with SCA.")).toBeVisible(SLOW);
    await expect(page.getByRole("link", { name: "Get the payment status" })).toBeInViewport();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("on a small phone, 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("the widest pages fit and axe finds nothing serious (the console's form, the explorer, the quick start)", async ({ page }) => {
    test.setTimeout(120_000);
    const problems: string[] = [];
    for (const address of ["/try/createPayment", "/sandbox", "/quick-start", "/reference/createPeriodicPayment"])
      problems.push(...(await phoneProblems(page, address)));
    expect(problems).toEqual([]);
  });
});

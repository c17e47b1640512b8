// The console built around the answer (issue 28, point 4): after Send the answer's status, id and
// transactionStatus are in view beside the form at 1280×800, the body one click away; the request's
// parts and the answer's are tabs, worked by the arrow keys; folded what the portal fills in.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { answer, fieldIn, openConsole, sandboxReady, send, showHeaders, SLOW } from "./journey-steps";

/** A fact of the answer panel (paymentId, transactionStatus, Retry-After): its value. */
const fact = (page: Page, name: string): Locator =>
  answer(page)
    .locator("dt", { hasText: new RegExp(`^${name}$`) })
    .locator("xpath=following-sibling::dd[1]");

test.describe("at 1280×800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("after Send the answer's status, paymentId and transactionStatus are in view beside the form, its body one click away", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    await page.getByRole("button", { name: "Send POST" }).click();
    await expect(answer(page).locator(".result-status")).toContainText("201 Created", SLOW);
    await expect(answer(page).locator(".result-status")).toBeInViewport({ ratio: 1 });
    await expect(fact(page, "paymentId")).toBeInViewport({ ratio: 1 });
    await expect(fact(page, "paymentId")).toHaveText(/^[0-9a-f-]{36}/);
    await expect(fact(page, "transactionStatus")).toHaveText("RCVD");
    await expect(fact(page, "transactionStatus")).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Beside the form, not under it.
    const form = await page.getByRole("form", { name: "Create NDCT payment request" }).boundingBox();
    const panel = await answer(page).boundingBox();
    expect((panel?.x ?? 0) > (form?.x ?? 0) + (form?.width ?? 0) - 1).toBe(true);

    // The body: the Response tab is chosen after the send, and the button beside the facts leads there.
    await page.getByRole("tab", { name: "Inspector" }).click();
    await answer(page).getByRole("button", { name: "Response body" }).click();
    await expect(page.getByRole("tab", { name: "Response" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Response" })).toBeFocused();
    const id = await fact(page, "paymentId").locator("code").innerText();
    await expect(page.getByRole("tabpanel", { name: "Response" }).getByRole("figure").filter({ hasText: "Response body" })).toContainText(
      `"paymentId": "${id}"`,
    );
  });

  test("a 429 a scenario forces: Retry-After and the scenario in the answer; the rule's Retry-After field starts filled", async ({ page }) => {
    await page.goto("/sandbox/scenarios");
    await sandboxReady(page);
    const form = page.getByRole("form", { name: "Add a rule" });
    await form.getByLabel("Operation").selectOption("getPaymentStatus");
    await form.getByLabel("Forced outcome").selectOption("too-many-requests");
    // The value the outcome needs is there as soon as the outcome is chosen (the header's example), so the rule adds.
    await expect(form.getByLabel(/^Retry-After/)).toHaveValue("10");
    await form.getByRole("button", { name: "Add rule" }).click();
    await expect(page.getByRole("table", { name: "Rules" }).getByRole("row")).toHaveCount(2, SLOW);
    await expect(page.getByRole("table", { name: "Rules" })).toContainText("429 ACCESS_EXCEEDED, Retry-After 10 s");

    await openConsole(page, "/try/getPaymentStatus?paymentId=any-payment");
    await send(page, 429);
    await expect(fact(page, "Retry-After")).toHaveText("10 s");
    await expect(fact(page, "Retry-After")).toBeInViewport({ ratio: 1 });
    await expect(answer(page)).toContainText(/Forced by a sandbox scenario: rule rule-\w+ \(too-many-requests;retry-after=10\)/);
    await expect(answer(page).getByRole("listitem").filter({ hasText: "ACCESS_EXCEEDED" })).toBeInViewport();
  });

  test("the request's parts and the answer's are tabs: the arrow keys, Home and End move between them", async ({ page }) => {
    await openConsole(page, "/try/getPaymentStatus?paymentId=any-payment");
    const request = page.getByRole("tablist", { name: "Request", exact: true });
    await expect(request.getByRole("tab")).toHaveText(["Parameters", "Headers"]);
    const parameters = request.getByRole("tab", { name: "Parameters" });
    await expect(parameters).toHaveAttribute("aria-selected", "true");
    await parameters.focus();
    await page.keyboard.press("ArrowRight");
    await expect(request.getByRole("tab", { name: "Headers" })).toBeFocused();
    await expect(request.getByRole("tab", { name: "Headers" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Headers" })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: "Parameters" })).toBeHidden();
    await page.keyboard.press("ArrowRight");
    await expect(parameters).toBeFocused();
    await page.keyboard.press("End");
    await expect(request.getByRole("tab", { name: "Headers" })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(parameters).toBeFocused();
    // One Tab stop for the list: the next Tab is in the chosen panel.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel", { name: "Parameters" }).getByLabel(/^paymentId\b/)).toBeFocused();

    const answerTabs = page.getByRole("tablist", { name: "Answer and request" });
    await expect(answerTabs.getByRole("tab")).toHaveText(["Response", "Inspector", "Code"]);
    await answerTabs.getByRole("tab", { name: "Inspector" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(answerTabs.getByRole("tab", { name: "Code" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Show code: bash, Node.js, Python, Java, Go" })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(answerTabs.getByRole("tab", { name: "Response" })).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "Response" })).toContainText("Nothing sent yet");
  });

  test("the body a user came to edit first: the portal's headers and the deprecated structured reference folded", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    await expect(page.getByRole("tab", { name: "Body" })).toHaveAttribute("aria-selected", "true");
    await expect(fieldIn(page, "instructedAmount", "amount")).toBeInViewport();
    // Deprecated, so folded: its summary says so, its fields wait behind it.
    const deprecated = page.locator("details.deprecated-group");
    await expect(deprecated.locator("summary")).toHaveText(/remittanceInformationStructured\s+deprecated/);
    await expect(deprecated.getByRole("group", { name: /^remittanceInformationStructured\b/ })).toBeHidden();
    await deprecated.locator("summary").click();
    await expect(deprecated.getByRole("group", { name: /^remittanceInformationStructured\b/ }).getByLabel(/^reference\b/)).toBeVisible();

    await page.getByRole("tab", { name: "Headers" }).click();
    // Who the payment is for is in view; what the portal fills in (session, redirect, the PSU's address, X-Request-ID) is folded.
    await expect(page.getByLabel(/^PSU-ID\b/)).toBeVisible();
    for (const name of ["TPP-Session-ID", "TPP-Redirect-URI", "PSU-IP-Address", "X-Request-ID"])
      await expect(page.getByLabel(new RegExp(`^${name}\\b`))).toBeHidden();
    await page.getByText(/^Headers the portal fills in \(\d+\)$/).click();
    await expect(page.getByLabel(/^TPP-Redirect-URI\b/)).toBeVisible();
  });

  test("a field to fix on another tab: its link shows the tab, unfolds the group and takes the focus; the answer before is not shown as this send's", async ({
    page,
  }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    await send(page, 201);
    await showHeaders(page);
    await page.getByLabel(/^PSU-IP-Address\b/).fill("not an address");
    await page.getByText(/^Headers the portal fills in/).click();
    await page.getByRole("tab", { name: "Body" }).click();

    await page.getByRole("button", { name: "Send POST" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "before sending" });
    await expect(summary).toBeFocused();
    // The 201 of the send before is not this send's answer.
    await expect(answer(page)).toContainText("Not sent:");
    await expect(answer(page).locator(".result-status")).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Headers" })).toHaveAccessibleName("Headers 1 to fix");

    await summary.getByRole("link", { name: "PSU-IP-Address" }).click();
    await expect(page.getByRole("tab", { name: /^Headers/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel(/^PSU-IP-Address\b/)).toBeFocused();
    await expect(page.getByLabel(/^PSU-IP-Address\b/)).toBeInViewport();
  });

  test("list positions are written one way, as the sandbox writes them: monthsOfExecution[2]", async ({ page }) => {
    await openConsole(page, "/try/createPeriodicPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    await page.getByLabel(/^frequency\b/).selectOption("MonthlyVariable");
    const months = page.getByLabel(/^monthsOfExecution\b/);
    await months.fill("1, 5, 12");
    await months.blur();
    await expect(months).toHaveAccessibleDescription(/^monthsOfExecution\[2\]: /);
    await page.getByRole("button", { name: "Send POST" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "before sending" }).getByRole("link").filter({ hasText: "monthsOfExecution" })).toHaveText([
      "monthsOfExecution[2]",
    ]);
    await page.getByLabel("Send anyway, even if invalid").check();
    await send(page, 400);
    await expect(answer(page).getByRole("listitem").filter({ hasText: "FORMAT_ERROR" })).toContainText("at monthsOfExecution[2]");
  });
});

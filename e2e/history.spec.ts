import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { axeOf, expect, test } from "./fixtures";
import { SLOW } from "./journey-steps";

/** Sends the console's request for an operation and waits for the answer's status. */
async function sendFromConsole(page: Page, address: string, status: number) {
  await page.goto(address);
  const send = page.getByRole("button", { name: /^Send (GET|POST|PUT|DELETE)$/ });
  // Enabled once this browser's sandbox has started: seconds on a loaded machine, not the default 15.
  await expect(send).toBeEnabled(SLOW);
  await send.click();
  await expect(page.locator(".result-status .status")).toHaveText(String(status), { timeout: 15_000 });
}

async function sendTwo(page: Page) {
  await sendFromConsole(page, "/try/getPaymentStatus?paymentId=no-such-payment", 404);
  await sendFromConsole(page, "/try/registerContactEmail", 200);
}

const list = (page: Page) => page.getByRole("table", { name: "Sent requests, newest first" });
const rowOf = (page: Page, operation: string) =>
  list(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(operation) }) });

/** Clicks and returns the downloaded file's name and text. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
}

test.describe("request history", () => {
  test("lists sent requests with their status, searches, inspects, and keeps them across reloads", async ({ page }) => {
    await sendTwo(page);
    await page.getByRole("link", { name: "History", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request history");
    await expect(list(page).getByRole("row")).toHaveCount(3);
    await expect(rowOf(page, "Get payment status")).toContainText("404");
    await expect(rowOf(page, "Register contact e-mail")).toContainText("200");
    // Newest first.
    await expect(list(page).getByRole("rowheader").first()).toContainText("Register contact e-mail");

    await page.getByRole("searchbox", { name: "Search" }).fill("no-such-payment");
    await expect(list(page).getByRole("row")).toHaveCount(2);
    await expect(page).toHaveURL(/\?q=no-such-payment$/);
    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await page.getByRole("radio", { name: "4xx" }).check();
    await expect(page).toHaveURL(/\?status=4xx$/);
    await expect(list(page).getByRole("row")).toHaveCount(2);

    await rowOf(page, "Get payment status").getByRole("cell").first().click();
    await expect(page).toHaveURL(/\/history\/[\w-]+\?status=4xx$/);
    const inspector = page.getByRole("region", { name: /^Get payment status, sent / });
    const origin = new URL(page.url()).origin;
    await expect(inspector.locator(".request-line")).toContainText(`GET ${origin}/v1/payments/norwegian-domestic-credit-transfers/no-such-payment/status`);
    const requestId = await inspector
      .getByRole("table", { name: "Request headers" })
      .getByRole("row", { name: /X-Request-ID/ })
      .getByRole("cell")
      .textContent();
    await expect(inspector.getByRole("figure").filter({ hasText: "Signing string" })).toContainText(`x-request-id: ${requestId ?? "?"}`);
    await expect(
      inspector
        .getByRole("term")
        .filter({ hasText: /^keyId$/ })
        .first(),
    ).toBeVisible();
    await expect(inspector.getByRole("heading", { name: /Response 404/ })).toBeVisible();
    await expect(inspector.getByRole("figure").filter({ hasText: "Response body" })).toContainText("RESOURCE_UNKNOWN");

    await page.reload();
    await expect(page.getByRole("radio", { name: "4xx" })).toBeChecked();
    await expect(list(page).getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("region", { name: /^Get payment status, sent / })).toBeVisible();
    await page.getByRole("radio", { name: "All" }).check();
    await expect(list(page).getByRole("row")).toHaveCount(3);
  });

  test("exports what was done as a Playwright test and a Postman collection; the code panel downloads the whole collection", async ({ page }) => {
    await sendTwo(page);
    await page.getByRole("link", { name: "History", exact: true }).click();
    const exports = page.getByRole("group", { name: "Export" });
    const spec = await downloaded(page, () => exports.getByRole("button", { name: "Export as Playwright test" }).click());
    expect(spec.name).toBe("portal-journey.spec.ts");
    // Oldest first, each expecting the status it got here; run against the server in the snippets suite.
    expect(spec.text.indexOf('await send(request, 404, "GET"')).toBeLessThan(spec.text.indexOf('await send(request, 200, "PUT"'));
    await expect(page.getByRole("status").filter({ hasText: /^Downloaded portal-journey\.spec\.ts: 2 requests; addressed to http/ })).toBeVisible();

    const collection = await downloaded(page, () => exports.getByRole("button", { name: "Export as Postman collection" }).click());
    const parsed = JSON.parse(collection.text) as { item: { name: string }[]; variable: { key: string; value: string }[] };
    expect(parsed.item.map((item) => item.name)).toEqual(["1. Get payment status", "2. Register contact e-mail"]);
    expect(parsed.variable.find((variable) => variable.key === "tppPrivateKey")?.value).toContain("-----BEGIN PRIVATE KEY-----");

    await page.goto("/try/registerContactEmail");
    await page.getByRole("tab", { name: "Code" }).click();
    await page.getByRole("button", { name: "Show code: bash, Node.js, Python, Java, Go" }).click();
    const whole = await downloaded(page, () =>
      page.getByRole("button", { name: "Download the Postman collection (psd2-sandbox.postman_collection.json)" }).click(),
    );
    const folders = (JSON.parse(whole.text) as { item: { name: string }[] }).item.map((folder) => folder.name);
    // The collection makes its own data first (Setup), so it runs against any sandbox (issue 27 point 4).
    expect(folders).toEqual(["Setup", "Payment journey", "Payments", "Periodic payments", "Signing baskets", "Sandbox data", "TPP"]);
  });

  test("replays a request as a new entry, and copies it as curl with Date and Signature", async ({ page }) => {
    await sendTwo(page);
    await page.goto("/history");
    await rowOf(page, "Register contact e-mail").getByRole("link").click();
    const firstUrl = page.url();
    const requestId = await page
      .getByRole("table", { name: "Request headers" })
      .getByRole("row", { name: /X-Request-ID/ })
      .getByRole("cell")
      .textContent();

    await page.getByRole("button", { name: "Replay" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Replayed as a new request, which answered 200" })).toBeVisible();
    expect(page.url()).not.toBe(firstUrl);
    await expect(list(page).getByRole("row")).toHaveCount(4);
    await expect(rowOf(page, "Register contact e-mail")).toHaveCount(2);
    await expect(list(page).getByRole("row").nth(1)).toHaveClass(/selected/);
    const newId = await page
      .getByRole("table", { name: "Request headers" })
      .getByRole("row", { name: /X-Request-ID/ })
      .getByRole("cell")
      .textContent();
    expect(newId).not.toBe(requestId);

    await page.getByRole("button", { name: "Show as curl" }).click();
    const curl = page.getByRole("figure").filter({ hasText: "curl (as a TPP's server sends it" });
    await expect(curl).toContainText("curl -i -X PUT 'http://127.0.0.1:4010/v1/sandbox/tpp/contact-email'");
    await expect(curl).toContainText("-H 'Date: ");
    await expect(curl).toContainText("-H 'Signature: keyId=");
    await expect(curl).toContainText('headers="digest x-request-id date"');
    await expect(curl).toContainText(`--data-binary '{"email":"developer@tpp.example"}'`);
  });

  test("opens a request in the console with its parameters", async ({ page }) => {
    await sendFromConsole(page, "/try/getPaymentStatus?paymentId=no-such-payment", 404);
    await page.goto("/history");
    await rowOf(page, "Get payment status").getByRole("link").click();
    await page.getByRole("link", { name: "Open in console" }).click();
    await expect(page).toHaveURL(/\/try\/getPaymentStatus\?paymentId=no-such-payment$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Get payment status");
  });

  test("works from the keyboard, and clears the history after asking", async ({ page }) => {
    await sendTwo(page);
    await page.goto("/history");
    await expect(list(page).getByRole("row")).toHaveCount(3);
    await list(page).getByRole("link").first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(list(page).getByRole("link", { name: /Get payment status/ })).toBeFocused();
    await expect(page.getByRole("region", { name: /^Get payment status, sent / })).toBeVisible();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("region", { name: /^Register contact e-mail, sent / })).toBeVisible();

    await page.getByRole("button", { name: "Clear history…" }).click();
    const dialog = page.getByRole("dialog", { name: "Clear the history?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Keep them" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(list(page).getByRole("row")).toHaveCount(3);

    await page.getByRole("button", { name: "Clear history…" }).click();
    await dialog.getByRole("button", { name: "Delete 2 requests" }).click();
    await expect(page.getByText("No requests yet.")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "The history is cleared." })).toBeVisible();
    await expect(page).toHaveURL(/\/history$/);
    await page.reload();
    await expect(page.getByText("No requests yet.")).toBeVisible();
  });

  test("an unknown entry and an empty search say so", async ({ page }) => {
    await page.goto("/history/no-such-entry?q=zzz");
    await expect(page.getByText("No request with this id in the history")).toBeVisible();
    await expect(page.getByText("No requests yet.")).toBeVisible();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`has no serious accessibility violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await sendTwo(page);
      await page.goto("/history?status=4xx");
      await rowOf(page, "Get payment status").getByRole("link").click();
      await expect(page.getByRole("region", { name: /^Get payment status, sent / })).toBeVisible();
      const results = await axeOf(page).analyze();
      const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});

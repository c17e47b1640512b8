import { readFile } from "node:fs/promises";
import { axeOf, expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

// The sandbox lives in IndexedDB per browser context; every test gets a fresh context, so each
// starts from the fixed data set.

async function openExplorer(page: Page, path = "/sandbox") {
  await page.goto(path);
  await expect(page.getByText("Sandbox ready")).toBeVisible();
}

const customers = (page: Page) => page.getByRole("table", { name: /^Customers/ });

test.describe("sandbox explorer", () => {
  test("lists the fixed customers, accounts with balances and agreements", async ({ page }) => {
    await openExplorer(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sandbox explorer");
    await expect(customers(page).getByRole("rowheader", { name: "Kari Nordmann" })).toBeVisible();
    await expect(customers(page).getByRole("row", { name: /Fjordline Testbedrift AS/ })).toContainText("Corporate");
    const account = page.getByRole("article", { name: /Brukskonto acc-001/ });
    await expect(account).toContainText(/Interim available\s+25\s430\.50 NOK/);
    await expect(account.getByRole("link", { name: /transactions of Brukskonto/ })).toHaveAttribute("href", "/sandbox/transactions?account=acc-001");
    const outside = page.getByRole("article", { name: /Skattetrekkskonto/ });
    await expect(outside.getByRole("link", { name: /Add to the agreement/ })).toHaveAttribute("href", "/try/createAgreement");
    await expect(page.getByRole("table", { name: /^Agreements/ })).toContainText("Innbetalinger KID");

    await customers(page)
      .getByRole("button", { name: /Use as PSU in forms\s*: Ola Nordmann/ })
      .click();
    await expect(customers(page).getByRole("row", { name: /Ola Nordmann/ })).toContainText("PSU in forms");
    const settings = await page.evaluate(() => localStorage.getItem("psd2-portal-settings"));
    expect(settings).toContain("5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a22");
  });

  test("test identities: a company made from a generated organisation number, with its account in the agreement, becomes the PSU", async ({ page }) => {
    await openExplorer(page, "/sandbox/identities");
    const companies = page.getByRole("region", { name: "Organisation numbers" });
    const first = companies.getByRole("listitem").first();
    await expect(first.getByRole("code")).toHaveText(/^[89]\d{8}$/);
    const organisationNumber = (await first.getByRole("code").textContent()) ?? "";
    await first.getByRole("button", { name: /Create customer with an account/ }).click();
    const done = page.locator(".panel-ok");
    await expect(done).toContainText(`Company ${organisationNumber} has account`);
    await expect(done).toContainText("in its agreement");
    await done.getByRole("button", { name: /Use as PSU in forms/ }).click();
    await expect(done).toContainText("PSU in forms");
    await page.getByRole("link", { name: "Customers & accounts" }).click();
    await expect(customers(page).getByRole("row", { name: new RegExp(organisationNumber) })).toContainText("PSU in forms");
    // A company's PSU acts for it: the payment form names the company too (spec 7 rule 1).
    await page.goto("/try/createPayment");
    await expect(page.getByLabel(/^PSU-Corporate-ID/)).toHaveValue(organisationNumber);
  });

  test("pages through transactions by the Link header, forward and back", async ({ page }) => {
    await openExplorer(page, "/sandbox/transactions?account=acc-001");
    await page.getByLabel(/Page size/).fill("10");
    await page.getByRole("button", { name: "Show transactions" }).click();
    const summary = page.getByTestId("page-summary");
    await expect(summary).toContainText(/Page 1 of \d+: transactions 1–10 of \d+/);
    const table = page.getByRole("table", { name: /Transactions of Brukskonto/ });
    const firstRow = table.locator("tbody tr").first();
    const pageOne = (await firstRow.textContent()) ?? "";
    await expect(page.getByRole("button", { name: "Previous page" })).toBeDisabled();

    await page.getByRole("button", { name: "Next page" }).click();
    await expect(summary).toContainText(/Page 2 of \d+: transactions 11–20/);
    await expect(firstRow).not.toHaveText(pageOne);
    const pageTwo = (await firstRow.textContent()) ?? "";

    await page.getByRole("button", { name: "Previous page" }).click();
    await expect(summary).toContainText(/Page 1 of \d+: transactions 1–10/);
    await expect(firstRow).toHaveText(pageOne);
    expect(pageTwo).not.toBe(pageOne);
    await expect(table.locator("tbody tr")).toHaveCount(10);
    await expect(table).toContainText(/NOK/);

    // The requests went through the signed operation, so they are in the history.
    await page.getByRole("link", { name: /This request in the history/ }).click();
    await expect(page).toHaveURL(/\/history\//);
  });

  test("the sandbox refuses a bad date range, and says why", async ({ page }) => {
    await openExplorer(page, "/sandbox/transactions?account=acc-001");
    await page.getByLabel(/From booking date/).fill("2026-03-10");
    await page.getByLabel(/To booking date/).fill("2026-03-01");
    await page.getByRole("button", { name: "Show transactions" }).click();
    await expect(page.getByRole("alert")).toContainText("lies before fromDate");
  });

  test("the clock panel advances time by a day and shows the new date", async ({ page }) => {
    await openExplorer(page, "/sandbox/clock");
    const today = page.getByTestId("sandbox-today");
    await expect(today).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    const before = await today.innerText();
    await page.getByRole("button", { name: "+1 day" }).click();
    await expect(page.locator(".clock-outcome")).toContainText("Moved the clock 1 day");
    const expected = new Date(Date.parse(`${before}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await expect(today).toHaveText(expected);
    await expect(page.getByText(/ahead of real time by 1 d/)).toBeVisible();
  });

  test("export then import keeps the data", async ({ page }, testInfo) => {
    await openExplorer(page, "/sandbox/data");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export to a file" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^psd2-sandbox-\d{4}-\d{2}-\d{2}\.json$/);
    const file = testInfo.outputPath("export.json");
    await download.saveAs(file);
    expect(JSON.parse(await readFile(file, "utf8"))).toBeTruthy();

    // The question starts on Cancel; Escape answers it so, and nothing is emptied.
    await page.getByRole("button", { name: "Reset…" }).click();
    await expect(page.getByRole("group", { name: "Confirm: Reset…" }).getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Reset…" })).toBeFocused();
    await page.getByRole("button", { name: "Reset…" }).click();
    await page.getByRole("button", { name: "Yes, empty the sandbox" }).click();
    await expect(page.getByText("The sandbox is empty")).toBeVisible();

    const choosing = page.waitForEvent("filechooser");
    await page.getByLabel("Import a file").click();
    await (await choosing).setFiles(file);
    await expect(page.getByText(/Imported export\.json/)).toBeVisible();

    await page.getByRole("link", { name: "Customers & accounts" }).click();
    await expect(customers(page).getByRole("rowheader", { name: "Kari Nordmann" })).toBeVisible();
    await expect(page.getByRole("article", { name: /Brukskonto acc-001/ })).toContainText(/25\s430\.50 NOK/);
  });

  test("importing a broken file shows the error and changes nothing", async ({ page }) => {
    await openExplorer(page);
    const account = page.getByRole("article", { name: /Brukskonto acc-001/ });
    const count = (await account.getByRole("link", { name: /transactions of Brukskonto/ }).textContent()) ?? "";
    expect(count).toMatch(/^\d+ transactions/);
    await page.getByRole("link", { name: "Data" }).click();
    const input = page.getByLabel("Import a file");
    await input.setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from('{"customers": 42}') });
    await expect(page.getByRole("alert")).toContainText("nothing changed");
    await input.setInputFiles({ name: "not-json.json", mimeType: "application/json", buffer: Buffer.from("{ not json") });
    await expect(page.getByRole("alert")).toContainText("not-json.json is not JSON");

    await page.getByRole("link", { name: "Customers & accounts" }).click();
    await expect(customers(page).getByRole("rowheader", { name: "Kari Nordmann" })).toBeVisible();
    await expect(account.getByRole("link", { name: /transactions of Brukskonto/ })).toHaveText(count);
  });

  test("reset empties the sandbox and initialize refills it", async ({ page }) => {
    await openExplorer(page, "/sandbox/data");
    await page.getByRole("button", { name: "Reset…" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Reset…" })).toBeFocused();
    await page.getByRole("button", { name: "Reset…" }).click();
    await page.getByRole("button", { name: "Yes, empty the sandbox" }).click();
    await expect(page.getByText("The sandbox is empty")).toBeVisible();
    await page.getByRole("link", { name: "Customers & accounts" }).click();
    await expect(page.getByText("No customers: the sandbox is empty.")).toBeVisible();

    await page.getByRole("link", { name: "Data" }).click();
    await page.getByRole("button", { name: "Initialize…" }).click();
    await page.getByRole("button", { name: "Yes, initialize" }).click();
    await expect(page.getByText(/Initialized with the fixed data: 5 customers/)).toBeVisible();
    await page.getByRole("link", { name: "Customers & accounts" }).click();
    await expect(customers(page).getByRole("rowheader", { name: "Ingrid Berg" })).toBeVisible();
  });

  for (const view of ["accounts", "transactions", "payments", "clock", "data"]) {
    test(`the ${view} view has no serious accessibility violation`, async ({ page }) => {
      await openExplorer(page, `/sandbox/${view}`);
      await expect(page.locator(".skeleton-row, .skeleton-card")).toHaveCount(0);
      const results = await axeOf(page).analyze();
      const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
});

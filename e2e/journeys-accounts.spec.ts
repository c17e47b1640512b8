import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { accountCard, answerBody, openConsole, sandboxReady, send } from "./journey-steps";

const customerNumber = (page: Page) => page.getByLabel(/^customerNumber\b/);
const accountName = (page: Page) => page.getByLabel(/^accountName\b/);

/** Creates a sandbox account from the console and returns its resourceId. */
async function createAccount(page: Page, number: string, name: string): Promise<string> {
  await openConsole(page, "/try/createSandboxAccount", customerNumber);
  await customerNumber(page).fill(number);
  await accountName(page).fill(name);
  await send(page, 201);
  const body = await answerBody(page);
  expect(body).toMatchObject({ accountName: name, customerNumber: number });
  expect(body.resourceId).toEqual(expect.any(String));
  return String(body.resourceId);
}

const agreements = (page: Page) => page.getByRole("table", { name: /^Agreements/ });

test.describe("journeys: sandbox accounts", () => {
  test("1. a private customer's new account is listed, in the agreement", async ({ page }) => {
    const id = await createAccount(page, "15829010019", "Feriekonto");

    await page.getByRole("link", { name: "Sandbox", exact: true }).click();
    await sandboxReady(page);
    const card = accountCard(page, `Feriekonto ${id}`);
    await expect(card).toBeVisible();
    await expect(card).toContainText("15829010019");
    await expect(card).toContainText(/Interim available\s+5\s000\.00 NOK/);
    await expect(card).toContainText("In the agreement and the account list");
    await expect(page.getByRole("table", { name: /^Customers/ }).getByRole("row", { name: /15829010019/ })).toContainText("Private");
    await expect(agreements(page).getByRole("row", { name: /15829010019/ })).toContainText("Feriekonto");

    // Kari's fixed customer number gets a third account, in her existing agreement.
    const kari = await createAccount(page, "01817010055", "Bilkonto");
    await page.goto("/sandbox");
    await expect(accountCard(page, `Bilkonto ${kari}`)).toContainText("In the agreement and the account list");
    await expect(accountCard(page, `Bilkonto ${kari}`)).toContainText("Kari Nordmann");
    await expect(agreements(page).getByRole("row", { name: /Kari Nordmann/ })).toContainText("Bilkonto");
  });

  test("2. a corporate account is listed in the agreement only after createAgreement", async ({ page }) => {
    const id = await createAccount(page, "923609016", "Prosjektkonto");

    await page.goto("/sandbox");
    const card = accountCard(page, `Prosjektkonto ${id}`);
    await expect(card).toContainText("Not in the agreement: cannot be a debtor");
    await expect(page.getByRole("table", { name: /^Customers/ }).getByRole("row", { name: /923609016/ })).toContainText("Corporate");
    await expect(agreements(page)).not.toContainText("Prosjektkonto");
    await card.getByRole("link", { name: /Add to the agreement/ }).click();

    await expect(page).toHaveURL(/\/try\/createAgreement$/);
    await sandboxReady(page);
    await page.getByLabel(/^customerNumber\b/).fill("923609016");
    await page.getByLabel(/^accountIds\b/).fill(id);
    await send(page, 201);
    expect(await answerBody(page)).toMatchObject({ customerNumber: "923609016", accountIds: [id] });

    await page.goto("/sandbox");
    await expect(card).toContainText("In the agreement and the account list");
    await expect(card.getByRole("link", { name: /Add to the agreement/ })).toHaveCount(0);
    await expect(agreements(page).getByRole("row", { name: /923609016/ })).toContainText("Prosjektkonto");
  });
});

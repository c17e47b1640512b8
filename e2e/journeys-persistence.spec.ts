import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { accountCard, answerBody, createPayment, lastSent, openConsole, sandboxReady, send, SLOW, watch } from "./journey-steps";

const cards = (page: Page) => page.getByRole("list", { name: "Stored certificates, newest first" }).getByRole("listitem");
const card = (page: Page, label: string) => cards(page).filter({ has: page.getByRole("heading", { name: new RegExp(`^${label}`) }) });
const history = (page: Page) => page.getByRole("table", { name: "Sent requests, newest first" });

/** What must survive a reload and a second page: the sandbox's data, the history, the chosen certificate. */
async function expectEverythingKept(page: Page, account: { id: string; name: string }, paymentId: string) {
  await page.goto("/sandbox");
  await sandboxReady(page);
  await expect(accountCard(page, `${account.name} ${account.id}`)).toContainText("In the agreement and the account list");
  await page.getByRole("link", { name: "Payments", exact: true }).click();
  await expect(page.getByRole("article").filter({ hasText: paymentId })).toContainText("RCVD");

  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(history(page).getByRole("rowheader", { name: /Create sandbox account/ })).toHaveCount(1);
  await expect(history(page).getByRole("rowheader", { name: /Create NDCT payment/ })).toHaveCount(1);

  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(card(page, "E2E Persist")).toContainText("in use");
  await expect(card(page, "Sandbox TPP")).not.toContainText("in use");
}

test.describe("journeys: nothing is lost on reload", () => {
  test("9. an account, a payment, the history and the chosen certificate survive a reload and a new page", async ({ page, context, pageProblems }) => {
    await openConsole(page, "/try/createSandboxAccount", (current) => current.getByLabel(/^customerNumber\b/));
    await page.getByLabel(/^accountName\b/).fill("Persistkonto");
    await send(page, 201);
    const account = { id: String((await answerBody(page)).resourceId), name: "Persistkonto" };

    // The first send made and chose the default "Sandbox TPP" certificate; a second one is generated and chosen instead.
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel("TPP name (CN)").fill("E2E Persist");
    await page.getByLabel(/^Organisation name/).fill("E2E Persist AS");
    await page.getByLabel(/^organizationIdentifier/).fill("987");
    await page.getByRole("button", { name: "Generate certificate and key" }).click();
    await page.getByRole("button", { name: "Use it to sign requests" }).click(SLOW);
    await page.getByRole("button", { name: "Done, I have the key" }).click();
    await expect(card(page, "E2E Persist")).toContainText("in use");
    await expect(card(page, "Sandbox TPP")).not.toContainText("in use");
    const serial = await card(page, "E2E Persist")
      .locator("dt", { hasText: /^Serial$/ })
      .locator("xpath=following-sibling::dd[1]")
      .innerText();

    const { paymentId } = await createPayment(page);
    await expect(await lastSent(page)).toContainText(`SN=${serial},CA=CN=E2E Persist`);

    await page.reload();
    await expectEverythingKept(page, account, paymentId);
    await page.goto("/try/registerContactEmail");
    await page.getByRole("tab", { name: "Inspector" }).click();
    await expect(page.getByRole("region", { name: "Request inspector: live preview" })).toContainText(`SN=${serial},CA=CN=E2E Persist`, SLOW);

    const second = await context.newPage();
    watch(second, pageProblems);
    await expectEverythingKept(second, account, paymentId);
    await second.close();
  });
});

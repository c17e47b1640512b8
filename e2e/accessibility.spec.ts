import type { Page } from "@playwright/test";
import { axeOf, expect, test } from "./fixtures";
import { answer, createPayment, fieldIn, openConsole, runBatchNow, sandboxReady, send, showHeaders, SLOW } from "./journey-steps";

// axe-core on every page of the portal, light and dark. The history and settings pages have their
// own checks in both schemes (history.spec.ts, settings.spec.ts); the explorer's views are checked
// here with data in them (a payment, a batch outcome), which explorer.spec.ts does not show.

/** Serious and critical violations on the page as it is now, one line each (empty when clean). */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  await expect(page.locator(".skeleton-row, .skeleton-card, .loading")).toHaveCount(0, SLOW);
  const results = await axeOf(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${where}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

async function check(page: Page, address: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  await page.goto(address);
  await ready(page);
  return seriousViolations(page, address);
}

const heading = (text: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1 })).toContainText(text, SLOW);
};

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${colorScheme}`, () => {
    test.use({ colorScheme });

    test("overview, reference, console index and the not-found pages", async ({ page }) => {
      const found = [
        ...(await check(page, "/", heading(/./))),
        ...(await check(page, "/reference", heading(/reference/i))),
        ...(await check(page, "/reference/createPeriodicPayment", heading("Create periodic NDCT payment"))),
        ...(await check(page, "/reference/getPaymentStatus", heading("Get payment status"))),
        ...(await check(page, "/first-payment", heading("Your first payment"))),
        ...(await check(page, "/try", heading(/./))),
        ...(await check(page, "/no/such/page", heading("Page not found"))),
      ];
      expect(found).toEqual([]);
    });

    test("the console form, before a send, with the form's errors, and with the sandbox's error", async ({ page }) => {
      await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
      await expect(page.getByRole("region", { name: "Request inspector: live preview" })).toBeVisible(SLOW);
      const found = await seriousViolations(page, "/try/createPayment before sending");
      // The headers tab, its folded groups open.
      await showHeaders(page);
      found.push(...(await seriousViolations(page, "/try/createPayment, its headers")));
      await page.getByRole("tab", { name: "Body" }).click();

      // Refused by the form: the summary and the field's error.
      await fieldIn(page, "instructedAmount", "amount").fill("12,5");
      await page.getByRole("button", { name: "Send POST" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "before sending" })).toBeVisible();
      found.push(...(await seriousViolations(page, "/try/createPayment with the form's errors")));

      // Sent anyway: the sandbox's 400 in the answer, at the field, and in the inspector.
      await page.getByLabel("Send anyway, even if invalid").check();
      await send(page, 400);
      await expect(answer(page).getByRole("listitem").filter({ hasText: "FORMAT_ERROR" })).toBeVisible();
      found.push(...(await seriousViolations(page, "/try/createPayment with the sandbox's error")));

      // A refused signature: the signed and rebuilt signing strings side by side.
      await page.getByLabel("Send anyway, even if invalid").uncheck();
      await page.getByRole("button", { name: "Reset to the example" }).click();
      await page.getByRole("tab", { name: "Headers" }).click();
      await page.getByRole("combobox", { name: "Signature" }).selectOption({ label: "Change X-Request-ID after signing" });
      await send(page, 401);
      await answer(page).getByRole("button", { name: "Compare the signing strings" }).click();
      await expect(page.getByRole("group", { name: "What was signed beside what the sandbox rebuilt" })).toBeVisible();
      found.push(...(await seriousViolations(page, "/try/createPayment with a refused signature")));
      expect(found).toEqual([]);
    });

    test("the bank page, the callback (approved and declined) and the explorer with a payment in it", async ({ page }) => {
      // One payment carried through every page it shows on: up to thirteen axe runs of 1–3 s each, 50–65 s on
      // the 2-core machine; four times that, so it holds on a machine three times slower (decision 0020).
      test.setTimeout(240_000);
      const payment = await createPayment(page);
      await answer(page).getByRole("link", { name: "Open the bank to authorise (SCA)" }).click();
      await expect(page.getByRole("button", { name: "Approve" })).toBeVisible(SLOW);
      const found = await seriousViolations(page, "/bank/authorize/payment/{id}");
      await page.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByRole("link", { name: "Get the payment status" })).toBeVisible(SLOW);
      found.push(...(await seriousViolations(page, "/callback?scaResult=ok")));
      found.push(
        ...(await check(page, `/bank/authorize/payment/${payment.paymentId}`, async (current) => {
          await expect(current.getByText(/no longer awaits your approval/)).toBeVisible(SLOW);
        })),
      );
      found.push(
        ...(await check(page, `/callback?paymentId=${payment.paymentId}&scaResult=nok`, async (current) => {
          await expect(current.getByRole("link", { name: "Get the payment status" })).toBeVisible(SLOW);
        })),
      );
      found.push(
        ...(await check(page, "/bank/authorize/payment/no-such-payment", async (current) => {
          await expect(current.getByRole("alert")).toBeVisible(SLOW);
        })),
      );

      await runBatchNow(page, /1 booked/);
      found.push(...(await seriousViolations(page, "/sandbox/clock after a batch run")));
      // explorer.spec.ts checks every view in light with the fixed data; here they hold a booked payment, and dark is checked too.
      for (const view of colorScheme === "dark" ? ["accounts", "payments", "transactions", "data"] : ["accounts", "payments"]) {
        found.push(...(await check(page, `/sandbox/${view}`, sandboxReady)));
      }
      expect(found).toEqual([]);
    });
  });
}

test("the checker run in the page finds what is planted: an image without alt, a field without label", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible(SLOW);
  await page.evaluate(() => {
    const main = document.querySelector("main");
    main?.insertAdjacentHTML("beforeend", '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="1" height="1"><input type="text">');
  });
  const found = (await axeOf(page).analyze()).violations.map((violation) => violation.id);
  expect(found).toEqual(expect.arrayContaining(["image-alt", "label"]));
});

// Scenarios in the browser's sandbox (decision 0037-scenarios): rules added in the explorer survive a
// reload, force a hold and a 503 on the portal's own requests, and every forced answer says so.
import { DEFAULT_ALLOWED_CONSOLE_ERRORS, expect, test } from "./fixtures";
import { SLOW, answer, authorise, createPayment, sandboxReady, send } from "./journey-steps";

// The forced 503 is a failed resource load in the console, as a real one would be.
// (An array given to test.use is read as [value, options], hence the extra brackets.)
test.use({ allowedConsoleErrors: [[...DEFAULT_ALLOWED_CONSOLE_ERRORS, /status of 503\b/], { scope: "test" }] });

test("rules added in the explorer survive a reload, hold a payment until released and answer 503, each marked", async ({ page }) => {
  await page.goto("/sandbox/scenarios");
  await sandboxReady(page);
  const rules = page.getByRole("table", { name: "Rules" });
  const form = page.getByRole("form", { name: "Add a rule" });

  // A bad value is announced and adds nothing.
  await form.getByLabel("Forced outcome").selectOption("delay");
  await form.getByLabel(/^Delay/).fill("40000");
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(form.getByRole("alert")).toContainText("A delay is 1 to 30000 ms.");
  await expect(form.getByLabel(/^Delay/)).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Label (optional)").fill("Hold for review");
  await form.getByLabel("Operation").selectOption("createPayment");
  await form.getByLabel("Forced outcome").selectOption("hold");
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(rules.getByRole("row", { name: /Hold for review/ })).toContainText("Held in ACSP after approval", SLOW);
  await form.getByLabel("Operation").selectOption("getPaymentStatus");
  await form.getByLabel("Forced outcome").selectOption("service-unavailable");
  await form.getByLabel(/^Retry-After/).fill("5");
  await form.getByRole("button", { name: "Add rule" }).click();
  await expect(rules.getByRole("row")).toHaveCount(3, SLOW);

  await page.reload();
  await sandboxReady(page);
  await expect(rules.getByRole("row", { name: /Hold for review/ })).toBeVisible(SLOW);
  await expect(rules).toContainText("503, Retry-After 5 s");

  const payment = await createPayment(page);
  await expect(page.getByRole("tabpanel", { name: "Response" }).locator(".notice")).toContainText(
    /Forced by a sandbox scenario: rule rule-\w+ \(hold;status=ACSP\)/,
  );
  await authorise(page, payment, "Approve");

  await page.getByRole("link", { name: "Get the payment status" }).click();
  await sandboxReady(page);
  await send(page, 503);
  await expect(answer(page)).toContainText("SERVICE_UNAVAILABLE");

  await page.goto("/sandbox/payments");
  await sandboxReady(page);
  const card = page.getByRole("article").filter({ hasText: payment.paymentId });
  await expect(card.locator(".status-badge")).toHaveText("ACSP", SLOW);
  await expect(card).toContainText("Forced by a scenario: Held in ACSP after approval, until released");
  await card.getByRole("button", { name: "Release from the scenario's hold" }).click();
  await expect(card.getByRole("status")).toContainText("Released: ACTC", SLOW);
  await expect(card.locator(".status-badge")).toHaveText("ACTC");

  await page.goto("/history");
  await expect(page.locator(".history-forced").first()).toHaveText(/forced by scenario rule rule-\w+ \(service-unavailable;retry-after=5\)/, SLOW);
});

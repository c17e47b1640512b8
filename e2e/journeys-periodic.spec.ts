import { expect, test } from "./fixtures";
import { answer, fieldIn, openConsole, send } from "./journey-steps";

test.describe("journeys: periodic payments", () => {
  test("6. MonthlyVariable with a month listed twice: refused at the field, and by the sandbox at monthsOfExecution[2]", async ({ page }) => {
    await openConsole(page, "/try/createPeriodicPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    await page.getByLabel(/^frequency\b/).selectOption("MonthlyVariable");
    const months = page.getByLabel(/^monthsOfExecution\b/);
    await months.fill("3, 5, 3");
    await months.blur();

    // The contract's own rule, before anything is sent.
    await expect(months).toHaveAttribute("aria-invalid", "true");
    await expect(months).toHaveAccessibleDescription(/Month 3 is listed twice; each month may appear once\./);
    await page.getByRole("button", { name: "Send POST" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "before sending" });
    await expect(summary).toContainText("Month 3 is listed twice");
    await expect(summary).toBeFocused();
    const id = await months.getAttribute("id");
    await expect(summary.getByRole("link", { name: /monthsOfExecution/ })).toHaveAttribute("href", `#${String(id)}`);
    await expect(answer(page)).toContainText("Not sent: the form lists what to fix above it");

    // Sent anyway: the sandbox refuses it with the item's path, linked to the same field.
    await page.getByLabel("Send anyway, even if invalid").check();
    await send(page, 400);
    const message = answer(page).getByRole("listitem").filter({ hasText: "FORMAT_ERROR" });
    await expect(message).toContainText("Month 3 is listed twice");
    const link = message.getByRole("link", { name: "monthsOfExecution[2]" });
    await expect(link).toHaveAttribute("href", `#${String(id)}`);
    await link.click();
    await expect(months).toBeFocused();
    await expect(months).toBeInViewport();
    await expect(months).toHaveAccessibleDescription(/FORMAT_ERROR/);
  });
});

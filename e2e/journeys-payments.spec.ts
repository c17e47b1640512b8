import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  answer,
  answerBody,
  authorise,
  createPayment,
  fieldIn,
  openConsole,
  OLA,
  runBatchNow,
  sandboxReady,
  send,
  SLOW,
  statusFromCallback,
} from "./journey-steps";

/** The explorer's transaction list of the account with this bban, filtered to one remittance text. */
async function transactionRow(page: Page, bban: string, remittance: string) {
  await page.goto("/sandbox/transactions");
  await sandboxReady(page);
  const select = page.getByLabel("Account", { exact: true });
  const value = await select.locator("option", { hasText: bban }).getAttribute("value");
  await select.selectOption(value ?? "");
  const table = page.getByRole("table", { name: new RegExp(`^Transactions of .*${bban}`) });
  return table.getByRole("row").filter({ hasText: remittance });
}

/** The status of a payment, sent again from the console. */
async function statusOf(page: Page, paymentId: string) {
  await openConsole(page, `/try/getPaymentStatus?paymentId=${paymentId}`);
  await send(page, 200);
  return answerBody(page);
}

test.describe("journeys: single payments", () => {
  test("3. a payment through SCA approval and a batch run to ACSC, booked on both accounts", async ({ page }) => {
    const remittance = `Journey 3 ${String(Date.now())}`;
    await page.goto("/sandbox");
    const kari = page.getByRole("article", { name: /^Brukskonto/ }).filter({ hasText: "Kari Nordmann" });
    await expect(kari).toContainText(/Interim available\s+25\s430\.50 NOK/, SLOW);
    const payment = await createPayment(page, async (form) => {
      await form.getByLabel(/^remittanceInformationUnstructured\b/).fill(remittance);
    });
    expect(payment.amount).toBe("250.00");
    await authorise(page, payment, "Approve");
    await expect(page.getByRole("status").filter({ hasText: "The PSU approved with SCA." })).toBeVisible();
    await statusFromCallback(page, "ACTC");

    await runBatchNow(page, /Ran the batch now\..*1 booked, 0 rejected/s);
    await expect(page.locator(".clock-outcome").getByRole("link", { name: payment.paymentId })).toBeVisible();
    expect((await statusOf(page, payment.paymentId)).transactionStatus).toBe("ACSC");

    await page.goto(`/sandbox/payments?payment=${payment.paymentId}`);
    const card = page.locator("#chosen-payment");
    await expect(card).toContainText("Booked: settled on the debtor's account", SLOW);
    await expect(card.getByRole("list", { name: /^Status timeline/ }).locator("code")).toHaveText(["RCVD", "ACTC", "ACSC"]);
    await expect(card.getByRole("link", { name: "Open the bank page (SCA)" })).toHaveCount(0);
    await page.getByRole("link", { name: "Customers & accounts" }).click();
    await expect(kari).toContainText(/Interim available\s+25\s180\.50 NOK/);

    await expect(await transactionRow(page, payment.debtorBban, remittance)).toContainText(`\u2212${payment.amount} NOK`, SLOW);
    await expect(await transactionRow(page, payment.creditorBban, remittance)).toContainText(`+${payment.amount} NOK`, SLOW);
  });

  test("4. insufficient funds: approved, then the batch rejects it with fundsAvailable false", async ({ page }) => {
    // Ola pays from his Brukskonto: 1 200 NOK and a 5 000 credit line, so 6 200.01 is too much.
    await page.goto("/sandbox");
    await page
      .getByRole("table", { name: /^Customers/ })
      .getByRole("button", { name: /Use as PSU in forms\s*: Ola Nordmann/ })
      .click();
    const payment = await createPayment(page, async (form) => {
      await expect(form.getByLabel(/^PSU-ID\b/)).toHaveValue(OLA);
      await fieldIn(form, "instructedAmount", "amount").fill("6200.01");
    });
    await authorise(page, payment, "Approve");
    await statusFromCallback(page, "ACTC");

    await runBatchNow(page, /0 booked, 1 rejected/);
    const body = await statusOf(page, payment.paymentId);
    expect(body).toMatchObject({ transactionStatus: "RJCT", fundsAvailable: false });
    await expect(answer(page).getByRole("listitem").filter({ hasText: "PAYMENT_FAILED" })).toContainText(
      /Insufficient funds at the .* batch: available 6200\.00 NOK \(balance plus credit line\) does not cover 6200\.01 NOK\./,
    );
    await page.goto(`/sandbox/payments?payment=${payment.paymentId}`);
    await expect(page.locator("#chosen-payment")).toContainText("Rejected: insufficient funds (balance plus credit line)", SLOW);
    await page.getByRole("link", { name: "Customers & accounts" }).click();
    const ola = page.getByRole("article", { name: /^Brukskonto/ }).filter({ hasText: "Ola Nordmann" });
    await expect(ola).toContainText(/Interim available\s+1\s200\.00 NOK/);
    await expect(ola).toContainText(/Credit line\s*5\s000\.00 NOK/);
  });

  test("5. SCA declined: the callback says so and the payment is RJCT", async ({ page }) => {
    const payment = await createPayment(page);
    await authorise(page, payment, "Decline");
    await expect(page).toHaveURL(/scaResult=nok/);
    await expect(page.getByRole("status").filter({ hasText: "The PSU declined: the payment is rejected (RJCT)." })).toBeVisible();
    await statusFromCallback(page, "RJCT");
  });

  test("7. deleting a PDNG payment is refused with its explanation", async ({ page }) => {
    await page.goto("/sandbox");
    await expect(page.getByTestId("sandbox-today")).toHaveText(/^\d{4}-\d{2}-\d{2}$/, SLOW);
    const today = await page.getByTestId("sandbox-today").innerText();
    const later = new Date(Date.parse(`${today}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    const payment = await createPayment(page, async (form) => {
      await form.getByLabel(/^requestedExecutionDate\b/).fill(later);
    });
    await authorise(page, payment, "Approve");
    await statusFromCallback(page, "PDNG");

    await page.goto(`/sandbox/payments?payment=${payment.paymentId}`);
    const card = page.locator("#chosen-payment");
    await expect(card).toContainText("Scheduled: approved, waits for its requested execution date", SLOW);
    await card.getByRole("link", { name: "Delete in the console (will be refused)" }).click();
    await expect(page).toHaveURL(new RegExp(`/try/deletePayment\\?paymentId=${payment.paymentId}$`));
    await sandboxReady(page);
    await send(page, 409);
    const message = answer(page).getByRole("listitem");
    await expect(message).toContainText("PDNG");
    await expect(message).toContainText(later);
    await expect(message).toContainText("can no longer be deleted");
    expect((await statusOf(page, payment.paymentId)).transactionStatus).toBe("PDNG");
  });
});

// The guided first payment from the keyboard, with the bank page in a tab of its own, and an SCA that expires
// on the sandbox clock: what a tester preparing a bank's acceptance test does first.
import { axeOf, expect, test } from "./fixtures";
import { answerBody, createPayment, sandboxReady, send, SLOW, watch } from "./journey-steps";
import { approveSca } from "../public/playwright/sandbox-sca";

test("the guided first payment: accounts, payment, SCA at the bank, batch, both transactions, kept across a reload", async ({ page, pageProblems }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await page.getByRole("link", { name: "Make your first payment" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your first payment");
  await sandboxReady(page);
  const status = page.getByRole("status").filter({ hasText: /:/ });

  const step = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(name) }) });
  await page.getByRole("button", { name: "Create two accounts" }).press("Enter");
  await expect(step("Create the accounts")).toContainText("NOK 10 000 each", SLOW);
  await expect(status).toContainText("Next: Send a payment", SLOW);
  // The next step's button has the focus: the keyboard goes on.
  await expect(page.getByRole("button", { name: "Send the payment" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(step("Send a payment")).toContainText("RCVD: received as", SLOW);

  // A reload mid-way keeps the place.
  await page.reload();
  await sandboxReady(page);
  await expect(page.getByRole("listitem").and(page.locator("[aria-current=step]"))).toContainText("Authorise at the bank");
  await expect(page.getByRole("figure", { name: /Where your payment is: now RCVD/ })).toBeVisible();

  const [bank] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: "Open the bank page (new tab)" }).click()]);
  watch(bank, pageProblems);
  const { scaResult } = await approveSca(bank, SLOW);
  expect(scaResult).toBe("ok");
  await bank.close();
  // This tab notices the approval and reads the status as the TPP would.
  await expect(step("Authorise at the bank")).toContainText("ACTC: approved", SLOW);

  await page.getByRole("button", { name: "Run the batch" }).click();
  await expect(step("Run the batch")).toContainText("ACSC: booked", { timeout: 30_000 });
  await page.getByRole("button", { name: "Show the transactions" }).click();
  const shown = step("See both transactions");
  await expect(shown).toContainText("One transaction on each account", SLOW);
  await expect(shown.getByRole("listitem")).toHaveCount(2);
  await expect(shown.getByRole("listitem").first()).toContainText("\u2212250.00 NOK to");
  await expect(shown.getByRole("listitem").nth(1)).toContainText("250.00 NOK from");
  await expect(page.getByText("5 of 5 steps done")).toBeVisible();
  await expect(page.getByRole("figure", { name: /now ACSC/ })).toBeVisible();
  // Every step's outcome and the diagram shown: nothing serious for assistive technology.
  await page.getByText("The transitions in words").click();
  const { violations } = await axeOf(page).analyze();
  expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);
});

test("an SCA not given within the window expires: the status read says RJCT and the bank page says why", async ({ page }) => {
  test.setTimeout(90_000);
  const payment = await createPayment(page);

  await page.goto("/sandbox/clock");
  await sandboxReady(page);
  // The field shows the sandbox's current window first: typed into before that, its arrival lands in the middle of the typing.
  await expect(page.getByLabel("Minutes a payment may await SCA")).toHaveValue(/^\d+$/, SLOW);
  await page.getByLabel("Minutes a payment may await SCA").fill("1");
  await page.getByRole("button", { name: "Set SCA window" }).click();
  await expect(page.getByText("Payments now expire 1 minutes after their initiation")).toBeVisible(SLOW);
  await page.getByRole("button", { name: "+1 hour" }).click();
  await expect(page.locator(".clock-outcome")).toContainText("Moved the clock 1 hour", SLOW);

  await page.goto(`/try/getPaymentStatus?paymentId=${payment.paymentId}`);
  await sandboxReady(page);
  await send(page, 200);
  expect((await answerBody(page)).transactionStatus).toBe("RJCT");

  await page.goto(`/bank/authorize/payment/${payment.paymentId}`);
  await expect(page.getByRole("alert")).toContainText("This payment is RJCT", SLOW);
  await expect(page.getByRole("alert")).toContainText("SCA expired: the PSU did not approve within 1 minute of the initiation.");
  await expect(page.getByRole("group", { name: "Your decision" })).toHaveCount(0);
});

// Steps shared by the journey specs: what a developer does in the portal, by labels, roles and
// visible text. Each spec gets a fresh browser context, so a fresh sandbox with the fixed data.
import type { Locator, Page } from "@playwright/test";
import { DEFAULT_ALLOWED_CONSOLE_ERRORS, expect, type PageProblem } from "./fixtures";
import { approveSca, declineSca } from "../public/playwright/sandbox-sca";

/** Ola Nordmann's PSU-ID in the fixed data (mocks/domain/fixed-data.ts). */
export const OLA = "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a22";

/**
 * What waits for the sandbox (its start, an answer, a batch run, signing): it shares two cores with
 * another test's browser, and the machine may be three times slower (docs/decisions/0020).
 */
export const SLOW = { timeout: 45_000 };

export async function sandboxReady(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: "Sandbox ready" })).toBeVisible(SLOW);
}

/** The console's answer panel. */
export const answer = (page: Page) => page.getByRole("region", { name: "Answer" });

/** A body field inside a named group (e.g. `bban` of `debtorAccount`). */
export const fieldIn = (page: Page, group: string, field: string) =>
  page.getByRole("group", { name: new RegExp(`^${group}\\b`) }).getByLabel(new RegExp(`^${field}\\b`));

/** Opens the console for an address and waits until the example has been filled from the sandbox. */
export async function openConsole(page: Page, address: string, filled?: (page: Page) => Locator) {
  await page.goto(address);
  await sandboxReady(page);
  // The button reads "Waiting for the sandbox…" until the form's starting values have arrived.
  await expect(page.getByRole("button", { name: /^Send (GET|POST|PUT|DELETE)$/ })).toBeEnabled(SLOW);
  if (filled) await expect(filled(page)).not.toHaveValue("", SLOW);
}

/** Sends the console's form and waits for the answer's status code. */
export async function send(page: Page, status: number) {
  await page.getByRole("button", { name: /^Send (GET|POST|PUT|DELETE)$/ }).click();
  await expect(answer(page).locator(".result-status .status")).toHaveText(String(status), SLOW);
}

/** The JSON body of the console's last answer, read from its Response tab (chosen after every send). */
export async function answerBody(page: Page): Promise<Record<string, unknown>> {
  await page.getByRole("tab", { name: "Response" }).click();
  const response = page.getByRole("tabpanel", { name: "Response" });
  const text = await response.getByRole("figure").filter({ hasText: "Response body" }).locator("pre").innerText();
  return JSON.parse(text) as Record<string, unknown>;
}

/** The console's inspector of the last request sent (its Inspector tab, "Last sent"). */
export async function lastSent(page: Page): Promise<Locator> {
  await page.getByRole("tab", { name: "Inspector" }).click();
  const inspector = page.getByRole("region", { name: "Request inspector: last sent" });
  await expect(inspector).toBeVisible();
  return inspector;
}

/** The console's Headers tab, with the folded groups (the headers the portal fills in, the optional ones) opened. */
export async function showHeaders(page: Page) {
  await page.getByRole("tab", { name: "Headers" }).click();
  const panel = page.getByRole("tabpanel", { name: "Headers" });
  const folded = panel.locator("details:not([open]) > summary");
  while ((await folded.count()) > 0) await folded.first().click();
}

/** An account card of the explorer's "Customers & accounts" view. */
export const accountCard = (page: Page, name: string | RegExp) => page.getByRole("article", { name });

/** What a payment journey needs to know about the payment it created. */
export interface CreatedPayment {
  paymentId: string;
  amount: string;
  debtorBban: string;
  creditorBban: string;
}

/**
 * Creates a single payment from the console's example (the PSU in settings pays the first other
 * customer), changed by `edit`, and checks the 201 RCVD answer.
 */
export async function createPayment(page: Page, edit?: (page: Page) => Promise<void>): Promise<CreatedPayment> {
  await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
  if (edit) await edit(page);
  const amount = await fieldIn(page, "instructedAmount", "amount").inputValue();
  const debtorBban = await fieldIn(page, "debtorAccount", "bban").inputValue();
  const creditorBban = await fieldIn(page, "creditorAccount", "bban").inputValue();
  await send(page, 201);
  const body = await answerBody(page);
  expect(body.transactionStatus).toBe("RCVD");
  return { paymentId: String(body.paymentId), amount, debtorBban, creditorBban };
}

/** An amount as the pages write it: "6200.01" is "6 200.01", thousands apart by a narrow no-break space. */
export const shownAmount = (amount: string) => amount.replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f"));

/** From the console's answer to the bank page, a decision there, and back on the callback page. */
export async function authorise(page: Page, payment: CreatedPayment, decision: "Approve" | "Decline") {
  await answer(page).getByRole("link", { name: "Open the bank to authorise (SCA)" }).click();
  await expect(page).toHaveURL(new RegExp(`/bank/authorize/payment/${payment.paymentId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Approve payment");
  await expect(page.getByRole("definition").filter({ hasText: `${shownAmount(payment.amount)} NOK` })).toBeVisible(SLOW);
  // The helper TPPs copy into their own tests (public/playwright/sandbox-sca.ts), on the portal's bank page.
  const { scaResult } = await (decision === "Approve" ? approveSca : declineSca)(page, SLOW);
  expect(scaResult).toBe(decision === "Approve" ? "ok" : "nok");
  await expect(page).toHaveURL(new RegExp(`/callback\\?.*paymentId=${payment.paymentId}`), SLOW);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Back from the bank");
}

/** From the callback page: "Get the payment status", sent, and the transactionStatus it answers. */
export async function statusFromCallback(page: Page, expected: string) {
  await page.getByRole("link", { name: "Get the payment status" }).click();
  await expect(page).toHaveURL(/\/try\/getPaymentStatus\?paymentId=/);
  await sandboxReady(page);
  await send(page, 200);
  expect((await answerBody(page)).transactionStatus).toBe(expected);
}

/** The explorer's "Clock & batch" view: "Run batch now", and the outcome it announces. */
export async function runBatchNow(page: Page, outcome: RegExp) {
  await page.goto("/sandbox/clock");
  await sandboxReady(page);
  await page.getByRole("button", { name: "Run batch now" }).click();
  await expect(page.locator(".clock-outcome")).toContainText(outcome, SLOW);
}

/**
 * Extra pages of the test's context are not watched by the fixture: report their console errors
 * and page errors into the test's `pageProblems`, so they fail the test too.
 */
export function watch(page: Page, problems: PageProblem[]) {
  page.on("console", (message) => {
    const text = message.text();
    if (
      message.type() === "error" &&
      !DEFAULT_ALLOWED_CONSOLE_ERRORS.some((allowed) => (typeof allowed === "string" ? text.includes(allowed) : allowed.test(text)))
    )
      problems.push({ kind: "console-error", text, where: page.url() });
  });
  page.on("pageerror", (error) => problems.push({ kind: "page-error", text: error.stack ?? error.message, where: page.url() }));
  page.on("crash", () => problems.push({ kind: "crash", text: "a second page crashed" }));
}

/**
 * Strong customer authentication at the PSD2 sandbox's simulated bank, for your own Playwright tests.
 *
 * Copy this file into your test folder (or download it from the portal: /playwright/sandbox-sca.ts).
 * It needs only @playwright/test. When your app sends the browser to a payment's `scaRedirect`
 * (the sandbox server's /bank/authorize/… page, or the portal's), call:
 *
 *   const { returnedTo } = await approveSca(page);   // or declineSca(page)
 *   // the browser is back at your TPP-Redirect-URI, with ?paymentId=…&scaResult=ok (or nok)
 *
 * What it relies on is the bank page's contract (docs/playwright-helpers.md), kept stable by the
 * sandbox's own tests: a level-1 heading "Approve payment" (a signing basket: "Approve N payments"),
 * a group named "Your decision" holding the buttons "Approve" and "Decline", and, after the click,
 * a redirect to the TPP-Redirect-URI with the outcome in its query.
 */
import { expect, type Page } from "@playwright/test";

export interface ScaOptions {
  /** How long to wait for the bank page and then for the way back, in ms. Default 15,000. */
  timeout?: number;
  /**
   * Wait until the browser has left the bank page for the TPP-Redirect-URI (default true). Set it
   * to false when that URI is an app's scheme (myapp://…), which a browser under test cannot open.
   */
  waitForReturn?: boolean;
}

export interface ScaOutcome {
  /** Where the bank sent the browser back to (the page's URL after the decision). */
  returnedTo: string;
  /** "ok" after approval, "nok" after a decline, as the bank appended it to the redirect; undefined when it did not return. */
  scaResult: string | undefined;
}

const BANK_HEADING = /^Approve (payment|\d+ payments?)$/;

/** Approves the payment (or signing basket) the bank page shows, as the PSU would. */
export const approveSca = (page: Page, options: ScaOptions = {}): Promise<ScaOutcome> => decide(page, "Approve", options);

/** Declines it: the payment ends RJCT, and your app is told scaResult=nok. */
export const declineSca = (page: Page, options: ScaOptions = {}): Promise<ScaOutcome> => decide(page, "Decline", options);

async function decide(page: Page, button: "Approve" | "Decline", { timeout = 15_000, waitForReturn = true }: ScaOptions): Promise<ScaOutcome> {
  await expect(page.getByRole("heading", { level: 1, name: BANK_HEADING }), "the sandbox bank's SCA page").toBeVisible({ timeout });
  const bankPage = page.url();
  await page.getByRole("group", { name: "Your decision" }).getByRole("button", { name: button, exact: true }).click();
  if (!waitForReturn) return { returnedTo: page.url(), scaResult: undefined };
  await page.waitForURL((url) => url.href !== bankPage && !url.pathname.startsWith("/bank/authorize/"), { timeout });
  const returnedTo = page.url();
  return { returnedTo, scaResult: new URL(returnedTo).searchParams.get("scaResult") ?? undefined };
}

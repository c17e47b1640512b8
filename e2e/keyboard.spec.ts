import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { answer, answerBody, fieldIn, sandboxReady, SLOW } from "./journey-steps";

const MAX_PRESSES = 150;

/** Where the focus is, and whether a sighted keyboard user can see it there. */
function focusState(target: Element | null) {
  const element = document.activeElement;
  if (!element || element === document.body) return { onTarget: false, problem: undefined };
  const style = getComputedStyle(element);
  const box = element.getBoundingClientRect();
  const described = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} “${element.textContent.trim().slice(0, 40)}”`;
  // :focus-within too: on a date field's own calendar button the field is focused but not :focus-visible.
  const shown = element.matches(":focus-visible, :focus-within") && style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2;
  // Seen at its centre, not covered there by anything else (the sticky site header, say).
  const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const onScreen = box.width > 0 && box.height > 0 && atCentre !== null && (element.contains(atCentre) || atCentre.contains(element));
  return {
    onTarget: element === target,
    problem: shown && onScreen ? undefined : `${described}: ${shown ? "hidden (off screen or under the header)" : "no visible focus"}`,
  };
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the
 * page; every stop on the way must show where the focus is.
 */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab") {
  await expect(target).toBeVisible(SLOW);
  const handle = await target.elementHandle();
  const problems = new Set<string>();
  for (let presses = 0; presses < MAX_PRESSES; presses++) {
    const state = await page.evaluate(focusState, handle);
    // Where the focus starts (the main landmark after the skip link, say) is not a Tab stop.
    if (state.problem && presses > 0) problems.add(state.problem);
    if (state.onTarget) break;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
  expect([...problems], "Tab stops without a visible focus").toEqual([]);
  await expectFocusVisible(page);
}

/** Where the focus lands: a :focus-visible element, drawn with an outline, on screen. */
async function expectFocusVisible(page: Page) {
  await expect(page.locator(":focus-visible")).toHaveCount(1);
  const state = await page.evaluate(focusState, null);
  expect(state.problem).toBeUndefined();
}

test.describe("keyboard only", () => {
  test("journey 3 by keyboard alone: create a payment, open the bank, approve, read the status", async ({ page }) => {
    await page.goto("/try/createPayment");
    await sandboxReady(page);
    const debtor = fieldIn(page, "debtorAccount", "bban");
    await expect(debtor).not.toHaveValue("", SLOW);

    // The skip link first, then into the form.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();

    const remittance = page.getByLabel(/^remittanceInformationUnstructured\b/);
    await tabTo(page, remittance);
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Typed, not clicked");
    await expect(remittance).toHaveValue("Typed, not clicked");
    // Back up to the amount with Shift+Tab, and change it.
    const amount = fieldIn(page, "instructedAmount", "amount");
    await tabTo(page, amount, "Shift+Tab");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("321.50");

    await tabTo(page, page.getByRole("button", { name: "Send POST" }));
    await page.keyboard.press("Enter");
    await expect(answer(page).locator(".result-status .status")).toHaveText("201", SLOW);
    const body = await answerBody(page);
    expect(body.transactionStatus).toBe("RCVD");

    await tabTo(page, answer(page).getByRole("link", { name: "Open the bank to authorise (SCA)" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/bank\/authorize\/payment\//);
    // A new page takes the focus to its main landmark, so the next Tab starts there.
    await expect(page.locator("main")).toBeFocused();
    await expect(page.getByRole("definition").filter({ hasText: "321.50 NOK" })).toBeVisible(SLOW);
    await tabTo(page, page.getByRole("button", { name: "Approve" }));
    await page.keyboard.press("Space");

    await expect(page).toHaveURL(/\/callback\?.*scaResult=ok/, SLOW);
    await expect(page.getByText("The PSU approved with SCA.")).toBeVisible();
    // The portal's own callback opens inside the portal: the focus is on its main landmark, not left on <body>,
    // and the next Tab is the next action.
    await expect(page.locator("main")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Get the payment status" })).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/try/getPaymentStatus\\?paymentId=${String(body.paymentId)}$`));
    await sandboxReady(page);
    await tabTo(page, page.getByRole("button", { name: "Send GET" }));
    await page.keyboard.press("Enter");
    await expect(answer(page).locator(".result-status .status")).toHaveText("200", SLOW);
    expect((await answerBody(page)).transactionStatus).toBe("ACTC");
  });
});

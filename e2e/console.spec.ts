// The console's forms as a developer meets them: every operation has one, every control is
// labelled with the spec's note beside it, the code lists are searchable, mistakes are told at the
// field (and announced) before anything is sent, headers start sensibly, and answers stay text.
import { expect, test } from "./fixtures";
import { operations } from "../src/contract/operations";
import { answer, answerBody, fieldIn, lastSent, openConsole, send, SLOW } from "./journey-steps";

test.describe("console forms", () => {
  test("every operation has a form: each control labelled, the send answered without a 5xx", async ({ page }) => {
    // One form per operation (operations.length), each filled from the sandbox and sent: moved between inside the portal, as a user does.
    test.slow();
    await page.goto("/try");
    await expect(page.locator("main a.operation-link").first()).toBeVisible();
    const hrefs = await page.locator("main a.operation-link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs).toHaveLength(operations.length);
    for (const href of hrefs) {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Try it" }).click();
      await page.locator(`main a[href="${href}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      const sendButton = page.getByRole("button", { name: /^Send (GET|POST|PUT|DELETE)$/ });
      await expect(sendButton, href).toBeEnabled(SLOW);
      // Every input, select and text area of the form has a label (its accessible name).
      const unlabelled = await page
        .locator("form.console-form")
        .evaluate((form) =>
          [...form.querySelectorAll("input:not([type=hidden]), select, textarea")]
            .filter((control) => (control as HTMLInputElement).labels?.length === 0 && !control.getAttribute("aria-label"))
            .map((control) => control.outerHTML.slice(0, 80)),
        );
      expect(unlabelled, href).toEqual([]);
      await expect(page.locator("form.console-form .field-hint").first(), href).toBeVisible();
      await sendButton.click();
      // Either the form lists what to fix (a path parameter the sandbox has no example for), or the sandbox answers, never with a 5xx.
      const status = answer(page).locator(".result-status .status");
      const summary = page.getByRole("alert").filter({ hasText: "before sending" });
      await expect(status.or(summary), href).toBeVisible(SLOW);
      if (await status.isVisible()) expect(Number(await status.textContent()), href).toBeLessThan(500);
    }
  });

  test("currency and country inputs search the contract's exact code sets", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    const currency = fieldIn(page, "instructedAmount", "currency");
    const listId = await currency.getAttribute("list");
    expect(listId).toBeTruthy();
    const currencies = page.locator(`datalist#${String(listId)} option`);
    await expect(currencies).toHaveCount(162);
    await expect(currencies.and(page.locator('[value="NOK"]'))).toHaveAttribute("label", "NOK — Norwegian Krone");
    const countries = page.locator("datalist#country-codes option");
    await expect(countries).toHaveCount(248);
    await expect(countries.and(page.locator('[value="NO"]'))).toHaveAttribute("label", "NO — Norway");
  });

  test("an amount with more decimals than its currency has: told at the field and announced, nothing sent", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    const amount = fieldIn(page, "instructedAmount", "amount");
    await amount.fill("250.125");
    await amount.blur();
    const told = /NOK has 2 decimals \(ISO 4217 minor units\); 250\.125 has 3\./;
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toHaveAccessibleDescription(told);
    await expect(page.getByRole("status", { name: "Field error" })).toHaveText(new RegExp(`^instructedAmount\\.amount: ${told.source}`));

    // Kuwaiti dinars have three decimals: the same amount is right in KWD.
    await fieldIn(page, "instructedAmount", "currency").fill("KWD");
    await fieldIn(page, "instructedAmount", "currency").blur();
    await page.getByRole("button", { name: "Send POST" }).click();
    await expect(amount).not.toHaveAttribute("aria-invalid", "true");

    // Back to NOK: the send is refused by the form, and the sandbox hears nothing.
    await fieldIn(page, "instructedAmount", "currency").fill("NOK");
    await page.getByRole("button", { name: "Send POST" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "before sending" });
    await expect(summary).toContainText(told);
    await expect(summary).toBeFocused();
  });

  test("headers start filled from the sandbox, and every send gets a new X-Request-ID", async ({ page, baseURL }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    await expect(page.getByLabel(/^TPP-Redirect-URI\b/)).toHaveValue(`${String(baseURL)}/callback`);
    await expect(page.getByLabel(/^PSU-IP-Address\b/)).toHaveValue("192.0.2.10");
    await expect(page.getByLabel(/^TPP-Session-ID\b/)).toHaveValue(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const psu = page.getByLabel(/^PSU-ID\b/);
    await expect(psu).not.toHaveValue("");
    const suggestions = page.locator(`datalist#${String(await psu.getAttribute("list"))} option`);
    await expect(suggestions.filter({ hasText: "Ola Nordmann" }).or(suggestions.and(page.locator('[label^="Ola Nordmann"]')))).toHaveCount(1);
    await expect(page.getByLabel(/^X-Request-ID\b/)).toBeDisabled();

    const sentRequestId = async () => {
      const inspector = await lastSent(page);
      return inspector
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: /^X-Request-ID/ }) })
        .getByRole("cell")
        .innerText();
    };
    await send(page, 201);
    const first = await sentRequestId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    // The second answer has the same status; the inspector shows the second request once it has been sent.
    await page.getByRole("button", { name: "Send POST" }).click();
    await expect.poll(sentRequestId, SLOW).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(sentRequestId, SLOW).not.toBe(first);
  });

  test("an answer tab opened while the request is on its way stays open when the answer comes; without a pick the answer shows", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    // The sandbox answers 1.5 s late (a scenario rule), so the tab is certainly picked while the request is on its way.
    const ruleSet = await page.evaluate(async () => {
      const rules = [{ enabled: true, match: { operations: ["createPayment"] }, outcome: { kind: "delay", ms: 1500 } }];
      const response = await fetch("/__sandbox/scenarios", { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ rules }) });
      return response.status;
    });
    expect(ruleSet).toBe(200);
    const status = answer(page).locator(".result-status .status");
    const tab = (name: string) => page.getByRole("tab", { name });

    await page.getByRole("button", { name: "Send POST" }).click();
    await tab("Code").click();
    await expect(status).toHaveText("201", SLOW);
    await expect(tab("Code")).toHaveAttribute("aria-selected", "true");

    await page.getByRole("button", { name: "Send POST" }).click();
    await expect(tab("Response")).toHaveAttribute("aria-selected", "true", SLOW);
  });

  test("a structured KID reference is added and removed; with a message as well it is refused, alone it is accepted", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    const structured = page.getByRole("group", { name: /^remittanceInformationStructuredArray\b/ });
    await structured.getByRole("button", { name: "Add an item to remittanceInformationStructuredArray" }).click();
    await structured.getByRole("button", { name: "Add another item to remittanceInformationStructuredArray" }).click();
    // An item is named by its position as the sandbox's messages name it: [0], [1].
    await expect(structured.getByRole("group", { name: /^remittanceInformationStructuredArray\[\d\]$/ })).toHaveCount(2);
    await structured.getByRole("button", { name: "Remove remittanceInformationStructuredArray[1]" }).click();
    const item = structured.getByRole("group", { name: "remittanceInformationStructuredArray[0]" });
    await expect(structured.getByRole("group", { name: /^remittanceInformationStructuredArray\[\d\]$/ })).toHaveCount(1);
    // 12345678903 is a KID by MOD10 (Luhn).
    await item.getByLabel(/^reference\b/).fill("12345678903");
    await item.getByLabel(/^referenceType\b/).fill("KID");

    await page.getByRole("button", { name: "Send POST" }).click();
    const unstructured = page.getByLabel(/^remittanceInformationUnstructured\b/);
    await expect(unstructured).toHaveAccessibleDescription(/never both/);
    await unstructured.fill("");
    await send(page, 201);
    expect((await answerBody(page)).transactionStatus).toBe("RCVD");
  });

  test("markup in the data comes back as text, never as HTML", async ({ page }) => {
    const markup = `<img src="x" onerror="window.__injected=1">`;
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    await page.getByLabel(/^creditorName\b/).fill(markup);
    await send(page, 201);
    await answer(page).getByRole("link", { name: "Get the payment" }).click();
    await expect(page).toHaveURL(/\/try\/getPayment\?paymentId=/);
    await expect(page.getByRole("button", { name: "Send GET" })).toBeEnabled(SLOW);
    await send(page, 200);
    expect((await answerBody(page)).creditorName).toBe(markup);
    await expect(page.getByRole("tabpanel", { name: "Response" })).toContainText(`"creditorName": ${JSON.stringify(markup)}`);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  });
});

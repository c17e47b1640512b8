import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { answer, fieldIn, lastSent, openConsole, send } from "./journey-steps";

/** The ways to break the signature on purpose, in the Headers tab beside what the signature covers. */
async function signatureSelect(page: Page) {
  await page.getByRole("tab", { name: "Headers" }).click();
  return page.getByRole("combobox", { name: "Signature" });
}

async function sendTampered(page: Page, how: string) {
  await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
  await (await signatureSelect(page)).selectOption({ label: how });
  await send(page, 401);
}

test.describe("journeys: a signature the sandbox refuses, explained", () => {
  test("8a. X-Request-ID changed after signing: what was signed beside what the sandbox rebuilt, the differing line marked", async ({ page }) => {
    await sendTampered(page, "Change X-Request-ID after signing");
    const message = answer(page).getByRole("listitem").filter({ hasText: "SIGNATURE_INVALID" });
    await expect(message).toBeVisible();
    // Spec 7 does not list the code: the answer says so and links the decision record.
    await expect(message.getByRole("link", { name: "decision 0004" })).toHaveAttribute("href", "/decisions/0004-error-codes-and-statuses");

    const inspector = await lastSent(page);
    await expect(inspector).toContainText("Changed after signing, on purpose: Change X-Request-ID after signing.");
    const sentId = await inspector
      .getByRole("table", { name: "Request headers" })
      .getByRole("row", { name: /X-Request-ID/ })
      .getByRole("cell")
      .innerText();
    const compare = inspector.getByRole("group", { name: "What was signed beside what the sandbox rebuilt" });
    await expect(compare).toContainText("Lines that differ are marked.");
    const table = compare.getByRole("table", { name: "Signing string: signed by the portal and rebuilt by the sandbox" });
    await expect(table.getByRole("columnheader")).toHaveText(["Signed", "Rebuilt by the sandbox"]);

    const differing = table.getByRole("row").filter({ hasText: "(differs)" });
    await expect(differing).toHaveCount(1);
    const [signed, rebuilt] = await differing.getByRole("cell").allInnerTexts();
    expect(signed).toMatch(/^x-request-id: [0-9a-f-]{36}$/);
    expect(rebuilt).toContain(`x-request-id: ${sentId}`);
    expect(signed).not.toContain(sentId);
    // The other lines (digest, psu-id, tpp-redirect-uri) match and are not marked.
    await expect(
      table
        .getByRole("row")
        .filter({ hasText: /^digest: SHA-256=/ })
        .filter({ hasNotText: "(differs)" }),
    ).toHaveCount(1);
  });

  test("8b. the body changed after signing: 401 and the Digest explained", async ({ page }) => {
    await sendTampered(page, "Change the body after signing");
    const message = answer(page).getByRole("listitem").filter({ hasText: "SIGNATURE_INVALID" });
    // The portal's tampering lays the signed JSON out otherwise: the signature doctor names that, not only "does not match".
    await expect(message).toContainText(/The Digest SHA-256=\S+ is the hash of the same JSON laid out otherwise .*, not of the \d+-byte body sent/);
    await expect(message).toContainText(/Hash the exact bytes you send, and send those same bytes as the body: SHA-256=\S+\./);
    await expect(await lastSent(page)).toContainText("Changed after signing, on purpose: Change the body after signing.");

    // Sent as signed again, the same form is accepted.
    await (await signatureSelect(page)).selectOption({ label: "Send it as signed" });
    await send(page, 201);
  });

  test("8c. a read has no body to change: that way of breaking it is not offered", async ({ page }) => {
    await openConsole(page, "/try/getPaymentStatus");
    // The example cannot know which payment: it says the id is the developer's to give.
    await expect(page.getByRole("status").filter({ hasText: "An example made of the sandbox's data; paymentId is yours to give" })).toBeVisible();
    const options = (await signatureSelect(page)).getByRole("option");
    await expect(options).toHaveText(["Send it as signed", "Change X-Request-ID after signing", "Damage the signature value", "Send another certificate"]);
  });
});

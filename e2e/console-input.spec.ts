// The console never loses what was typed: sandbox data arriving late fills only untouched fields,
// a draft per operation survives a reload (without its X-Request-ID), a request from the history
// opens for editing, the answer sits beside Send, and a refused signature is compared in full.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { answer, fieldIn, lastSent, openConsole, send, showHeaders, SLOW } from "./journey-steps";

const amountField = (page: Page) => fieldIn(page, "instructedAmount", "amount");
const debtorBban = (page: Page) => fieldIn(page, "debtorAccount", "bban");
const bodyField = (page: Page, name: string) =>
  page
    .getByRole("tabpanel", { name: "Body", exact: true })
    .getByLabel(new RegExp(`^${name}\\b`))
    .first();
const sentBody = async (page: Page) =>
  JSON.parse(await (await lastSent(page)).getByRole("figure").filter({ hasText: "Request body" }).locator("pre").innerText()) as Record<string, unknown>;
const sentHeader = async (page: Page, name: string) =>
  (await lastSent(page))
    .getByRole("table", { name: "Request headers" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${name}\\b`) }) })
    .getByRole("cell")
    .innerText();

/** Holds the in-browser sandbox's code until `release` is called: the sandbox's data arrives as late as a test wants. */
async function holdTheSandbox(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/browser-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe("the console keeps what you type", () => {
  test("a typed amount survives a late prefill and a reload; Reset to the example brings the example back", async ({ page }) => {
    const release = await holdTheSandbox(page);
    await page.goto("/try/createPayment");
    // While the sandbox's data is on its way the form says so, and the fields it will fill say so too.
    await expect(page.getByRole("status").filter({ hasText: "Filling in from the sandbox's data…" })).toBeVisible(SLOW);
    await expect(debtorBban(page)).toHaveAttribute("placeholder", "Loading from the sandbox…", SLOW);
    await expect(page.getByRole("button", { name: "Waiting for the sandbox…" })).toBeDisabled();
    await amountField(page).fill("1234.50");
    // A fixed X-Request-ID is the user's too, but no draft keeps it (a fixed id works once).
    await showHeaders(page);
    await page.getByRole("checkbox", { name: "new for every send" }).uncheck();
    await page.getByLabel(/^X-Request-ID\b/).fill("3f1b0c8e-6d2a-4c1e-9b7a-000000000001");

    release();
    await page.getByRole("tab", { name: "Body" }).click();
    await expect(debtorBban(page)).not.toHaveValue("", SLOW);
    await expect(fieldIn(page, "creditorAccount", "bban")).not.toHaveValue("");
    await expect(amountField(page)).toHaveValue("1234.50");
    await expect(page.getByRole("button", { name: "Send POST" })).toBeEnabled(SLOW);

    await page.reload();
    await expect(page.getByRole("button", { name: "Send POST" })).toBeEnabled(SLOW);
    await expect(debtorBban(page)).not.toHaveValue("", SLOW);
    await expect(amountField(page)).toHaveValue("1234.50");
    await expect(page.getByRole("status").filter({ hasText: /Your draft of \d\d:\d\d is back/ })).toBeVisible();
    await showHeaders(page);
    await expect(page.getByRole("checkbox", { name: "new for every send" })).toBeChecked();
    await expect(page.getByLabel(/^X-Request-ID\b/)).toHaveValue("");
    await page.getByRole("tab", { name: "Body" }).click();

    // What is sent is what was typed.
    await send(page, 201);
    expect(await sentBody(page)).toMatchObject({ instructedAmount: { amount: "1234.50", currency: "NOK" } });

    await page.getByRole("button", { name: "Reset to the example" }).click();
    await expect(amountField(page)).toHaveValue("250.00");
    await page.reload();
    await expect(page.getByRole("button", { name: "Send POST" })).toBeEnabled(SLOW);
    await expect(amountField(page)).toHaveValue("250.00");
  });

  test("the history's Open in console loads the recorded headers and body, to change and send again with a new X-Request-ID", async ({ page }) => {
    await openConsole(page, "/try/createPayment", debtorBban);
    await amountField(page).fill("777.00");
    await bodyField(page, "remittanceInformationUnstructured").fill("Sent from the history");
    await showHeaders(page);
    await page.getByLabel(/^PSU-IP-Address\b/).fill("198.51.100.7");
    await send(page, 201);
    const recordedId = await sentHeader(page, "X-Request-ID");
    // The draft goes: what comes back below is the recorded request, not the draft.
    await page.getByRole("button", { name: "Reset to the example" }).click();
    await page.getByRole("tab", { name: "Body" }).click();
    await expect(amountField(page)).toHaveValue("250.00");

    await page.getByRole("link", { name: "History", exact: true }).click();
    await page
      .getByRole("table", { name: "Sent requests, newest first" })
      .getByRole("row")
      .filter({ hasText: "Create NDCT payment" })
      .getByRole("link")
      .first()
      .click();
    await page.getByRole("link", { name: "Open in console" }).click();
    await expect(page).toHaveURL(/\/try\/createPayment$/);
    await expect(page.getByRole("status").filter({ hasText: /Loaded the request sent at [\d:]+ \(Oslo\) from the history/ })).toBeVisible(SLOW);
    await expect(amountField(page)).toHaveValue("777.00");
    await expect(bodyField(page, "remittanceInformationUnstructured")).toHaveValue("Sent from the history");
    await showHeaders(page);
    await expect(page.getByLabel(/^PSU-IP-Address\b/)).toHaveValue("198.51.100.7");
    await expect(page.getByRole("checkbox", { name: "new for every send" })).toBeChecked();

    await page.getByRole("tab", { name: "Body" }).click();
    await amountField(page).fill("778.00");
    await send(page, 201);
    expect(await sentBody(page)).toMatchObject({ instructedAmount: { amount: "778.00" }, remittanceInformationUnstructured: "Sent from the history" });
    expect(await sentHeader(page, "PSU-IP-Address")).toBe("198.51.100.7");
    expect(await sentHeader(page, "X-Request-ID")).not.toBe(recordedId);
    // Opened once, the request is the draft: a reload keeps the later change.
    await page.reload();
    await expect(page.getByRole("button", { name: "Send POST" })).toBeEnabled(SLOW);
    await expect(amountField(page)).toHaveValue("778.00");
  });

  test("a refused signature: the sandbox's rebuilt signing string in full beside the signed one, the first difference marked", async ({ page, baseURL }) => {
    await openConsole(page, "/try/createPayment", debtorBban);
    // A signed header long enough that the signing string passes the 512 characters a tppMessage's text may hold.
    const redirect = `${String(baseURL)}/callback?state=${"s".repeat(600)}`;
    await showHeaders(page);
    await page.getByLabel(/^TPP-Redirect-URI\b/).fill(redirect);
    await page.getByRole("combobox", { name: "Signature" }).selectOption({ label: "Change X-Request-ID after signing" });
    await send(page, 401);
    const sentId = await sentHeader(page, "X-Request-ID");

    const compare = (await lastSent(page)).getByRole("group", { name: "What was signed beside what the sandbox rebuilt" });
    await page.getByRole("tab", { name: "Response" }).click();
    // The answer says its message is cut, and leads to the comparison.
    await answer(page).getByRole("button", { name: "Compare the signing strings" }).click();
    await expect(compare).toBeInViewport();
    const where = /The first difference is marked: line 2 \(x-request-id\), from character (\d+)\./;
    await expect(compare).toContainText(where);
    const table = compare.getByRole("table", { name: /^Signing string: signed by the portal and rebuilt by the sandbox, in full/ });
    const rebuiltRedirect = table.getByRole("row").filter({ hasText: "tpp-redirect-uri:" }).getByRole("cell").nth(1);
    await expect(rebuiltRedirect).toHaveText(`tpp-redirect-uri: ${redirect}`);
    // The message's own copy stops at 512 characters; the inspector's does not.
    const message = await answer(page).getByRole("listitem").filter({ hasText: "SIGNATURE_INVALID" }).innerText();
    expect(message).not.toContain(redirect);

    const marks = table.locator("mark.first-difference");
    await expect(marks).toHaveCount(2);
    const [signedPart = "", rebuiltPart = ""] = await marks.allInnerTexts();
    // The mark runs from where the two ids part to the line's end; before it, both lines are the same.
    const from = Number(where.exec(await compare.innerText())?.[1]);
    expect(sentId.endsWith(rebuiltPart)).toBe(true);
    expect("x-request-id: ".length + sentId.length - rebuiltPart.length + 1).toBe(from);
    expect(signedPart).toHaveLength(rebuiltPart.length);
    expect(signedPart[0]).not.toBe(rebuiltPart[0]);
  });
});

test.describe("the answer beside Send, at 1280×900", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const [what, prepare, status] of [
    [
      "201 with next steps",
      async () => {
        /* the example as it is */
      },
      201,
    ],
    [
      "400 with tppMessages",
      async (page: Page) => {
        await bodyField(page, "creditorName").fill("");
        await page.getByRole("checkbox", { name: "Send anyway, even if invalid" }).check();
      },
      400,
    ],
  ] as const) {
    test(`a ${what}: Send is on screen without scrolling, and so is the whole answer after it`, async ({ page }) => {
      await openConsole(page, "/try/createPayment", debtorBban);
      await prepare(page);
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
      const sendButton = page.getByRole("button", { name: "Send POST" });
      await expect(sendButton).toBeInViewport({ ratio: 1 });
      await sendButton.click();
      await expect(answer(page).locator(".result-status .status")).toHaveText(String(status), SLOW);
      if (status === 201) await expect(answer(page).getByRole("navigation", { name: "Next steps" }).getByRole("link")).toHaveCount(3);
      else await expect(answer(page).getByRole("listitem").first()).toBeVisible();
      const box = await answer(page).boundingBox();
      expect(box).not.toBeNull();
      const header = await page.getByRole("banner").boundingBox();
      expect(box?.y).toBeGreaterThanOrEqual(header ? header.y + header.height : 0);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(900);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(sendButton).toBeInViewport({ ratio: 1 });
    });
  }
});

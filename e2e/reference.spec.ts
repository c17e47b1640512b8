import { axeOf, expect, test } from "./fixtures";
import { fieldIn, SLOW } from "./journey-steps";

const documented = [
  {
    title: "Create periodic NDCT payment",
    path: "/v1/periodic-payments/norwegian-domestic-credit-transfers",
    fields: ["instructedAmount", "monthsOfExecution", "executionRule", "dayOfExecution"],
    headers: ["x-accept-fix", "PSU-Geo-Location"],
  },
  {
    title: "Create NDCT payment",
    path: "/v1/payments/norwegian-domestic-credit-transfers",
    fields: ["remittanceInformationStructuredArray", "requestedExecutionDate", "referenceType"],
    headers: ["TPP-Redirect-URI", "X-PSU-IDENTITY"],
  },
  {
    title: "Create sandbox account",
    path: "/v1/sandbox/accounts",
    fields: ["customerNumber", "cashAccountType", "creditLine", "balanceType"],
    headers: ["X-Request-ID", "Digest"],
  },
  {
    title: "Get sandbox account transactions",
    path: "/v1/sandbox/accounts/{mockAccountId}/transactions",
    fields: ["bankTransactionCode", "ultimateCreditor"],
    headers: ["TPP-Signature-Certificate", "Signature"],
  },
];

test.describe("API reference", () => {
  for (const operation of documented) {
    test(`${operation.title}: navigable from the overview, with its headers and fields`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API reference" }).click();
      await page
        .getByRole("link", { name: new RegExp(`${operation.title}\\s`) })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(operation.title);
      await expect(page.locator(".request-line")).toContainText(operation.path);
      const headers = page.getByRole("table", { name: "Request headers" });
      for (const header of operation.headers) await expect(headers.getByRole("rowheader", { name: header, exact: true })).toBeVisible();
      const fields = page.getByRole("table", { name: /Fields of the/ });
      for (const field of operation.fields) await expect(fields.getByRole("rowheader", { name: field, exact: true }).first()).toBeVisible();
      await expect(page.getByRole("table", { name: "Error codes and their HTTP status" })).toContainText("FORMAT_ERROR");
    });
  }

  test("operations the spec names without a path say so", async ({ page }) => {
    await page.goto("/reference/createSigningBasket");
    await expect(page.getByText("Path chosen by this sandbox.")).toBeVisible();
    await expect(page.getByRole("table", { name: "Error codes and their HTTP status" })).toContainText("REFERENCE_MIX_INVALID");
  });

  test("a rule the spec does not show is labelled as the sandbox's choice and links to its decision record", async ({ page }) => {
    await page.goto("/reference/createPayment");
    const row = page
      .getByRole("table", { name: "Fields of the request body (JSON)" })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "creditorName", exact: true }) });
    await expect(row).toContainText("Required: this sandbox's choice (decision 0002)");
    await expect(page.getByRole("table", { name: "Error codes and their HTTP status" })).toContainText("Code: this sandbox's choice (decision 0004)");
    await row.getByRole("link", { name: "decision 0002" }).click();
    await expect(page).toHaveURL(/\/decisions\/0002-single-payment-fields$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("0002 Required fields and bounds of the single payment");
    await expect(page.getByText("Decision.", { exact: true })).toBeVisible();
    const axe = await axeOf(page).include("main").analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    // The record's list leads to every other record.
    await page.getByRole("link", { name: "Decisions", exact: true }).click();
    await page.getByRole("link", { name: "0004", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("0004 Error codes and their HTTP status");
  });

  test("search finds an error code from the header's Search link and leads to its meaning", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).click();
    const box = page.getByRole("searchbox", { name: "Operations, fields, headers and error codes" });
    await expect(box).toBeFocused(SLOW);
    await page.keyboard.type("kid_invalid");
    await expect(page.getByRole("status").filter({ hasText: /results? for “kid_invalid”/ })).toBeVisible(SLOW);
    const first = page.getByRole("list", { name: "Search results" }).getByRole("link").first();
    await expect(first).toHaveText(/^KID_INVALID\s+error code\s+400: /);
    await first.press("Enter");
    await expect(page).toHaveURL(/\/reference(\?search)?#error-KID_INVALID$/);
    await expect(page.locator("#error-KID_INVALID")).toContainText("check digit");
  });

  test("an operation shows its example request and answer, and Try it opens the console with that example without losing a draft", async ({ page }) => {
    await page.goto("/reference/createPayment");
    const request = page.getByRole("figure").filter({ hasText: "Example request" });
    // The example shows at once, then is made again from the sandbox's data (the accounts' numbers) once that arrives.
    await expect(request).toContainText("POST /v1/payments/norwegian-domestic-credit-transfers HTTP/1.1", SLOW);
    await expect(page.getByRole("region", { name: "Example" })).toHaveAttribute("aria-busy", "false", SLOW);
    await expect(request).toContainText(/"bban": "\d{11}"/);
    await expect(request).toContainText('"remittanceInformationUnstructured": "Dinner on Friday"');
    const creditor = /"creditorName": "([^"]+)"/.exec(await request.innerText())?.[1] ?? "";
    const answer = page.getByRole("figure").filter({ hasText: "Example answer: 201" });
    await expect(answer).toContainText("HTTP/1.1 201 Created");
    await expect(answer).toContainText('"transactionStatus": "RCVD"');
    // A draft of the operation is the user's: Try it asks before showing the example over it.
    await page.evaluate(() => {
      localStorage.setItem(
        "psd2-portal:console-draft:createPayment",
        JSON.stringify({ version: 1, savedAt: Date.now(), edits: [{ path: ["body", "creditorName"], value: "Typed by me" }] }),
      );
    });
    await page.getByRole("link", { name: "Try it in the console" }).click();
    await expect(page).toHaveURL(/\/try\/createPayment/);
    const name = page.getByRole("tabpanel", { name: "Body", exact: true }).getByLabel(/^creditorName\b/);
    await expect(name).toHaveValue("Typed by me", SLOW);
    await page.getByRole("button", { name: "Show the example (discard my draft)" }).click();
    await expect(name).toHaveValue(creditor);
    await expect(fieldIn(page, "debtorAccount", "bban")).not.toHaveValue("", SLOW);
    await expect(page.getByRole("button", { name: "Keep my draft" })).toHaveCount(0);
  });

  test("the OpenAPI document is served from the build", async ({ request }) => {
    const response = await request.get("/openapi.json");
    expect(response.status()).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toContain("/v1/sandbox/accounts");
  });
});

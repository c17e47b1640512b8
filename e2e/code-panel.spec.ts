// The code panel (issue 11): the console's request, and a reference page's example, as scripts in
// five languages that sign at run time, with the key and certificate files beside them. The
// scripts themselves run against the server in the "snippets" suite (scripts/code-export.run.test.ts).
import { axeOf, expect, test } from "./fixtures";
import { fieldIn, openConsole } from "./journey-steps";

const SLOW = { timeout: 30_000 };

test("the console's payment as code: language tabs by keyboard, the form's values, the journey, the files", async ({ page }) => {
  await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
  const debtor = await fieldIn(page, "debtorAccount", "bban").inputValue();
  // The console's Code tab, beside the answer; the language tabs inside it.
  await page.getByRole("tab", { name: "Code" }).click();
  const codeTab = page.getByRole("tabpanel", { name: "Code" });
  await codeTab.getByRole("button", { name: "Show code: bash, Node.js, Python, Java, Go" }).click();

  const tabs = page.getByRole("tablist", { name: "Language" });
  await expect(tabs.getByRole("tab")).toHaveText(["bash (curl + openssl)", "Node.js", "Python", "Java", "Go"], SLOW);
  const code = codeTab.getByRole("tabpanel").locator("pre");
  await expect(code).toContainText("openssl dgst -sha256 -sign");
  // Standing alone (issue 27, point 4): the debtor's account is one the code's own setup opens, not the portal's.
  await expect(code).toContainText("{{account1Bban}}");
  await expect(code).not.toContainText(debtor);

  // Arrow keys move between languages (WAI-ARIA tabs); the selected tab keeps the focus.
  await tabs.getByRole("tab", { name: "bash (curl + openssl)" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "Node.js" })).toBeFocused();
  await expect(tabs.getByRole("tab", { name: "Node.js" })).toHaveAttribute("aria-selected", "true");
  await expect(code).toContainText('from "node:crypto"');
  await page.keyboard.press("End");
  await expect(tabs.getByRole("tab", { name: "Go" })).toHaveAttribute("aria-selected", "true");
  await expect(code).toContainText("rsa.SignPKCS1v15");
  await expect(codeTab.getByRole("tabpanel")).toContainText("go run create_ndct_payment.go");

  await page.getByRole("radio", { name: /The whole journey/ }).check();
  await expect(code).toContainText("/__sandbox/batch/run");
  await expect(codeTab.getByRole("tabpanel")).toContainText("go run payment_journey.go");
  await expect(page.getByRole("button", { name: "Copy code" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download payment_journey.go" })).toBeVisible();

  // The certificate in use, and the public test pair, whose key is served as a file.
  await expect(page.getByRole("button", { name: /^Download the certificate “.+” \(tpp-cert\.pem\)$/ })).toBeVisible(SLOW);
  const key = page.getByRole("link", { name: "Download its private key (tpp-key.pem)" });
  const response = await page.request.get((await key.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("-----BEGIN PRIVATE KEY-----");

  // Tabs, radios, buttons and links of the open panel pass axe.
  const results = await axeOf(page).include(".code-section").analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});

test("a reference page's example as code names the identifiers to fill in", async ({ page }) => {
  await page.goto("/reference/getPaymentStatus");
  await page.getByRole("button", { name: "Show code: bash, Node.js, Python, Java, Go" }).click();
  await page.getByRole("tab", { name: "Python" }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.locator("pre")).toContainText("/v1/payments/norwegian-domestic-credit-transfers/{{paymentId}}/status", SLOW);
  await expect(panel).toContainText("Set PAYMENT_ID in the environment");
  // Not a payment initiation: no journey offered here.
  await expect(page.getByRole("radio", { name: /The whole journey/ })).toHaveCount(0);
});

test("the back-end quick start: the files to download at its top, the steps, and a signed payment in each language", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Quick start" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Back-end quick start: a signed payment from your own code");
  const files = page.getByRole("region", { name: "Key and certificate files" });
  await expect(files.getByRole("link", { name: "Download the public test certificate (tpp-cert.pem)" })).toBeVisible();
  await expect(files.getByRole("link", { name: "Download its private key (tpp-key.pem)" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "1. Start the sandbox server" })).toBeVisible();
  await expect(page.getByRole("table")).toContainText("java PaymentJourney.java");

  const tabs = page.getByRole("tablist", { name: "Language" });
  await tabs.getByRole("tab", { name: "bash (curl + openssl)" }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "Python" })).toHaveAttribute("aria-selected", "true");
  const code = page.getByRole("tabpanel").locator("pre");
  await expect(code).toContainText("/v1/payments/norwegian-domestic-credit-transfers", SLOW);
  await expect(code).toContainText("from cryptography");
  const axe = await axeOf(page).include("main").analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});

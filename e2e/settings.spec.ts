import type { Locator, Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axeOf, DEFAULT_ALLOWED_CONSOLE_ERRORS, expect, test } from "./fixtures";
import { lastSent } from "./journey-steps";

/** A self-signed RSA-2048 certificate and its PKCS#8 key, made by OpenSSL as a TPP would. */
function opensslPair(name: string, id: string, keyType: "rsa" | "ec" = "rsa"): { certificate: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), "settings-e2e-"));
  const key = join(dir, "key.pem");
  const certificate = join(dir, "cert.pem");
  const newKey = keyType === "rsa" ? ["-newkey", "rsa:2048"] : ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"];
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      ...newKey,
      "-nodes",
      "-keyout",
      key,
      "-out",
      certificate,
      "-days",
      "30",
      "-utf8",
      "-subj",
      `/C=NO/O=${name} AS/organizationIdentifier=PSDNO-FSA-${id}/CN=${name}`,
    ],
    { stdio: "ignore" },
  );
  return { certificate: readFileSync(certificate, "utf8"), key: readFileSync(key, "utf8") };
}

const cards = (page: Page) => page.getByRole("list", { name: "Stored certificates, newest first" }).getByRole("listitem");
const card = (page: Page, label: string) => cards(page).filter({ has: page.getByRole("heading", { name: new RegExp(`^${label}`) }) });
const factOf = (scope: Locator, name: string) => scope.locator("dt", { hasText: new RegExp(`^${name}$`) }).locator("xpath=following-sibling::dd[1]");

async function generate(page: Page, tppName: string, organizationId: string) {
  await page.getByLabel("TPP name (CN)").fill(tppName);
  await page.getByLabel(/^Organisation name/).fill(`${tppName} AS`);
  await page.getByLabel(/^organizationIdentifier/).fill(organizationId);
  await page.getByLabel(/^Valid for/).fill("30");
  await page.getByRole("button", { name: "Generate certificate and key" }).click();
  const panel = page.getByRole("region", { name: `Certificate “${tppName}” created` });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  return panel;
}

async function importPair(page: Page, label: string, certificate: string, key: string) {
  const form = page.getByRole("form", { name: "Import a certificate and key" });
  await form.getByLabel("Label").fill(label);
  await form.getByLabel("Certificate PEM").fill(certificate);
  await form.getByLabel("Private key PEM (PKCS#8)").fill(key);
  await form.getByRole("button", { name: "Import" }).click();
  return form;
}

test.describe("settings", () => {
  test("a generated certificate: details, the key offered once, kept across reloads, chosen to sign a console request", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    const panel = await generate(page, "E2E Fjordpay", "123456789");

    const keyId = await factOf(panel, "keyId").locator("code").innerText();
    expect(keyId).toMatch(/^SN=[0-9A-F]+,CA=CN=E2E Fjordpay,organizationIdentifier=PSDNO-FSA-123456789,O=E2E Fjordpay AS,C=NO$/);
    const serial = await factOf(panel, "Serial").innerText();
    expect(keyId).toContain(`SN=${serial},`);
    await expect(factOf(panel, "Valid")).toContainText("valid");
    await expect(panel).toContainText("only time it is offered");
    await expect(page.getByRole("button", { name: "Generate certificate and key" })).toBeDisabled();
    await expect(page.getByText("First download the key of “E2E Fjordpay” above")).toBeVisible();

    const downloading = page.waitForEvent("download");
    await panel.getByRole("button", { name: /^Download private key/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("E2E-Fjordpay-private-key.pem");
    const keyPem = readFileSync(await download.path(), "utf8");
    expect(keyPem.startsWith("-----BEGIN PRIVATE KEY-----")).toBe(true);
    const certificateDownload = page.waitForEvent("download");
    await panel.getByRole("button", { name: /^Download certificate/ }).click();
    expect(readFileSync(await (await certificateDownload).path(), "utf8")).toMatch(/^-----BEGIN CERTIFICATE-----/);

    await page.reload();
    await expect(card(page, "E2E Fjordpay")).toContainText(serial);
    await expect(page.getByRole("button", { name: /Download private key/ })).toHaveCount(0);
    await expect(page.getByText("Certificate “E2E Fjordpay” created")).toHaveCount(0);

    // A newer one signs by default; choosing the first makes it sign instead.
    await generate(page, "E2E Other", "555");
    await page.getByRole("button", { name: "Done, I have the key" }).click();
    await expect(card(page, "E2E Other")).toContainText("in use");
    await card(page, "E2E Fjordpay").getByRole("button", { name: "Use E2E Fjordpay to sign requests" }).click();
    await expect(card(page, "E2E Fjordpay")).toContainText("in use");
    await expect(card(page, "E2E Other")).not.toContainText("in use");
    await expect(page.getByRole("status").filter({ hasText: "now signed with “E2E Fjordpay”" })).toBeVisible();

    await page.goto("/try/registerContactEmail");
    await page.getByRole("button", { name: "Send PUT" }).click();
    await expect(page.locator(".result-status .status")).toHaveText("200", { timeout: 15_000 });
    await expect(await lastSent(page)).toContainText(`SN=${serial},CA=CN=E2E Fjordpay`);
  });

  test("garbage PEM is refused with a specific reason and adds nothing", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByText(/No certificate yet/)).toBeVisible();
    const form = await importPair(page, "Garbage", "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n", "garbage");
    await expect(form.getByRole("alert")).toContainText("Not imported, nothing was added: see the certificate above.");
    const certificateField = form.getByLabel("Certificate PEM");
    await expect(certificateField).toHaveAttribute("aria-invalid", "true");
    await expect(certificateField).toBeFocused();
    await expect(form.locator("#import-certificatePem-error")).toContainText("The certificate could not be read");

    // A real certificate with a garbage key: now the key is the problem.
    const pair = opensslPair("E2E Garbage Key", "111");
    await form.getByLabel("Certificate PEM").fill(pair.certificate);
    await form.getByLabel("Private key PEM (PKCS#8)").fill("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
    await form.getByRole("button", { name: "Import" }).click();
    await expect(form.locator("#import-privateKeyPem-error")).toContainText(/private key/i);
    await expect(form.getByRole("alert")).toContainText("see the private key above");
    await expect(page.getByText(/No certificate yet/)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("an OpenSSL certificate and key import; a key of another certificate is refused", async ({ page }) => {
    const mine = opensslPair("E2E Import", "987654321");
    const other = opensslPair("E2E Stranger", "222");
    await page.goto("/settings");

    const form = await importPair(page, "Mismatch", mine.certificate, other.key);
    await expect(form.locator("#import-privateKeyPem-error")).toContainText("The private key does not belong to the certificate CN=E2E Import");
    await expect(form.getByLabel("Private key PEM (PKCS#8)")).toBeFocused();
    await expect(page.getByText(/No certificate yet/)).toBeVisible();

    const ec = opensslPair("E2E Elliptic", "333", "ec");
    await importPair(page, "Elliptic", ec.certificate, ec.key);
    await expect(form.locator("#import-privateKeyPem-error")).toHaveText("This is an EC key; rsa-sha256 signatures need an RSA key.");
    await importPair(page, "Elliptic cert", ec.certificate, mine.key);
    await expect(form.locator("#import-certificatePem-error")).toContainText("The certificate's public key is ECDSA");
    await expect(form.getByRole("alert")).toContainText("see the certificate above");

    await importPair(page, "E2E Import", mine.certificate, mine.key);
    await expect(form.getByText("Imported “E2E Import”")).toBeVisible();
    const imported = card(page, "E2E Import");
    await expect(imported).toContainText("imported");
    await expect(factOf(imported, "Subject")).toHaveText("CN=E2E Import,organizationIdentifier=PSDNO-FSA-987654321,O=E2E Import AS,C=NO");
    await expect(factOf(imported, "keyId")).toContainText(/^SN=[0-9A-F]+,CA=CN=E2E Import,organizationIdentifier=PSDNO-FSA-987654321/);
    await expect(cards(page)).toHaveCount(1);
    await expect(form.getByLabel("Certificate PEM")).toHaveValue("");
  });

  test("certificate and key files can be chosen: a DER certificate is read, a file without PEM is refused", async ({ page }) => {
    const pair = opensslPair("E2E Files", "444");
    const der = execFileSync("openssl", ["x509", "-outform", "der"], { input: pair.certificate });
    await page.goto("/settings");
    const form = page.getByRole("form", { name: "Import a certificate and key" });
    await form.getByLabel("Or choose the key file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just some notes") });
    await expect(form.locator("#import-privateKeyPem-error")).toContainText("notes.txt holds no PEM block");
    await form.getByLabel("Or choose the certificate file").setInputFiles({ name: "tpp.der", mimeType: "application/pkix-cert", buffer: der });
    await expect(form.getByLabel("Certificate PEM")).toHaveValue(der.toString("base64"));
    await form.getByLabel("Or choose the key file").setInputFiles({ name: "tpp-key.pem", mimeType: "application/x-pem-file", buffer: Buffer.from(pair.key) });
    await expect(form.getByLabel("Private key PEM (PKCS#8)")).toHaveValue(pair.key);
    await form.getByRole("button", { name: "Import" }).click();
    await expect(factOf(card(page, "CN=E2E Files"), "Subject")).toHaveText("CN=E2E Files,organizationIdentifier=PSDNO-FSA-444,O=E2E Files AS,C=NO");
  });

  test("a certificate is deleted after confirmation, the last one too", async ({ page }) => {
    await page.goto("/settings");
    await generate(page, "E2E Short Lived", "1");
    await page.getByRole("button", { name: "Done, I have the key" }).click();
    await expect(page.getByRole("region", { name: /created$/ })).toHaveCount(0);
    const target = card(page, "E2E Short Lived");
    await target.getByRole("button", { name: "Delete E2E Short Lived" }).click();
    await target.getByRole("button", { name: "Keep it" }).click();
    await expect(target.getByRole("button", { name: "Delete E2E Short Lived" })).toBeFocused();
    await target.getByRole("button", { name: "Delete E2E Short Lived" }).click();
    // The question starts on the safe answer; Escape keeps the certificate too.
    await expect(target.getByRole("button", { name: "Keep it" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(target.getByRole("button", { name: "Delete E2E Short Lived" })).toBeFocused();
    await target.getByRole("button", { name: "Delete E2E Short Lived" }).click();
    await target.getByRole("button", { name: "Delete for good" }).click();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "No certificate is left" })).toBeVisible();

    await page.goto("/try/registerContactEmail");
    await page.getByRole("button", { name: "Send PUT" }).click();
    await expect(page.locator(".result-status .status")).toHaveText("200", { timeout: 15_000 });
    await page.goto("/settings");
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Sandbox TPP")).toContainText("in use");
  });

  test.describe("with a server that does not answer", () => {
    // The browser logs every request to a closed port; the portal's answer to them is what is checked.
    // (An array given to test.use is read as [value, options], hence the extra brackets.)
    test.use({
      allowedConsoleErrors: [[...DEFAULT_ALLOWED_CONSOLE_ERRORS, /^Failed to load resource: net::ERR_(FAILED|CONNECTION_REFUSED)/], { scope: "test" }],
    });

    test("the sandbox choice is validated, remembered across reloads, and shown in the header", async ({ page }) => {
      await page.goto("/settings");
      await expect(page.getByRole("status").filter({ hasText: "Sandbox ready · this browser" })).toBeVisible({ timeout: 15_000 });
      const address = page.getByLabel("Server address");
      await expect(address).toHaveValue("http://127.0.0.1:4010");
      await page.getByRole("radio", { name: /^A sandbox server/ }).check();
      await address.fill("https://sandbox.example.no/v1");
      await page.getByRole("button", { name: "Use this sandbox" }).click();
      await expect(page.locator("#sandbox-server-url-error")).toHaveText(/Leave out the path "\/v1"/);
      await expect(address).toHaveAttribute("aria-invalid", "true");
      await expect(address).toBeFocused();
      await address.fill("sandbox.example.no");
      await page.getByRole("button", { name: "Use this sandbox" }).click();
      await expect(page.locator("#sandbox-server-url-error")).toHaveText(/http:\/\/sandbox\.example\.no/);
      await expect(page.getByRole("status").filter({ hasText: "Sandbox ready · this browser" })).toBeVisible();

      // Nothing listens on this port (beside the preview server's): the header and the section say the server is unreachable and how to start it.
      const closed = String(Number(process.env.E2E_PORT ?? 4173) + 19);
      await address.fill(`HTTP://127.0.0.1:${closed}/`);
      await page.getByRole("button", { name: "Use this sandbox" }).click();
      await expect(page.getByText(`The portal now works with the server at http://127.0.0.1:${closed}.`)).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: `Sandbox unreachable · server 127.0.0.1:${closed}` })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator(".settings-section").getByRole("status").first()).toContainText(`npm run sandbox -- --port ${closed}`);
      await page.reload();
      await expect(page.getByRole("alert").filter({ hasText: `Sandbox unreachable · server 127.0.0.1:${closed}` })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByLabel("Server address")).toHaveValue(`http://127.0.0.1:${closed}`);

      await page.goto("/settings?sandbox=not-an-address");
      await expect(page.getByRole("alert").filter({ hasText: "?sandbox=not-an-address is not a sandbox address" })).toBeVisible();
      await page.goto("/settings?sandbox=browser");
      await expect(page.getByRole("status").filter({ hasText: "Sandbox ready · this browser" })).toBeVisible({ timeout: 15_000 });
    });
  });

  test("the contact e-mail registers with the signed operation; an invalid one shows the sandbox's error", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByText("No contact e-mail registered yet.")).toBeVisible({ timeout: 15_000 });
    const email = page.getByLabel("New contact e-mail");
    await email.fill("not-an-address");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.locator("#contact-email-input-error")).toContainText("FORMAT_ERROR", { timeout: 15_000 });
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert").filter({ hasText: "Not registered: the sandbox answered 400, see the e-mail field." })).toBeVisible();

    await email.fill("developers@fjordpay.example");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText(/^Registered: developers@fjordpay\.example/)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("Registered (200).")).toBeVisible();
    await page.getByRole("link", { name: "See the request and answer" }).click();
    await expect(page).toHaveURL(/\/history\/[0-9a-f-]+$/);
  });

  test("the default PSU is chosen from the sandbox's customers", async ({ page }) => {
    await page.goto("/settings");
    const select = page.getByLabel(/^Customer the forms start with/);
    await expect(select.locator("option", { hasText: "Ola Nordmann" })).toHaveCount(1, { timeout: 15_000 });
    await expect(select.locator("option:checked")).toContainText("Kari Nordmann");
    const ola = await select.locator("option", { hasText: "Ola Nordmann" }).getAttribute("value");
    await select.selectOption(ola ?? "");
    await expect(page.getByText("Forms now start with Ola Nordmann.")).toBeVisible();
    await page.goto("/try/createPayment");
    await expect(page.getByLabel(/^PSU-ID/)).toHaveValue(ola ?? "", { timeout: 15_000 });
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`settings in ${colorScheme}`, () => {
    test.use({ colorScheme });

    test("has no serious accessibility violations, with a certificate listed, the key panel open and errors shown", async ({ page }) => {
      await page.goto("/settings");
      await generate(page, "E2E Axe", "42");
      await page.getByRole("radio", { name: /^A sandbox server/ }).check();
      await page.getByLabel("Server address").fill("nope");
      await page.getByRole("button", { name: "Use this sandbox" }).click();
      await expect(page.locator("#sandbox-server-url-error")).toBeVisible();
      await importPair(page, "Bad", "garbage", "garbage");
      await expect(page.locator("#import-certificatePem-error")).toBeVisible();
      const results = await axeOf(page).analyze();
      const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  });
}

// "Copy as curl" promises a command a TPP's server would send, ready to run against the standalone
// sandbox server. This runs it: `npm run sandbox`'s server on its own port, the command from the
// console (this browser's sandbox chosen, the server's address remembered in Settings) pasted into
// a shell, and the server's answer read back. The portal working with the server itself is
// sandbox-server.spec.ts.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { fieldIn, openConsole } from "./journey-steps";
import { startSandboxProcess, type SandboxProcess } from "./sandbox-process";

let SERVER = "";
const run = promisify(execFile);

let server: SandboxProcess | undefined;

test.beforeAll(async () => {
  server = await startSandboxProcess();
  SERVER = server.url;
});
test.afterAll(() => {
  server?.stop();
});

async function curlFromConsole(page: Page): Promise<string> {
  // In the Inspector tab, beside the answer.
  await page.getByRole("tab", { name: "Inspector" }).click();
  await page.getByRole("button", { name: "Show as curl" }).click();
  const figure = page.getByRole("figure").filter({ hasText: "curl (as a TPP's server sends it" });
  return figure.locator("pre").innerText();
}

test.describe("the portal with the standalone server (npm run sandbox)", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/settings");
    await page.getByLabel("Server address").fill(SERVER);
    await page.getByRole("button", { name: "Use this sandbox" }).click();
    await expect(page.getByRole("status").filter({ hasText: "this browser's sandbox" })).toBeVisible();
  });

  test("a payment's curl command creates the payment there: signed with Date, verified, 201", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    const command = await curlFromConsole(page);
    expect(command).toContain(`curl -i -X POST '${SERVER}/v1/payments/norwegian-domestic-credit-transfers'`);
    expect(command).toMatch(/-H 'Signature: keyId="SN=[0-9A-F]+,CA=[^"]+",algorithm="rsa-sha256",headers="digest x-request-id psu-id tpp-redirect-uri date"/);
    const { stdout } = await run("sh", ["-c", command]);
    expect(stdout).toMatch(/^HTTP\/1\.1 201/);
    const body = JSON.parse(stdout.slice(stdout.indexOf("\r\n\r\n") + 4)) as { transactionStatus: string; paymentId: string };
    expect(body.transactionStatus).toBe("RCVD");
    // The server holds it, for the debtor the console chose.
    const stored = await fetch(`${SERVER}/__sandbox/payments/${body.paymentId}`);
    expect(stored.status).toBe(200);
    expect(JSON.stringify(await stored.json())).toContain(await fieldIn(page, "debtorAccount", "bban").inputValue());
  });

  test("the same command with the body edited is refused by the server, with the digest explained", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    const command = (await curlFromConsole(page)).replace('"amount":"250.00"', '"amount":"9250.00"');
    expect(command).toContain('"amount":"9250.00"');
    const { stdout } = await run("sh", ["-c", command]);
    expect(stdout).toMatch(/^HTTP\/1\.1 401/);
    expect(stdout).toMatch(/"code":"SIGNATURE_INVALID"[^}]*Digest/);
  });
});

// The portal pointed at a sandbox server (issue 10, points 2-4 and 8): the server is started here,
// empty, and filled by signed requests from this test, so every account the portal shows or
// prefills can only have come from the server (this browser's own sandbox holds the fixed data).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { generatePersonNumber } from "../src/contract/identity-generators";
import { generateTestCertificate, signRequest } from "../src/signing/index";
import { expect, seenLive, test } from "./fixtures";
import { answerBody, fieldIn, openConsole, send, sandboxReady } from "./journey-steps";
import { startSandboxProcess, type SandboxProcess } from "./sandbox-process";

let SERVER = "";
const run = promisify(execFile);

let server: SandboxProcess | undefined;
const certificate = generateTestCertificate({ tppName: "E2E back end" });

test.beforeAll(async () => {
  server = await startSandboxProcess(["--empty"]);
  SERVER = server.url;
});
test.afterAll(() => {
  server?.stop();
});

interface CreatedAccount {
  resourceId: string;
  bban: string;
  accountName: string;
}

/** A new private customer's account, created on the server by a signed request as a TPP's back end sends it. */
async function createAccountOnServer(accountName: string): Promise<CreatedAccount & { customerNumber: string }> {
  const customerNumber = generatePersonNumber();
  const body = JSON.stringify({
    customerNumber,
    accountName,
    currency: "NOK",
    cashAccountType: "CACC",
    balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 100_000, currency: "NOK" } }],
  });
  const headers: Record<string, string> = { "X-Request-ID": crypto.randomUUID(), "Content-Type": "application/json" };
  const { privateKey, certificatePem } = await certificate;
  const signed = await signRequest({ method: "POST", url: "/v1/sandbox/accounts", headers, body }, { privateKey, certificate: certificatePem });
  const response = await fetch(`${SERVER}/v1/sandbox/accounts`, { method: "POST", headers: { ...headers, ...signed.headers }, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return { ...((await response.json()) as CreatedAccount), customerNumber };
}

const serverJson = async <T>(path: string): Promise<T> => (await fetch(`${SERVER}${path}`)).json() as Promise<T>;

async function curlFromConsole(page: Page): Promise<string> {
  await page.getByRole("tab", { name: "Inspector" }).click();
  await page.getByRole("button", { name: "Show as curl" }).click();
  return page.getByRole("figure").filter({ hasText: "curl (as a TPP's server sends it" }).locator("pre").innerText();
}

test.describe("the portal pointed at a sandbox server", () => {
  test("?sandbox= chooses the server, the header says so, and an account a back end creates there shows in the explorer live, without a reload", async ({
    page,
  }) => {
    await page.goto(`/sandbox/accounts?sandbox=${SERVER}`);
    await expect(page).toHaveURL(/\/sandbox\/accounts$/);
    await expect(page.getByRole("status").filter({ hasText: `Sandbox ready · server ${new URL(SERVER).host}` })).toBeVisible();
    await expect(page.getByText(`Everything the sandbox of the server at ${SERVER} holds`)).toBeVisible();
    // Settled: the explorer has read the server's accounts once.
    await expect(page.locator(".account-grid[aria-busy]")).toHaveCount(0, { timeout: 15_000 });
    const name = `Live ${crypto.randomUUID().slice(0, 8)}`;
    await createAccountOnServer(name);
    await seenLive("a back end's account in the explorer", () => expect(page.getByRole("heading", { name: new RegExp(`^${name}`) })).toBeVisible());
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "server 127.0.0.1" })).toBeVisible();
  });

  test("the PSU picker and the payment form read the server's customers and accounts; the payment and its curl land there", async ({ page }) => {
    const payer = await createAccountOnServer("Payer's account");
    await createAccountOnServer("Payee's account");
    await page.goto(`/settings?sandbox=${SERVER}`);
    const picker = page.getByLabel(/^Customer the forms start with/);
    const option = picker.locator("option", { hasText: payer.customerNumber });
    await expect(option).toHaveCount(1, { timeout: 15_000 });
    await picker.selectOption((await option.getAttribute("value")) ?? "");

    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    const accounts = await serverJson<{ bban: string }[]>("/__sandbox/accounts");
    await expect(fieldIn(page, "debtorAccount", "bban")).toHaveValue(payer.bban);
    const creditor = await fieldIn(page, "creditorAccount", "bban").inputValue();
    expect(accounts.map((account) => account.bban)).toContain(creditor);

    await send(page, 201);
    const { paymentId } = (await answerBody(page)) as { paymentId: string };
    expect((await fetch(`${SERVER}/__sandbox/payments/${paymentId}`)).status).toBe(200);

    const command = await curlFromConsole(page);
    expect(command).toContain(`curl -i -X POST '${SERVER}/v1/payments/norwegian-domestic-credit-transfers'`);
    const { stdout } = await run("sh", ["-c", command]);
    expect(stdout).toMatch(/^HTTP\/1\.1 201/);
    const created = JSON.parse(stdout.slice(stdout.indexOf("\r\n\r\n") + 4)) as { paymentId: string };
    const stored = await serverJson<{ debtorAccountId: string }>(`/__sandbox/payments/${created.paymentId}`);
    expect(stored.debtorAccountId).toBe(payer.resourceId);
  });

  test("copying this browser's sandbox to the server says what it replaces, asks first, and carries an account made in the browser", async ({ page }) => {
    await page.goto("/settings?sandbox=browser");
    await sandboxReady(page);
    await page.getByLabel("Server address").fill(SERVER);
    await page.getByRole("button", { name: "Use this sandbox" }).click();
    await expect(page.getByRole("status").filter({ hasText: "this browser's sandbox" })).toBeVisible();

    const name = `Carried ${crypto.randomUUID().slice(0, 8)}`;
    await openConsole(page, "/try/createSandboxAccount", (current) => current.getByLabel(/^customerNumber\b/));
    await page.getByLabel(/^accountName\b/).fill(name);
    await send(page, 201);
    expect(JSON.stringify(await serverJson("/__sandbox/accounts"))).not.toContain(name);

    await page.goto("/settings#sandbox");
    await page.getByRole("button", { name: "Copy this browser’s sandbox to the server…" }).click();
    const question = page.getByRole("group", { name: /^Confirm: Copy this browser’s sandbox/ });
    await expect(question).toContainText(`Replace everything the server at ${SERVER} holds (`);
    await expect(question).not.toContainText("counting", { timeout: 15_000 });
    await expect(question).toContainText(
      /\(\d+ customers?, \d+ accounts? with \d+ transactions?, \d+ payments?\) with what this browser holds \(\d+ customers/,
    );
    await question.getByRole("button", { name: "Yes, replace the server’s data" }).click();
    await expect(page.getByText(/^Copied this browser’s sandbox to the server at/)).toBeVisible({ timeout: 30_000 });
    const onServer = await serverJson<{ accountName: string }[]>("/__sandbox/accounts");
    expect(onServer.map((account) => account.accountName)).toContain(name);
  });
});

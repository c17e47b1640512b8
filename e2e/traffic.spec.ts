// The Traffic view (issue 26 point 4, decision 0062): what the chosen sandbox received, from every client, live.
// On a server: a request sent from outside the browser (Node's fetch, as curl or a TPP's back end would) shows up
// without a reload, and the client report cites a reused X-Request-ID. In this browser's sandbox: a request sent from the console shows up whole, opens in the console
// again and exports as a test; a refused signature shows the signature doctor's finding.
import type { Page } from "@playwright/test";
import { generatePersonNumber } from "../src/contract/identity-generators";
import { generateTestCertificate, signRequest } from "../src/signing/index";
import { axeOf, expect, seenLive, test } from "./fixtures";
import { answer, fieldIn, openConsole, send, SLOW } from "./journey-steps";
import { startSandboxProcess, type SandboxProcess } from "./sandbox-process";

let server: SandboxProcess | undefined;
const certificate = generateTestCertificate({ tppName: "Traffic back end" });

test.afterAll(() => {
  server?.stop();
});

const trafficList = (page: Page) => page.getByRole("table", { name: "Requests the sandbox received, newest first" });
const detail = (page: Page) => page.locator(".traffic-detail");

/** Opens Traffic from the main navigation (no reload: the portal keeps its state, and its sandbox). */
async function openTraffic(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Traffic" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Traffic" })).toBeVisible();
  await expect(page.getByText("History keeps what this portal sent; Traffic is what the sandbox received.")).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  const results = await axeOf(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("the Traffic view", () => {
  test("on a server: a request sent from outside the browser shows up live, without a reload, and opens whole", async ({ page }) => {
    server = await startSandboxProcess(["--empty"]);
    const url = server.url;
    await page.goto(`/traffic?sandbox=${url}`);
    await expect(page.getByRole("status").filter({ hasText: `Sandbox ready · server ${new URL(url).host}` })).toBeVisible(SLOW);
    await expect(page.locator(".traffic-count")).toHaveText(/shown/, SLOW);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
    });

    const requestId = crypto.randomUUID();
    const body = JSON.stringify({ customerNumber: generatePersonNumber(), accountName: "Seen from the portal", currency: "NOK", cashAccountType: "CACC" });
    const headers: Record<string, string> = { "X-Request-ID": requestId, "Content-Type": "application/json" };
    const { privateKey, certificatePem } = await certificate;
    const signed = await signRequest({ method: "POST", url: "/v1/sandbox/accounts", headers, body }, { privateKey, certificate: certificatePem });
    const response = await fetch(`${url}/v1/sandbox/accounts`, { method: "POST", headers: { ...headers, ...signed.headers }, body });
    expect(response.status, await response.clone().text()).toBeLessThan(500);

    const row = trafficList(page).getByRole("row").filter({ hasText: "createSandboxAccount" });
    await seenLive("a request from outside in Traffic", () => expect(row).toBeVisible());
    await expect(row).toContainText("Traffic back end");
    await expect(page.getByRole("status").filter({ hasText: /new request.*POST createSandboxAccount, answered/ })).toBeVisible();
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await row.getByRole("link").click();
    await expect(page).toHaveURL(/\/traffic\/[0-9a-f]{16}-[0-9a-f]{12}$/);
    await expect(detail(page).getByRole("heading", { level: 2 })).toContainText(`POST /v1/sandbox/accounts answered ${String(response.status)}`);
    await expect(detail(page)).toContainText(requestId);
    await expect(detail(page).getByRole("table", { name: "Request headers" })).toContainText("tpp-signature-certificate");
    await expect(detail(page).getByRole("link", { name: "Open in console" })).toBeVisible();

    // The same X-Request-ID again: the client report fails "A new X-Request-ID for every request", citing both.
    const again = await fetch(`${url}/v1/sandbox/accounts`, { method: "POST", headers: { ...headers, ...signed.headers }, body });
    expect(again.status).toBeGreaterThanOrEqual(400);
    await page.getByRole("tab", { name: "Client report" }).click();
    const check = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /A new X-Request-ID for every request/ }) });
    await expect(check.getByRole("heading")).toContainText("Fail", SLOW);
    const evidence = check.getByRole("link", { name: /^request at / });
    await expect(evidence).toHaveCount(2);
    await evidence.last().click();
    await expect(detail(page).getByRole("heading", { level: 2 })).toBeFocused();
    await expect(detail(page)).toContainText(requestId);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath("traffic-report.png"), fullPage: true });
  });

  test("in this browser: requests show up live; one sent from the console shows up with its details, opens in the console again and exports as a test", async ({
    page,
  }) => {
    // Live in the browser too: a request this page's sandbox answers while Traffic is open shows up without a reload.
    await page.goto("/traffic");
    await expect(page.locator(".traffic-count")).toHaveText(/shown/, SLOW);
    // The sandbox controls' reads (mostly the portal's own polling) are left out until asked for.
    const readsHidden = page.getByText("The sandbox controls’ reads, this portal’s own among them, are left out.");
    await expect(readsHidden).toBeVisible();
    await page.getByRole("checkbox", { name: /Show the sandbox controls’ reads/ }).check();
    await expect(page).toHaveURL(/controlReads=include/);
    await expect(readsHidden).toBeHidden();
    await page.evaluate(async () => {
      (window as { notReloaded?: boolean }).notReloaded = true;
      await fetch("/__sandbox/scenarios");
    });
    await seenLive("a request to the browser sandbox in Traffic", () =>
      expect(trafficList(page).getByRole("row").filter({ hasText: "GET scenarioRules" })).toBeVisible(),
    );
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.getByRole("checkbox", { name: /Show the sandbox controls’ reads/ }).uncheck();
    await expect(trafficList(page).getByRole("row").filter({ hasText: "GET scenarioRules" })).toHaveCount(0);

    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    const debtor = await fieldIn(page, "debtorAccount", "bban").inputValue();
    await send(page, 201);
    await openTraffic(page);

    const row = trafficList(page).getByRole("row").filter({ hasText: "createPayment" }).first();
    await expect(row).toContainText("201 Created");
    await row.getByRole("link").click();
    const shown = detail(page);
    await expect(shown.getByRole("heading", { level: 2 })).toContainText("POST /v1/payments/norwegian-domestic-credit-transfers answered 201 Created");
    await expect(shown.getByRole("table", { name: "Request headers" })).toContainText("digestsigned");
    await expect(shown.getByRole("figure").filter({ hasText: "Request body" })).toContainText(debtor);
    await expect(shown.getByText(/^payment \S+ created$|RCVD/).first()).toBeVisible();
    await expectNoAxeViolations(page);

    const download = page.waitForEvent("download");
    await shown.getByRole("button", { name: "Export as Playwright test" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.spec\.ts$/);
    await expect(shown.getByText(/^Downloaded \S+\.spec\.ts: 1 request/)).toBeVisible();

    await shown.getByRole("link", { name: "Open in console" }).click();
    await expect(page).toHaveURL(/\/try\/createPayment/);
    await expect(page.getByText(/from the sandbox's traffic record/)).toBeVisible(SLOW);
    await expect(fieldIn(page, "debtorAccount", "bban")).toHaveValue(debtor);
  });

  test("a refused signature shows the signature doctor's finding and the Digest against the body as received", async ({ page }) => {
    await openConsole(page, "/try/createPayment", (current) => fieldIn(current, "debtorAccount", "bban"));
    await page.getByRole("tab", { name: "Headers" }).click();
    await page.getByRole("combobox", { name: "Signature" }).selectOption({ label: "Change the body after signing" });
    await send(page, 401);
    await expect(answer(page)).toContainText("SIGNATURE_INVALID");
    await openTraffic(page);

    await page.getByRole("radio", { name: "401 signature" }).check();
    await expect(page).toHaveURL(/\/traffic\?status=401$/);
    const row = trafficList(page).getByRole("row").filter({ hasText: "createPayment" }).first();
    await expect(row).toContainText("digest-of-reformatted-json");
    await row.getByRole("link").click();
    const findings = detail(page).getByRole("region", { name: "What the signature doctor found" });
    await expect(findings).toContainText("digest-of-reformatted-json");
    await expect(findings).toContainText("The Digest is of the same JSON laid out otherwise");
    await expect(detail(page).getByText("the body changed after it was hashed, or another body was hashed")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath("traffic-refused.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);

    // On a phone (decision 0050): nothing scrolls sideways, the finding still reads.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(findings).toBeVisible();
    const sideways = await page.evaluate(() => {
      const width = window.innerWidth;
      if ((document.scrollingElement?.scrollWidth ?? 0) <= width) return [];
      // What sticks out, outside the boxes that scroll on their own.
      return [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > width + 1 && !element.parentElement?.closest(".traffic-list, .table-scroll, pre"))
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className} (${String(Math.round(element.getBoundingClientRect().right))} px)`);
    });
    expect(sideways).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("traffic-phone.png"), fullPage: true });
  });
});

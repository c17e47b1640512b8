// Every scenario outcome in the browser's own sandbox, through fetch and msw's service worker as a TPP's
// single-page app would call it: the same walk as the HTTP suite (mocks/scenarios/every-outcome.test-helpers.ts),
// with requests signed by a TPP certificate of this test.
import type { Page } from "@playwright/test";
import { DEFAULT_PSU_ID } from "../src/contract/default-psu";
import { hrefOf } from "../src/contract/paths";
import { generateTestCertificate, signRequest } from "../src/signing/index";
import { OUTCOME_CASES, walkOutcome, type ScenarioTransport, type SeenAnswer } from "../mocks/scenarios/every-outcome.test-helpers";
import { DEFAULT_ALLOWED_CONSOLE_ERRORS, expect, test } from "./fixtures";
import { SLOW, sandboxReady } from "./journey-steps";

// Forced 500, 503 and 429 answers are failed resource loads in the console, as real ones would be.
test.use({ allowedConsoleErrors: [[...DEFAULT_ALLOWED_CONSOLE_ERRORS, /status of 5\d\d\b/], { scope: "test" }] });

const NDCT = "/v1/payments/norwegian-domestic-credit-transfers";
const KARI = { psuId: DEFAULT_PSU_ID, customerNumber: "01817010055" };
const OLA_CUSTOMER = "05827510086";
const certificate = generateTestCertificate({ tppName: "E2E scenario walker" });

interface Wire {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request from the page, answered by its sandbox through the service worker. */
async function fromPage(page: Page, wire: Wire): Promise<SeenAnswer> {
  const seen = await page.evaluate(async ({ method, path, headers, body }) => {
    const response = await fetch(path, { method, ...(headers ? { headers } : {}), ...(body === undefined ? {} : { body }) });
    return { status: response.status, headers: Object.fromEntries(response.headers.entries()), text: await response.text() };
  }, wire);
  return {
    status: seen.status,
    header: (name) => seen.headers[name.toLowerCase()] ?? null,
    json: seen.text === "" ? null : (JSON.parse(seen.text) as unknown),
  };
}

async function signed(page: Page, method: string, path: string, extra: Record<string, string> = {}, body?: unknown): Promise<SeenAnswer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {
    "X-Request-ID": crypto.randomUUID(),
    ...extra,
    ...(text === undefined ? {} : { "Content-Type": "application/json" }),
  };
  const { privateKey, certificatePem } = await certificate;
  const result = await signRequest({ method, url: path, headers, body: text }, { privateKey, certificate: certificatePem });
  return fromPage(page, { method, path, headers: { ...headers, ...result.headers }, ...(text === undefined ? {} : { body: text }) });
}

const control = (page: Page, method: string, path: string, body?: unknown) =>
  fromPage(page, { method, path, ...(body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }) });

test("every forced outcome, walked by a TPP through the browser's sandbox, is what the HTTP server gives", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto("/sandbox/scenarios");
  await sandboxReady(page);
  const accounts = (await control(page, "GET", hrefOf("sandboxAccounts", {}))).json as { customerNumber: string; accountName: string; bban: string }[];
  const kari = accounts.find((account) => account.customerNumber === KARI.customerNumber && account.accountName === "Brukskonto");
  const ola = accounts.find((account) => account.customerNumber === OLA_CUSTOMER);
  if (!kari || !ola) throw new Error("The fixed data lacks Kari's Brukskonto or Ola's account.");
  const transport: ScenarioTransport = {
    initiate: (scenario) =>
      signed(
        page,
        "POST",
        NDCT,
        {
          "PSU-ID": KARI.psuId,
          "TPP-Session-ID": "e2e-scenarios",
          "TPP-Redirect-URI": "https://tpp.example/callback",
          "PSU-IP-Address": "192.0.2.10",
          "X-Sandbox-Scenario": scenario,
        },
        {
          instructedAmount: { amount: "10.00", currency: "NOK" },
          creditorName: "Ola Nordmann",
          creditorAccount: { bban: ola.bban, currency: "NOK" },
          debtorAccount: { bban: kari.bban, currency: "NOK" },
        },
      ),
    status: (id) => signed(page, "GET", `${NDCT}/${id}/status`),
    approve: (id) => control(page, "POST", hrefOf("scaDecision", { subject: "payment", id }), { decision: "approve" }),
    runBatch: () => control(page, "POST", hrefOf("runBatch", {})),
    advanceClockMinutes: (minutes) => control(page, "POST", hrefOf("advanceClock", {}), { minutes }),
    release: (id) => control(page, "POST", hrefOf("releasePayment", { paymentId: id })),
  };
  for (const outcome of OUTCOME_CASES) expect.soft(await walkOutcome(transport, outcome), outcome.scenario).toEqual(outcome.expected);
  // What the walk left is in the explorer too: the forced payments are marked on their cards.
  await page.goto("/sandbox/payments");
  await sandboxReady(page);
  await expect(page.getByText("Forced by a scenario:").first()).toBeVisible(SLOW);
});

// A TPP's own end-to-end test, as the bank page's contract promises it: a minimal "TPP app" (a
// node:http server here, signing with its own test certificate) creates a payment at the standalone
// sandbox server and sends the browser to its scaRedirect; public/playwright/sandbox-sca.ts, the
// helper TPPs copy, completes SCA there; the app's callback reads the status the bank left.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { approveSca, declineSca } from "../public/playwright/sandbox-sca";
import { DEFAULT_PSU_ID } from "../src/contract/default-psu";
import { generateTestCertificate, signRequest, type TestCertificate } from "../src/signing/index";
import { expect, test } from "./fixtures";
import { startSandboxProcess, type SandboxProcess } from "./sandbox-process";

let SANDBOX = "";
const PAYMENTS = "/v1/payments/norwegian-domestic-credit-transfers";

interface Account {
  bban: string;
  currency: string;
  customerNumber: string;
  accountName: string;
}
interface Customer {
  customerNumber: string;
  psuId: string;
}

let sandbox: SandboxProcess | undefined;
let app: Server | undefined;
let appOrigin = "";
let certificate: TestCertificate;
let debtor: Account;
let creditor: Account;

/** What a TPP back end does for every call: a fresh X-Request-ID, Digest and Signature. */
async function signedFetch(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const all: Record<string, string> = {
    "X-Request-ID": crypto.randomUUID(),
    ...headers,
    ...(text === undefined ? {} : { "Content-Type": "application/json" }),
  };
  const signed = await signRequest(
    { method, url: path, headers: all, body: text },
    { privateKey: certificate.privateKey, certificate: certificate.certificatePem },
  );
  const response = await fetch(`${SANDBOX}${path}`, { method, headers: { ...all, ...signed.headers }, ...(text === undefined ? {} : { body: text }) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const htmlPage = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", ...headers });
  res.end(`<!doctype html><html lang="en"><head><title>Minimal TPP app</title></head><body>${body}</body></html>`);
};

/** The whole TPP app: a pay button, the initiation, and the callback that reads the status. */
async function tppApp(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", appOrigin);
  if (req.method === "GET" && url.pathname === "/") {
    htmlPage(res, 200, `<h1>Checkout</h1><form method="post" action="/pay"><button type="submit">Pay 10.00 NOK</button></form>`);
    return;
  }
  if (req.method === "POST" && url.pathname === "/pay") {
    const created = await signedFetch(
      "POST",
      PAYMENTS,
      { "PSU-ID": DEFAULT_PSU_ID, "TPP-Session-ID": "checkout-42", "TPP-Redirect-URI": `${appOrigin}/callback`, "PSU-IP-Address": "192.0.2.10" },
      {
        instructedAmount: { amount: "10.00", currency: "NOK" },
        debtorAccount: { bban: debtor.bban, currency: "NOK" },
        creditorAccount: { bban: creditor.bban, currency: "NOK" },
        creditorName: "Ola Nordmann",
        remittanceInformationUnstructured: "Order 42",
      },
    );
    const links = created.json._links as { scaRedirect?: { href: string } } | undefined;
    if (created.status !== 201 || !links?.scaRedirect) {
      htmlPage(res, 502, `<h1>The bank refused</h1><pre>${JSON.stringify(created.json)}</pre>`);
      return;
    }
    htmlPage(res, 303, "", { Location: links.scaRedirect.href });
    return;
  }
  if (req.method === "GET" && url.pathname === "/callback") {
    const paymentId = url.searchParams.get("paymentId") ?? "";
    const status = await signedFetch("GET", `${PAYMENTS}/${encodeURIComponent(paymentId)}/status`, { "PSU-ID": DEFAULT_PSU_ID });
    htmlPage(
      res,
      200,
      `<h1>Order 42</h1><p>SCA result: <output aria-label="SCA result">${url.searchParams.get("scaResult") ?? ""}</output></p><p>Payment status: <output aria-label="Payment status">${String(status.json.transactionStatus)}</output></p>`,
    );
    return;
  }
  htmlPage(res, 404, "<h1>Not found</h1>");
}

test.beforeAll(async () => {
  certificate = await generateTestCertificate({ tppName: "Minimal TPP app" });
  sandbox = await startSandboxProcess();
  SANDBOX = sandbox.url;
  const accounts = (await (await fetch(`${SANDBOX}/__sandbox/accounts`)).json()) as Account[];
  const customers = (await (await fetch(`${SANDBOX}/__sandbox/customers`)).json()) as Customer[];
  const kari = customers.find((customer) => customer.psuId === DEFAULT_PSU_ID);
  const found = accounts.find((account) => account.customerNumber === kari?.customerNumber && account.currency === "NOK");
  const other = accounts.find((account) => account.customerNumber !== kari?.customerNumber && account.currency === "NOK");
  if (!found || !other) throw new Error("The server's fixed data lacks the accounts this test pays between.");
  [debtor, creditor] = [found, other];
  app = createServer((req, res) => {
    tppApp(req, res).catch((error: unknown) => {
      htmlPage(res, 500, `<h1>App error</h1><pre>${String(error)}</pre>`);
    });
  });
  await new Promise<void>((resolve) => app?.listen(0, "127.0.0.1", resolve));
  appOrigin = `http://127.0.0.1:${String((app.address() as AddressInfo).port)}`;
});

test.afterAll(async () => {
  sandbox?.stop();
  await new Promise((resolve) => app?.close(resolve));
});

test("approveSca completes the bank's SCA for a TPP app; the app's callback sees ACTC", async ({ page }) => {
  await page.goto(appOrigin);
  await page.getByRole("button", { name: "Pay 10.00 NOK" }).click();
  await expect(page).toHaveURL(/\/bank\/authorize\/payment\//);
  const outcome = await approveSca(page);
  expect(outcome.scaResult).toBe("ok");
  expect(outcome.returnedTo.startsWith(`${appOrigin}/callback?`)).toBe(true);
  await expect(page.getByLabel("Payment status")).toHaveText("ACTC");
});

test("declineSca declines it; the app's callback sees RJCT and scaResult nok", async ({ page }) => {
  await page.goto(appOrigin);
  await page.getByRole("button", { name: "Pay 10.00 NOK" }).click();
  const outcome = await declineSca(page);
  expect(outcome.scaResult).toBe("nok");
  await expect(page.getByLabel("SCA result")).toHaveText("nok");
  await expect(page.getByLabel("Payment status")).toHaveText("RJCT");
});

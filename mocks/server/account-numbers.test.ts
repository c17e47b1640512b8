/**
 * No clashing numbers (issue 27 point 5, decision 0058): the sandbox in the page and a server hand out account numbers
 * from ranges apart, so a number never names one customer's account in one and another's in the other; the fixed data,
 * the same customers in both, keeps the same numbers in both.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isValidNorwegianAccountNumber } from "../../src/contract/norwegian-numbers";
import { ACCOUNT_SERIALS, SANDBOX_BANK } from "../domain/accounts";
import { testClient, type ListedAccount } from "../test-helpers";
import { httpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

const ACCOUNTS = "/v1/sandbox/accounts";
/** New private customers (valid national identity numbers), one account each. */
const CUSTOMERS = ["15829010019", "05827510086", "01817010055"];

let server: SandboxServer;
beforeAll(async () => {
  server = await startSandboxServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

const serialOf = (bban: string) => Number(bban.slice(SANDBOX_BANK.length, -1));

async function createdNumbers(send: (customerNumber: string) => Promise<{ status: number; json: () => Promise<unknown> }>) {
  const numbers: string[] = [];
  for (const customerNumber of CUSTOMERS) {
    const response = await send(customerNumber);
    const body = (await response.json()) as { bban?: string };
    expect(response.status, JSON.stringify(body)).toBe(201);
    numbers.push(body.bban ?? "");
  }
  return numbers;
}

describe("account numbers: the page's sandbox and a server never hand out the same one", () => {
  test("accounts created in each come from ranges apart, valid MOD11 numbers of bank 9710; the fixed data's are the same in both", async () => {
    const page = await testClient();
    const http = httpClient(server.url);
    expect((await page.send("POST", "/v1/sandbox/initialize")).status).toBe(200);
    expect((await http.send("POST", "/v1/sandbox/initialize")).status).toBe(200);
    const body = (customerNumber: string) => ({ body: { customerNumber, accountName: "Sparekonto", currency: "NOK" } });
    const inPage = await createdNumbers((customerNumber) => page.send("POST", ACCOUNTS, body(customerNumber)));
    const onServer = await createdNumbers((customerNumber) => http.send("POST", ACCOUNTS, body(customerNumber)));
    expect(inPage.filter((bban) => onServer.includes(bban))).toEqual([]);
    for (const bban of [...inPage, ...onServer]) expect(bban.startsWith(SANDBOX_BANK) && isValidNorwegianAccountNumber(bban), bban).toBe(true);
    expect(inPage.every((bban) => serialOf(bban) <= ACCOUNT_SERIALS.browser.last)).toBe(true);
    expect(onServer.every((bban) => serialOf(bban) >= ACCOUNT_SERIALS.server.first)).toBe(true);

    const fixed = (accounts: ListedAccount[]) =>
      accounts
        .filter((account) => !inPage.includes(account.bban) && !onServer.includes(account.bban))
        .map((account) => `${account.customerNumber} ${account.accountName} ${account.bban}`)
        .sort();
    const pageAccounts = (await (await page.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
    const serverAccounts = await http.controlJson<ListedAccount[]>("GET", "/__sandbox/accounts");
    expect(fixed(serverAccounts)).toEqual(fixed(pageAccounts));
    expect(fixed(pageAccounts).length).toBeGreaterThan(5);
  });

  test("the account numbers the identity generator suggests are of each sandbox's own range", async () => {
    const page = await testClient();
    const inPage = (await (await page.control("GET", "/__sandbox/identities?count=20")).json()) as { accountNumbers: string[] };
    const onServer = await httpClient(server.url).controlJson<{ accountNumbers: string[] }>("GET", "/__sandbox/identities?count=20");
    expect(inPage.accountNumbers).toHaveLength(20);
    expect(onServer.accountNumbers).toHaveLength(20);
    expect(inPage.accountNumbers.filter((bban) => serialOf(bban) > ACCOUNT_SERIALS.browser.last)).toEqual([]);
    expect(onServer.accountNumbers.filter((bban) => serialOf(bban) < ACCOUNT_SERIALS.server.first)).toEqual([]);
  });
});

import { describe, expect, test } from "vitest";
import { ErrorBody } from "./common-objects";
import type { Customer, ExplorerAccount } from "./control-schemas";
import { errorExampleBody, errorMeanings } from "./error-meanings";
import { errorCodes } from "./errors";
import { exampleRequest, type ExampleContext } from "./example-requests";
import { exampleResponse } from "./example-responses";
import { operations as table, type Operation } from "./operations";

const operations: readonly Operation[] = table;

const account = (resourceId: string, customerNumber: string, bban: string, iban: string): ExplorerAccount => ({
  resourceId,
  customerNumber,
  accountName: "Brukskonto",
  bban,
  iban,
  currency: "NOK",
  cashAccountType: "CACC",
  creditLine: 0,
  balances: [{ balanceType: "interimAvailable", balanceAmount: { amount: 25430.5, currency: "NOK" } }],
  kidRequired: false,
  inAgreement: true,
  transactionCount: 12,
});
const customer = (customerNumber: string, psuId: string, name: string): Customer => ({
  customerNumber,
  kind: "private",
  psuId,
  name,
  createdAt: Date.UTC(2026, 0, 5, 8),
});
const KARI = "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21";
const context: ExampleContext = {
  accounts: [account("acc-kari", "01817010055", "12345678903", "NO3312345678903"), account("acc-ola", "05827510086", "86011117947", "NO9386011117947")],
  customers: [customer("01817010055", KARI, "Kari Nordmann"), customer("05827510086", "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a22", "Ola Nordmann")],
  today: "2026-03-02",
  origin: "http://127.0.0.1:4010",
  psuId: KARI,
  sessionId: "0b6c1e3a-7f0d-4c5e-9a2b-8d1f3e5a7c9b",
};

describe("example answers", () => {
  for (const operation of operations) {
    test(`${operation.id}: the example answer has the operation's success status and fits its response schema`, () => {
      const request = exampleRequest(operation.id, context, {});
      const response = exampleResponse(operation, context, request.params, context.origin);
      expect(response.status).toBe(operation.success.status);
      if (operation.success.body) expect(operation.success.body.safeParse(response.body).error?.issues ?? []).toEqual([]);
      else expect(response.body).toBeUndefined();
      for (const name of Object.keys(operation.success.headers ?? {})) expect(response.headers[name]).toBeTruthy();
    });
  }

  test("an answer carries the example request's data and links to where the sandbox answers", () => {
    const create = operations.find((operation) => operation.id === "createPayment");
    const read = operations.find((operation) => operation.id === "getPayment");
    if (!create || !read) throw new Error("operations missing");
    const created = exampleResponse(create, context, {}, context.origin).body as { paymentId: string; _links: Record<string, { href: string }> };
    expect(created._links.scaRedirect?.href).toBe(`http://127.0.0.1:4010/bank/authorize/payment/${created.paymentId}`);
    const payment = exampleResponse(read, context, { paymentId: "p-1" }, context.origin).body as { paymentId: string; debtorAccount: { bban: string } };
    expect(payment).toMatchObject({ paymentId: "p-1", debtorAccount: { bban: "12345678903" } });
  });
});

describe("error examples", () => {
  test("every error code has a meaning and an example body that fits the Error schema", () => {
    for (const code of errorCodes) {
      expect(errorMeanings[code]).not.toBe("");
      expect(ErrorBody.safeParse(errorExampleBody(code)).success).toBe(true);
      expect(errorExampleBody(code).tppMessages[0]?.code).toBe(code);
    }
  });
});

describe("example requests act for the chosen PSU", () => {
  const company: Customer = {
    customerNumber: "999990010",
    kind: "corporate",
    psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a31",
    name: "Fjordline Testbedrift AS",
    createdAt: 0,
  };
  const asCompany: ExampleContext = {
    ...context,
    customers: [...context.customers, company],
    accounts: [...context.accounts, account("acc-fjord", "999990010", "97100000141", "NO7097100000141")],
    psuId: company.psuId,
  };

  test("a company's PSU names the company in PSU-Corporate-ID wherever the operation takes it (spec 7 rule 1)", () => {
    expect(exampleRequest("createPayment", asCompany, {}).headers).toMatchObject({ "PSU-ID": company.psuId, "PSU-Corporate-ID": "999990010" });
    expect(exampleRequest("createSandboxAccount", asCompany, {}).headers["PSU-Corporate-ID"]).toBeUndefined();
  });

  test("a private PSU sends no PSU-Corporate-ID", () => {
    expect(exampleRequest("createPayment", context, {}).headers["PSU-Corporate-ID"]).toBeUndefined();
  });
});

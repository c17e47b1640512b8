import { describe, expect, test } from "vitest";
import { errorStatus } from "./errors";
import { operations } from "./operations";

const row = (method: string, path: string) => operations.find((op) => op.method === method && op.path === path);

describe("operation table", () => {
  test("the four documented operations, at the spec's paths and bases", () => {
    expect(row("POST", "/v1/periodic-payments/norwegian-domestic-credit-transfers")).toMatchObject({
      base: "api",
      specSection: "4.1",
      pathChosen: false,
      success: { status: 201 },
    });
    expect(row("POST", "/v1/payments/norwegian-domestic-credit-transfers")).toMatchObject({
      base: "api",
      specSection: "4.2",
      pathChosen: false,
      success: { status: 201 },
    });
    expect(row("POST", "/v1/sandbox/accounts")).toMatchObject({ base: "sandbox", specSection: "4.3", pathChosen: false, success: { status: 201 } });
    expect(row("GET", "/v1/sandbox/accounts/{mockAccountId}/transactions")).toMatchObject({ base: "sandbox", specSection: "4.4", pathChosen: false });
  });
  test("every operation named in 4.5, at the paths of the design", () => {
    const named: [string, string][] = [
      ["POST", "/v1/sandbox/agreements"],
      ["POST", "/v1/sandbox/accounts/{mockAccountId}/transactions"],
      ["GET", "/v1/payments/norwegian-domestic-credit-transfers/{paymentId}/status"],
      ["GET", "/v1/periodic-payments/norwegian-domestic-credit-transfers/{paymentId}/status"],
      ["DELETE", "/v1/payments/norwegian-domestic-credit-transfers/{paymentId}"],
      ["DELETE", "/v1/periodic-payments/norwegian-domestic-credit-transfers/{paymentId}"],
      ["POST", "/v1/signing-baskets"],
      ["GET", "/v1/signing-baskets/{basketId}"],
      ["GET", "/v1/signing-baskets/{basketId}/status"],
      ["DELETE", "/v1/signing-baskets/{basketId}"],
      ["GET", "/v1/sandbox/accounts/{mockAccountId}/transactions/{transactionId}"],
      ["PUT", "/v1/sandbox/accounts/{mockAccountId}/balances"],
      ["POST", "/v1/sandbox/initialize"],
      ["PUT", "/v1/sandbox/tpp/contact-email"],
    ];
    for (const [method, path] of named) expect(row(method, path), `${method} ${path}`).toBeDefined();
    expect(row("POST", "/v1/sandbox/agreements")?.pathChosen).toBe(false);
    expect(row("POST", "/v1/signing-baskets")?.pathChosen).toBe(true);
  });
  test("ids and method+path pairs are unique", () => {
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
    expect(new Set(operations.map((op) => `${op.method} ${op.path}`)).size).toBe(operations.length);
  });
  test("path parameters match the path's placeholders", () => {
    for (const op of operations) {
      const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = "pathParams" in op ? Object.keys(op.pathParams.shape) : [];
      expect(declared.sort(), op.id).toEqual(placeholders.sort());
    }
  });
  test("bodies only where the method carries one; every error code has a status", () => {
    for (const op of operations) {
      if (op.method === "GET" || op.method === "DELETE") expect("body" in op, op.id).toBe(false);
      for (const code of op.errors) expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
    }
  });
  test("the reference lists what the dispatcher answers: the PSU errors wherever a PSU is named, PRODUCT_UNKNOWN wherever the path names a product", () => {
    for (const op of operations) {
      const errors: readonly string[] = op.errors;
      if ("PSU-ID" in op.headers.shape) expect(errors, op.id).toEqual(expect.arrayContaining(["HTTP_HEADER_REQUIRED", "PSU_CREDENTIALS_INVALID", "FORBIDDEN"]));
      if (/^\/v1\/(payments|periodic-payments)\//.test(op.path)) expect(errors, op.id).toContain("PRODUCT_UNKNOWN");
    }
  });
});

import { describe, expect, test } from "vitest";
import { operations } from "../../src/contract/operations";
import { matchRoute } from "./route-table";

describe("matchRoute", () => {
  test("every operation of the table is found at its own path and method", () => {
    for (const operation of operations) {
      const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => `value-of-${name}`);
      const match = matchRoute(operation.method, path);
      expect(match.kind === "operation" && match.operation.id, operation.id).toBe(operation.id);
      if (match.kind === "operation") for (const name of Object.keys(match.params)) expect(match.params[name]).toBe(`value-of-${name}`);
    }
  });
  test("a trailing slash is allowed; the method is case-insensitive", () => {
    expect(matchRoute("post", "/v1/sandbox/initialize/").kind).toBe("operation");
  });
  test("path parameters are percent-decoded; a malformed escape names nothing", () => {
    const match = matchRoute("GET", "/v1/signing-baskets/a%2Fb%20c");
    expect(match.kind === "operation" && match.params).toEqual({ basketId: "a/b c" });
    expect(matchRoute("GET", "/v1/signing-baskets/%E0%A4%A").kind).toBe("unknown-path");
  });
  test("a known path with another method lists the allowed ones", () => {
    expect(matchRoute("PATCH", "/v1/payments/norwegian-domestic-credit-transfers/p1")).toEqual({
      kind: "method-not-allowed",
      allowed: ["GET", "HEAD", "DELETE"],
    });
    expect(matchRoute("GET", "/v1/nothing").kind).toBe("unknown-path");
  });
  test("HEAD finds the GET operation; GET paths list HEAD as allowed", () => {
    const match = matchRoute("HEAD", "/v1/signing-baskets/b1/status");
    expect(match.kind === "operation" && match.operation.id).toBe("getSigningBasketStatus");
    expect(matchRoute("HEAD", "/v1/sandbox/initialize")).toEqual({ kind: "method-not-allowed", allowed: ["POST"] });
    expect(matchRoute("PUT", "/v1/signing-baskets/b1")).toEqual({ kind: "method-not-allowed", allowed: ["GET", "HEAD", "DELETE"] });
  });
  test("a payment service with a product it does not offer is an unknown product, not an unknown path", () => {
    const known = ["norwegian-domestic-credit-transfers"];
    expect(matchRoute("POST", "/v1/payments/sepa-credit-transfers")).toEqual({
      kind: "unknown-product",
      service: "payments",
      product: "sepa-credit-transfers",
      known,
    });
    expect(matchRoute("GET", "/v1/periodic-payments/instant-sepa-credit-transfers/p1/status")).toMatchObject({
      kind: "unknown-product",
      product: "instant-sepa-credit-transfers",
    });
    expect(matchRoute("GET", "/v1/payments/norwegian-domestic-credit-transfers/p1/nothing").kind).toBe("unknown-path");
    expect(matchRoute("GET", "/v1/sandbox/nothing").kind).toBe("unknown-path");
  });
});

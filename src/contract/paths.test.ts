import { describe, expect, test } from "vitest";
import { controlRoutes } from "./control";
import { operations } from "./operations";
import { hrefOf, matchOperation, pathOf, routes } from "./paths";

describe("one path API over both tables", () => {
  test("every id is unique across the interface and the control API", () => {
    const ids = routes.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(operations.length + controlRoutes.length);
  });
  test("every row is found again at the path hrefOf builds for it", () => {
    for (const route of routes) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((found) => found[1] ?? "");
      const params: Record<string, string> = Object.fromEntries(names.map((name) => [name, name === "subject" ? "basket" : `a b/${name}`]));
      const match = matchOperation(route.method, pathOf(route, params));
      expect(match.kind === "found" && match.route.id, route.id).toBe(route.id);
      if (match.kind === "found") expect(match.params).toEqual(params);
    }
  });
  test("hrefOf encodes parameters and adds the query's non-empty values", () => {
    expect(hrefOf("getPaymentStatus", { paymentId: "p 1/2" })).toBe("/v1/payments/norwegian-domestic-credit-transfers/p%201%2F2/status");
    expect(hrefOf("sandboxPayments", {}, { limit: "10", empty: "", none: undefined })).toBe("/__sandbox/payments?limit=10");
    expect(hrefOf("scaDecision", { subject: "payment", id: "x" })).toBe("/__sandbox/sca/payment/x");
  });
  test("a known path with another method lists what it takes; HEAD finds GET", () => {
    expect(matchOperation("DELETE", "/__sandbox/clock")).toEqual({ kind: "method-not-allowed", allowed: ["GET", "HEAD"] });
    expect(matchOperation("HEAD", "/__sandbox/clock")).toMatchObject({ kind: "found", route: { id: "sandboxClock" } });
  });
  test("one table only, when asked", () => {
    expect(matchOperation("GET", "/__sandbox/clock", { only: "interface" }).kind).toBe("unknown-path");
    expect(matchOperation("POST", "/v1/sandbox/initialize", { only: "control" }).kind).toBe("unknown-path");
  });
  test("a prefix before the path only when allowed; an undecodable parameter only when kept", () => {
    expect(matchOperation("GET", "/psd2/v1/signing-baskets/b1").kind).toBe("unknown-path");
    expect(matchOperation("GET", "/psd2/v1/signing-baskets/b1", { anyPrefix: true })).toMatchObject({
      kind: "found",
      prefix: "/psd2",
      params: { basketId: "b1" },
    });
    expect(matchOperation("GET", "/v1/signing-baskets/100%").kind).toBe("unknown-path");
    expect(matchOperation("GET", "/v1/signing-baskets/100%", { keepUndecodable: true })).toMatchObject({ params: { basketId: "100%" } });
  });
});

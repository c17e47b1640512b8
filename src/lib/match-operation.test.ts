import { describe, expect, it } from "vitest";
import { matchOperation } from "./match-operation";

describe("matchOperation", () => {
  it("recovers the operation and its path parameter", () => {
    const match = matchOperation("GET", "http://localhost:4312/v1/payments/norwegian-domestic-credit-transfers/abc-123/status");
    expect(match?.operation.id).toBe("getPaymentStatus");
    expect(match?.params).toEqual({ paymentId: "abc-123" });
    expect(match?.target).toBe("/v1/payments/norwegian-domestic-credit-transfers/abc-123/status");
  });

  it("tells operations on one path apart by method", () => {
    const path = "/v1/sandbox/accounts/acc-1/transactions";
    expect(matchOperation("GET", path)?.operation.id).toBe("listSandboxTransactions");
    expect(matchOperation("post", path)?.operation.id).toBe("createSandboxTransaction");
  });

  it("splits the query and keeps it in the target", () => {
    const match = matchOperation("GET", "https://bank.example/v1/sandbox/accounts/acc-1/transactions?limit=20&page=2");
    expect(match?.query).toEqual({ limit: "20", page: "2" });
    expect(match?.target).toBe("/v1/sandbox/accounts/acc-1/transactions?limit=20&page=2");
  });

  it("decodes path parameters, and keeps undecodable ones as sent", () => {
    expect(matchOperation("GET", "/v1/signing-baskets/a%20b")?.params).toEqual({ basketId: "a b" });
    expect(matchOperation("GET", "/v1/signing-baskets/100%")?.params).toEqual({ basketId: "100%" });
  });

  it("allows a base address with a path of its own", () => {
    const match = matchOperation("PUT", "https://bank.example/psd2/v1/sandbox/tpp/contact-email");
    expect(match?.operation.id).toBe("registerContactEmail");
    expect(match?.target).toBe("/v1/sandbox/tpp/contact-email");
  });

  it("prefers the recorded operation when it fits, and ignores it when it does not", () => {
    expect(matchOperation("GET", "/v1/payments/norwegian-domestic-credit-transfers/p1", "getPayment")?.operation.id).toBe("getPayment");
    expect(matchOperation("GET", "/v1/payments/norwegian-domestic-credit-transfers/p1", "createPayment")?.operation.id).toBe("getPayment");
  });

  it("finds nothing for paths and methods outside the table", () => {
    expect(matchOperation("GET", "/__sandbox/clock")).toBeUndefined();
    expect(matchOperation("PATCH", "/v1/signing-baskets/b1")).toBeUndefined();
    expect(matchOperation("GET", "/v1/payments/norwegian-domestic-credit-transfers/p1/extra")).toBeUndefined();
  });
});

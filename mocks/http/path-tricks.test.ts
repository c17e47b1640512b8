import { describe, expect, test } from "vitest";
import { pathTrickProblem } from "./path-tricks";

describe("pathTrickProblem", () => {
  test.each([
    ["/v1/../__sandbox/reset", /"\.\." segment/],
    ["/v1/./payments", /"\." or "\.\." segment/],
    ["/v1/..", /segment/],
    ["/v1/%2e%2e/__sandbox/reset", /contains %2e, an encoded dot/],
    ["/v1/%2E%2E/__sandbox/reset", /contains %2E, an encoded dot/],
    ["/v1/.%2e/__sandbox/reset", /encoded dot/],
    ["/v1/signing-baskets/a%2fb", /%2f, an encoded slash/],
    ["/v1/signing-baskets/a%2Fb", /%2F, an encoded slash/],
    ["/v1/payments%5c..%5c__sandbox", /%5c, an encoded backslash/],
    ["/v1\\..\\__sandbox\\reset", /backslash/],
    ["http://127.0.0.1:4010/v1/../__sandbox/reset", /segment/],
  ])("%s is refused", (target, problem) => {
    expect(pathTrickProblem(target)).toMatch(problem);
  });

  test.each([
    "/v1/payments/norwegian-domestic-credit-transfers",
    "/v1/sandbox/accounts/acc-1/transactions?fromDate=2026-01-01&q=..%2f%5c",
    "/v1/signing-baskets/a%20b",
    "/v1/payments/x.y/status",
    "/v1/...",
    "http://127.0.0.1:4010/__sandbox/clock",
    "/",
  ])("%s passes", (target) => {
    expect(pathTrickProblem(target)).toBeUndefined();
  });
});

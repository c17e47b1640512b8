import { describe, expect, test } from "vitest";
import type { WireResponse } from "../../lib/exchange";
import { answerFacts } from "./answer-facts";

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): WireResponse => ({
  status,
  statusText: "",
  headers,
  body: typeof body === "string" ? body : JSON.stringify(body),
  durationMs: 12,
});

describe("the answer's first facts", () => {
  test("a created payment: its status line, paymentId and transactionStatus", () => {
    expect(answerFacts(answer(201, { paymentId: "p-1", transactionStatus: "RCVD", _links: {} }))).toEqual({
      status: 201,
      reason: "Created",
      id: { name: "paymentId", value: "p-1" },
      transactionStatus: "RCVD",
    });
  });

  test("a basket and an account name their own ids", () => {
    expect(answerFacts(answer(201, { basketId: "b-1", transactionStatus: "RCVD" })).id).toEqual({ name: "basketId", value: "b-1" });
    expect(answerFacts(answer(201, { resourceId: "acc-9", bban: "12345678903" })).id).toEqual({ name: "resourceId", value: "acc-9" });
  });

  test("a refusal to be tried later: Retry-After, and the scenario that forced it", () => {
    const facts = answerFacts(
      answer(
        429,
        { tppMessages: [{ category: "ERROR", code: "ACCESS_EXCEEDED", text: "…" }] },
        { "retry-after": "10", "x-sandbox-scenario-applied": "too-many-requests;retry-after=10" },
      ),
    );
    expect(facts).toEqual({ status: 429, reason: "Too Many Requests", retryAfter: "10", forcedBy: "too-many-requests;retry-after=10" });
  });

  test("a body that is not JSON, or a list, names no id", () => {
    expect(answerFacts(answer(500, "<html>oops</html>"))).toEqual({ status: 500, reason: "Internal Server Error" });
    expect(answerFacts(answer(200, [{ paymentId: "p-1" }]))).toEqual({ status: 200, reason: "OK" });
  });
});

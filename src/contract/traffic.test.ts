import { describe, expect, test } from "vitest";
import { ClientReport, TrafficPage, TrafficRecord } from "./traffic";

const record = {
  id: "0000018f2c3b4d5e-0001",
  at: "2026-11-27T10:00:00.000Z",
  method: "POST",
  path: "/v1/payments/norwegian-domestic-credit-transfers",
  operation: "createPayment",
  status: 401,
  ms: 3.2,
  tpp: {
    keySha256: "a".repeat(64),
    certificateSha256: "b".repeat(64),
    organizationIdentifier: "PSDNO-FSA-123456789",
    subject: "CN=Test TPP,organizationIdentifier=PSDNO-FSA-123456789,C=NO",
    verified: false,
  },
  requestId: "6b0f3c9e-5f1e-4a59-9d0f-7a5c0a8f3d21",
  scenario: null,
  changes: [],
  query: "",
  request: { headers: { digest: "SHA-256=…" }, body: { text: '{"instructedAmount":{}}', bytes: 23, keptBytes: 23 } },
  response: { headers: { "content-type": "application/json" }, body: { text: "", bytes: 0, keptBytes: 0 } },
  diagnosis: [{ code: "SIGNING_STRING_TRAILING_NEWLINE", text: "The signing string ends with a newline…" }],
};

describe("the traffic contract", () => {
  test("a refused request's record keeps its TPP as unverified, its body with its size, and the doctor's findings", () => {
    expect(TrafficRecord.parse(record).tpp?.verified).toBe(false);
    expect(TrafficRecord.safeParse({ ...record, request: { ...record.request, body: { text: "", bytes: -1, keptBytes: 0 } } }).success).toBe(false);
  });

  test("a page lists summaries, newest first, with the next page's cursor or null at the end", () => {
    const page = TrafficPage.parse({ requests: [{ ...record, diagnosisCodes: ["SIGNING_STRING_TRAILING_NEWLINE"] }], next: null });
    expect(page.requests[0]?.diagnosisCodes).toEqual(["SIGNING_STRING_TRAILING_NEWLINE"]);
    // A summary leaves the headers and bodies to the whole record.
    expect(page.requests[0]).not.toHaveProperty("request");
  });

  test("a report check is passed, failed or untested, never anything else", () => {
    const check = { id: "request-id-unique", title: "A new X-Request-ID for every request", evidence: [], source: "spec 4.1", detail: "" };
    const report = { tpp: null, requests: 0, since: null, truncated: false };
    expect(ClientReport.safeParse({ ...report, checks: [{ ...check, status: "pass" }] }).success).toBe(true);
    expect(ClientReport.safeParse({ ...report, checks: [{ ...check, status: "skipped" }] }).success).toBe(false);
    expect(ClientReport.safeParse({ ...report, checks: [{ ...check, id: "no-such-check", status: "pass" }] }).success).toBe(false);
  });
});

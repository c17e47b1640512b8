import { describe, expect, it } from "vitest";
import type { TrafficSummary } from "../../contract/traffic";
import { changeText, freshRows, newsText, senderOf } from "./traffic-words";

const summary = (id: string, overrides: Partial<TrafficSummary> = {}): TrafficSummary => ({
  id,
  at: "2026-11-27T10:00:00.000Z",
  method: "POST",
  path: "/v1/payments/norwegian-domestic-credit-transfers",
  query: "",
  operation: "createPayment",
  status: 201,
  ms: 9,
  tpp: null,
  requestId: null,
  scenario: null,
  changes: [],
  diagnosisCodes: [],
  ...overrides,
});
const tpp = { keySha256: "a".repeat(64), certificateSha256: "b".repeat(64), subject: "CN=Acme Pay AS,O=Acme,C=NO" };

describe("how a recorded request reads", () => {
  it("names its sender: the certificate's CN with its organisation identifier, and says when its signature was refused", () => {
    expect(senderOf(null)).toBe("unsigned");
    expect(senderOf({ ...tpp, verified: true })).toBe("Acme Pay AS");
    expect(senderOf({ ...tpp, organizationIdentifier: "PSDNO-FSA-123", verified: true })).toBe("Acme Pay AS (PSDNO-FSA-123)");
    expect(senderOf({ ...tpp, subject: "O=Acme,C=NO", organizationIdentifier: "PSDNO-FSA-123", verified: true })).toBe("PSDNO-FSA-123");
    expect(senderOf({ ...tpp, verified: false })).toBe("Acme Pay AS (signature refused)");
  });

  it("says what it changed", () => {
    expect(changeText({ kind: "payment", id: "3f2a9c1e-0000-4000-8000-000000000000", from: "RCVD", to: "ACTC" })).toBe("payment 3f2a9c1e… RCVD → ACTC");
    expect(changeText({ kind: "clock", to: "moved" })).toBe("clock moved");
  });
});

describe("the news of new requests", () => {
  const rows = [summary("0003", { status: 401, operation: null, method: "GET", path: "/v1/x" }), summary("0002"), summary("0001")];

  it("are the rows newer than the newest seen before; nothing on the first reading", () => {
    expect(freshRows(rows, "0001").map((row) => row.id)).toEqual(["0003", "0002"]);
    expect(freshRows(rows, undefined)).toEqual([]);
    expect(freshRows(rows, "0003")).toEqual([]);
    // The view opened on an empty record: the first requests are news.
    expect(freshRows(rows, null)).toHaveLength(3);
  });

  it("are announced with the newest's method, operation and status", () => {
    expect(newsText([summary("0002")])).toBe("1 new request: POST createPayment, answered 201 Created.");
    expect(newsText(freshRows(rows, "0001"))).toBe("2 new requests; the newest: GET /v1/x, answered 401 Unauthorized.");
    expect(newsText([])).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import type { TrafficRecord } from "../contract/traffic";
import { exchangeOfRecord, notReplayable } from "./traffic-exchange";

const body = (text: string) => ({ text, bytes: text.length, keptBytes: text.length });

/** A payment creation as a TPP's back end sent it with curl: Node's lower-case header names and the transport's own headers. */
export const recordedCreation = (): TrafficRecord => ({
  id: "0000019000000000-000000010001",
  at: "2026-11-27T10:00:00.000Z",
  method: "POST",
  path: "/v1/payments/norwegian-domestic-credit-transfers",
  query: "",
  operation: "createPayment",
  status: 201,
  ms: 12,
  tpp: null,
  requestId: "5f0c6f8e-1111-4222-8333-944455556666",
  scenario: null,
  changes: [],
  request: {
    headers: {
      host: "127.0.0.1:4010",
      "user-agent": "curl/8.5.0",
      accept: "*/*",
      "content-type": "application/json",
      "x-request-id": "5f0c6f8e-1111-4222-8333-944455556666",
      "psu-id": "d2b4c9b0-0000-4000-8000-000000000001",
      "tpp-redirect-uri": "https://tpp.example/back",
      "x-sandbox-scenario": "sca-declined",
      digest: "SHA-256=abc",
      signature: 'keyId="SN=1,CA=CN=x",algorithm="rsa-sha256",headers="digest x-request-id",signature="AA=="',
    },
    body: body('{"instructedAmount":{"currency":"NOK","amount":"10.00"}}'),
  },
  response: { headers: { "content-type": "application/json" }, body: body('{"paymentId":"p1","transactionStatus":"RCVD"}') },
  diagnosis: [],
});

describe("a traffic record as an exchange", () => {
  it("keeps the headers the operation reads, in the contract's spelling, and the scenario; leaves the transport's out", () => {
    const exchange = exchangeOfRecord(recordedCreation(), "http://127.0.0.1:4010/");
    expect(exchange.operationId).toBe("createPayment");
    expect(exchange.request.url).toBe("http://127.0.0.1:4010/v1/payments/norwegian-domestic-credit-transfers");
    expect(Object.keys(exchange.request.headers).sort()).toEqual(
      ["Accept", "Content-Type", "Digest", "PSU-ID", "Signature", "TPP-Redirect-URI", "X-Request-ID", "X-Sandbox-Scenario"].sort(),
    );
    expect(exchange.request.body).toBe('{"instructedAmount":{"currency":"NOK","amount":"10.00"}}');
    expect(exchange.response).toMatchObject({ status: 201, statusText: "Created", durationMs: 12 });
  });

  it("carries the query and has no body for a read", () => {
    const path = "/v1/sandbox/accounts/a1/transactions";
    const record = {
      ...recordedCreation(),
      method: "GET",
      path,
      query: "limit=5",
      operation: "listSandboxTransactions",
      request: { headers: {}, body: body("") },
    };
    const exchange = exchangeOfRecord(record, "http://localhost:5173");
    expect(exchange.operationId).toBe("listSandboxTransactions");
    expect(exchange.request.url).toBe(`http://localhost:5173${path}?limit=5`);
    expect(exchange.request.body).toBeUndefined();
  });

  it("says why a request cannot go again: a body cut at the bound, or no operation of the interface", () => {
    expect(notReplayable(recordedCreation())).toBeUndefined();
    const cut = recordedCreation();
    cut.request.body = { text: "{", bytes: 20_000, keptBytes: 16_384 };
    expect(notReplayable(cut)).toMatch(/16384 of 20000 bytes/);
    expect(notReplayable({ ...recordedCreation(), method: "GET", path: "/__sandbox/accounts", operation: "sandboxAccounts" })).toMatch(
      /no operation of the interface/,
    );
  });
});

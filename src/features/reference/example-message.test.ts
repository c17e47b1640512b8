import { describe, expect, test } from "vitest";
import { errorExampleBody } from "../../contract/error-meanings";
import { requestMessage, responseMessage } from "./example-message";

describe("example messages", () => {
  test("a request shows what the TPP chooses and says what the signature adds", () => {
    const text = requestMessage({
      title: "Create NDCT payment",
      method: "POST",
      base: "http://127.0.0.1:4010",
      path: "/v1/payments/norwegian-domestic-credit-transfers",
      headers: [
        ["PSU-ID", "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21"],
        ["Content-Type", "application/json"],
      ],
      body: '{"creditorName":"Ola Nordmann"}',
    });
    const [head, body] = text.split("\n\n");
    expect(head?.split("\n")[0]).toBe("POST /v1/payments/norwegian-domestic-credit-transfers HTTP/1.1");
    expect(head).toContain("Host: 127.0.0.1:4010");
    expect(head).toContain("PSU-ID: 5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21");
    expect(head).toContain('headers="digest x-request-id psu-id date"');
    expect(body).toBe('{\n  "creditorName": "Ola Nordmann"\n}');
  });
  test("a request without a body has no Digest", () => {
    const text = requestMessage({ title: "Get payment", method: "GET", base: "http://localhost:5173", path: "/v1/payments/x/1", headers: [] });
    expect(text).not.toContain("Digest");
    expect(text).toContain('headers="x-request-id date"');
  });
  test("an error answer reads as the sandbox sends it", () => {
    const text = responseMessage({ status: 400, headers: { "Content-Type": "application/json" }, body: errorExampleBody("FORMAT_ERROR") });
    expect(text.split("\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(text).toContain('"code": "FORMAT_ERROR"');
  });
});

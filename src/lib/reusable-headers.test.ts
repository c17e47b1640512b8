import { describe, expect, it } from "vitest";
import type { Exchange } from "./exchange";
import { reusableHeaders } from "./reusable-headers";

const sent: Pick<Exchange, "operationId" | "request" | "unsentHeaders"> = {
  operationId: "registerContactEmail",
  request: {
    method: "PUT",
    url: "http://localhost:4312/v1/sandbox/tpp/contact-email",
    headers: {
      "X-Request-ID": "old-id",
      Accept: "application/json",
      "Content-Type": "application/json",
      Digest: "SHA-256=old",
      Signature: 'keyId="old"',
      "TPP-Signature-Certificate": "MIIold",
    },
    body: '{"email":"developer@tpp.example"}',
  },
  unsentHeaders: { "Accept-Language": "nb", Date: "Mon, 01 Jan 2024 00:00:00 GMT", Host: "old.example" },
};

describe("reusableHeaders", () => {
  it("drops what the next signing renews and puts a fresh X-Request-ID where the old one stood", () => {
    const headers = reusableHeaders(sent, "new-id");
    expect(Object.keys(headers)).toEqual(["X-Request-ID", "Accept", "Content-Type", "Accept-Language"]);
    expect(headers["X-Request-ID"]).toBe("new-id");
  });

  it("adds an X-Request-ID when the request had none, whatever the case of the names", () => {
    const headers = reusableHeaders({ ...sent, unsentHeaders: {}, request: { ...sent.request, headers: { accept: "*/*", digest: "x" } } }, "n");
    expect(headers).toEqual({ accept: "*/*", "X-Request-ID": "n" });
  });
});

import { describe, expect, it } from "vitest";
import { digestCheck, headerOf, signedHeaders } from "./received-request";

const record = (headers: Record<string, string>, bodyDigest?: string) => ({
  request: { headers, body: { text: "{}", bytes: 2, keptBytes: 2 } },
  ...(bodyDigest === undefined ? {} : { bodyDigest }),
});

describe("a received request's facts", () => {
  it("finds a header whatever the case of its name", () => {
    expect(headerOf({ "x-request-id": "a" }, "X-Request-ID")).toBe("a");
    expect(headerOf({ "X-Request-ID": "a" }, "x-request-id")).toBe("a");
    expect(headerOf({}, "digest")).toBeUndefined();
  });

  it("lists what the signature covers, in lower case", () => {
    expect(signedHeaders({ signature: 'keyId="k",algorithm="rsa-sha256",headers="Digest X-Request-ID",signature="AA=="' })).toEqual(["digest", "x-request-id"]);
    expect(signedHeaders({})).toEqual([]);
  });

  it("checks the SHA-256 Digest sent against the body's as received, whatever the case of the algorithm", () => {
    expect(digestCheck(record({ digest: "SHA-256=abc=" }, "SHA-256=abc="))).toEqual({ sent: "SHA-256=abc=", received: "SHA-256=abc=", verdict: "matches" });
    expect(digestCheck(record({ Digest: "sha-256=abd=" }, "SHA-256=abc="))?.verdict).toBe("differs");
    // A SHA-512 Digest cannot be held against the SHA-256 the record keeps.
    expect(digestCheck(record({ digest: "SHA-512=xyz=" }, "SHA-256=abc="))?.verdict).toBeUndefined();
    expect(digestCheck(record({}))).toBeUndefined();
  });
});

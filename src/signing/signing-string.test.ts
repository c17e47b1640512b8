import { describe, expect, it } from "vitest";
import { SigningStringError, buildSigningString, requestTarget } from "./signing-string";

describe("(request-target)", () => {
  it.each([
    ["POST", "/foo?param=value&pet=dog", "post /foo?param=value&pet=dog"],
    ["Get", "https://api.example.no/v1/Payments/ABC?x=%2F&y=Æ", "get /v1/Payments/ABC?x=%2F&y=Æ"],
    ["DELETE", "https://api.example.no", "delete /"],
    ["GET", "http://localhost:5173/a#fragment", "get /a"],
    ["GET", "https://api.example.no?only=query", "get /?only=query"],
  ])("%s %s → %s", (method, url, expected) => {
    expect(requestTarget(method, url)).toBe(expected);
  });
});

describe("buildSigningString (cavage-10 §2.3)", () => {
  const request = {
    method: "POST",
    url: "/v1/payments",
    headers: { "X-Request-ID": "  abc \t", Digest: "SHA-256=x", "Cache-Control": ["max-age=60", " must-revalidate "], "cache-control": "no-transform" },
  };

  it("lowercases names, trims values, joins repeats with ', ' and ends without a newline", () => {
    expect(buildSigningString(["(request-target)", "X-Request-ID", "digest", "cache-control"], request)).toBe(
      "(request-target): post /v1/payments\nx-request-id: abc\ndigest: SHA-256=x\ncache-control: max-age=60, must-revalidate, no-transform",
    );
  });

  it("keeps the order of the list, not of the request", () => {
    expect(buildSigningString(["digest", "x-request-id"], request)).toBe("digest: SHA-256=x\nx-request-id: abc");
  });

  it("keeps an empty value as 'name: '", () => {
    expect(buildSigningString(["x-empty"], { method: "GET", url: "/", headers: { "X-Empty": "" } })).toBe("x-empty: ");
  });

  it("throws a typed error naming a header that is not on the request", () => {
    try {
      buildSigningString(["digest", "psu-id"], request);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SigningStringError);
      expect(error).toMatchObject({ code: "signed-header-absent", headerName: "psu-id" });
    }
  });
});

import { describe, expect, test } from "vitest";
import { PeriodicPaymentHeaders } from "./header-sets";
import { redirectTargetName, redirectUriProblem } from "./redirect-uri";

describe("TPP-Redirect-URI", () => {
  test.each([
    "https://tpp.example/callback?session=1",
    "http://localhost:5173/callback",
    "myapp://callback",
    "com.example.app:/oauth2redirect",
    "no.bank.tpp.app://sca/return?x=1",
  ])("%s is a place to return to", (uri) => {
    expect(redirectUriProblem(uri)).toBeUndefined();
  });

  test.each([
    ["javascript:alert(document.cookie)", /javascript: URIs are refused.*runs script/],
    ["JavaScript:alert(1)", /javascript: URIs are refused/],
    ["vbscript:msgbox(1)", /vbscript: URIs are refused.*runs script/],
    ["data:text/html,<script>alert(1)</script>", /data: URIs are refused.*content carried in the address/],
    ["file:///etc/passwd", /file: URIs are refused.*PSU's own machine/],
    ["blob:https://tpp.example/1b2c", /blob: URIs are refused/],
    ["about:blank", /about: URIs are refused/],
    ["ftp://tpp.example", /ftp: URIs are refused/],
    ["tpp.example/callback", /absolute URI that starts with its scheme/],
    ["/callback", /absolute URI/],
    ["https://tpp.example/call back", /no spaces/],
    ["myapp:", /nothing after it/],
    ["http://", /not a valid URI|needs a host/],
  ])("%s is refused with a text that says why", (uri, text) => {
    expect(redirectUriProblem(uri)).toMatch(text);
    expect(redirectUriProblem(uri)).toMatch(/https:\/\/tpp\.example\/callback|myapp:\/\/callback/);
  });

  test("the header schema takes app schemes and refuses script ones", () => {
    const headers = {
      "x-accept-fix": "none",
      "X-Request-ID": "99391c7e-ad88-49ec-a2ad-99ddcb1f7721",
      "TPP-Session-ID": "s",
      Digest: "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
      "TPP-Signature-Certificate": "TUlJ",
      Signature: 'keyId="x"',
      "PSU-ID": "3f2a8f4e-0c1d-4b6a-9e2f-5a7c8d9e0f11",
      "PSU-IP-Address": "192.0.2.10",
    };
    expect(PeriodicPaymentHeaders.safeParse({ ...headers, "TPP-Redirect-URI": "myapp://callback" }).success).toBe(true);
    expect(PeriodicPaymentHeaders.safeParse({ ...headers, "TPP-Redirect-URI": "javascript:alert(1)" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["TPP-Redirect-URI"] }),
    ]);
  });

  test("the bank page names a web TPP by host and an app by its URI", () => {
    expect(redirectTargetName("https://tpp.example:8443/cb?x=1")).toBe("tpp.example:8443");
    expect(redirectTargetName("myapp://callback?paymentId=1")).toBe("myapp://callback");
    expect(redirectTargetName("com.example.app:/oauth2redirect")).toBe("com.example.app:/oauth2redirect");
  });
});

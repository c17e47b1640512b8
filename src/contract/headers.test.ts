import { describe, expect, test } from "vitest";
import { PeriodicPaymentHeaders, SandboxReadHeaders, SandboxWriteHeaders, SinglePaymentHeaders } from "./header-sets";
import { canonicalHeaderName, headerCatalogue, parseAcceptFixes } from "./headers";
import { TransactionListQuery } from "./query";
import { checkRows, expectAccepted, expectRejected, withValue } from "./test-helpers";
import { issuesToTppMessages } from "./tpp-messages";

const periodicHeaders = {
  "x-accept-fix": "longer-name",
  "X-Request-ID": "99391c7e-ad88-49ec-a2ad-99ddcb1f7721",
  "TPP-Session-ID": "session-1",
  "TPP-Redirect-URI": "https://tpp.example/callback",
  Digest: "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
  "TPP-Signature-Certificate": "MIIBszCCAVmgAwIBAgIU",
  Signature: 'keyId="SN=1,CA=CN=x",algorithm="rsa-sha256",headers="digest x-request-id",signature="abc="',
  "PSU-ID": "3f2a8f4e-0c1d-4b6a-9e2f-5a7c8d9e0f11",
  "PSU-IP-Address": "192.0.2.10",
};

describe("Create periodic payment headers (spec 4.1, in full)", () => {
  test("the 27 headers of the spec's table are defined", () => {
    const names = Object.keys(PeriodicPaymentHeaders.shape);
    expect(names).toHaveLength(27);
    expect(names).toEqual(expect.arrayContaining(["Accept-Charset", "Host", "TPP-Redirect-Preferred", "PSU-Geo-Location", "PSU-Device-ID"]));
  });

  test.each(["X-Request-ID", "TPP-Session-ID", "TPP-Redirect-URI", "Digest", "TPP-Signature-Certificate", "Signature", "PSU-IP-Address"])(
    "%s is required: its absence is HTTP_HEADER_REQUIRED at its name",
    (name) => {
      const headers = withValue(periodicHeaders, name, undefined);
      const result = PeriodicPaymentHeaders.safeParse(headers);
      expect(issuesToTppMessages(result.error?.issues ?? [], "header", headers)).toContainEqual(
        expect.objectContaining({ code: "HTTP_HEADER_REQUIRED", path: name }),
      );
    },
  );

  test("formats of every header", () => {
    checkRows(PeriodicPaymentHeaders, periodicHeaders, [
      {
        path: "x-accept-fix",
        accepted: ["cash-account-type-iso", "longer-name, cash-account-type-iso", "none", " none ", "", " "],
        rejected: [
          { value: "shorter-name", message: /Unknown x-accept-fix value "shorter-name"\. Known values: cash-account-type-iso.*or none for no breaking change/ },
          { value: "none, longer-name", message: /send either none or the fixes to activate \(longer-name\), not both/ },
          { value: "longer-name,", message: /Unknown x-accept-fix value ""/ },
        ],
      },
      { path: "X-Request-ID", accepted: ["99391C7E-AD88-49EC-A2AD-99DDCB1F7721"], rejected: [{ value: "req-1", message: /UUID/ }] },
      { path: "TPP-Session-ID", accepted: ["s"], rejected: [{ value: "" }] },
      {
        path: "TPP-Redirect-URI",
        accepted: ["http://localhost:5173/callback", "myapp://callback", "com.example.app:/oauth2redirect"],
        rejected: [{ value: "tpp.example/cb" }, { value: "javascript:alert(1)", message: /javascript: URIs are refused/ }, { value: "data:text/html,x" }],
      },
      { path: "TPP-Redirect-Preferred", accepted: ["true", "false"], rejected: [{ value: "yes", message: /true, false/ }] },
      {
        path: "Digest",
        accepted: [
          "sha-512=z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
          "MD5=abc",
          "MD5=abc, SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
        ],
        rejected: [{ value: "SHA-256", message: /SHA-256=/ }, { value: "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=" }],
      },
      {
        path: "TPP-Signature-Certificate",
        accepted: ["TUlJ"],
        rejected: [
          { value: "-----BEGIN CERTIFICATE-----MIIB", message: /holds a PEM.*without the BEGIN\/END/ },
          { value: "MII B", message: /one line of base64/ },
          { value: "TUlJ, TUlK", message: /holds several certificates separated by commas \(two such headers are read as one\)/ },
        ],
      },
      { path: "Signature", accepted: ['keyId="x"'], rejected: [{ value: "" }] },
      { path: "PSU-ID", accepted: ["3f2a8f4e-0c1d-4b6a-9e2f-5a7c8d9e0f11"], rejected: [{ value: "15829010019", message: /UUID/ }] },
      { path: "PSU-Corporate-ID", accepted: ["923609016"], rejected: [{ value: "92360901", message: /9 digits/ }] },
      { path: "PSU-Context", accepted: ["PRIVATE", "CORPORATE"], rejected: [{ value: "private" }] },
      { path: "PSU-IP-Address", accepted: ["2001:db8::10"], rejected: [{ value: "300.1.1.1", message: /IP address/ }] },
      { path: "PSU-IP-Port", accepted: ["443", "65535"], rejected: [{ value: "65536" }, { value: "0" }] },
      { path: "PSU-User-Agent", accepted: ["Mozilla/5.0"], rejected: [{ value: 5 }] },
      { path: "PSU-HTTP-Method", accepted: ["PATCH"], rejected: [{ value: "HEAD" }] },
      { path: "PSU-Device-ID", accepted: ["99391c7e-ad88-49ec-a2ad-99ddcb1f7721"], rejected: [{ value: "device-1" }] },
      { path: "PSU-Geo-Location", accepted: ["GEO:59.913868;10.752245"], rejected: [{ value: "59.9,10.7", message: /GEO:/ }] },
      { path: "Accept", accepted: ["application/json"], rejected: [{ value: 1 }] },
      { path: "Accept-Charset", accepted: ["utf-8"], rejected: [{ value: [] }] },
      { path: "Accept-Encoding", accepted: ["gzip"], rejected: [{ value: {} }] },
      { path: "Accept-Language", accepted: ["nb-NO"], rejected: [{ value: null }] },
      { path: "Host", accepted: ["api.bank.example"], rejected: [{ value: 443 }] },
      { path: "PSU-Accept", accepted: ["*/*"], rejected: [{ value: false }] },
      { path: "PSU-Accept-Charset", accepted: ["utf-8"], rejected: [{ value: 1 }] },
      { path: "PSU-Accept-Encoding", accepted: ["br"], rejected: [{ value: 1 }] },
      { path: "PSU-Accept-Language", accepted: ["en"], rejected: [{ value: 1 }] },
    ]);
  });

  test("exactly one of PSU-ID and X-PSU-IDENTITY", () => {
    const withoutPsu = withValue(periodicHeaders, "PSU-ID", undefined);
    expectAccepted(PeriodicPaymentHeaders, { ...withoutPsu, "X-PSU-IDENTITY": "15829010019" });
    expectRejected(PeriodicPaymentHeaders, { ...withoutPsu, "X-PSU-IDENTITY": "15829010018" }, "X-PSU-IDENTITY", /check digits/);
    expectRejected(PeriodicPaymentHeaders, { ...periodicHeaders, "X-PSU-IDENTITY": "15829010019" }, "X-PSU-IDENTITY", /not both/);
    const neither = PeriodicPaymentHeaders.safeParse(withoutPsu);
    expect(issuesToTppMessages(neither.error?.issues ?? [], "header", withoutPsu)).toEqual([
      expect.objectContaining({ code: "HTTP_HEADER_REQUIRED", path: "PSU-ID", text: expect.stringMatching(/X-PSU-IDENTITY/) as string }),
    ]);
  });

  test("other headers pass, as any HTTP client adds some", () => {
    expectAccepted(PeriodicPaymentHeaders, { ...periodicHeaders, "User-Agent": "curl/8", Date: "Sat, 21 Nov 2026 09:00:00 GMT" });
  });
});

describe("Other operations' headers", () => {
  test("single payment: x-accept-fix optional, PSU rule as in 4.1", () => {
    expectAccepted(SinglePaymentHeaders, withValue(periodicHeaders, "x-accept-fix", undefined));
    expectRejected(SinglePaymentHeaders, withValue(periodicHeaders, "PSU-ID", undefined), "PSU-ID");
  });
  test("get transactions (spec 4.4, in full): X-Request-ID, TPP-Signature-Certificate, Signature required", () => {
    expect(Object.keys(SandboxReadHeaders.shape).sort()).toEqual(
      ["Accept", "Accept-Charset", "Accept-Encoding", "Accept-Language", "Host", "X-Request-ID", "TPP-Signature-Certificate", "Signature"].sort(),
    );
    const read = { "X-Request-ID": periodicHeaders["X-Request-ID"], "TPP-Signature-Certificate": "TUlJ", Signature: "s" };
    expectAccepted(SandboxReadHeaders, read);
    for (const name of Object.keys(read)) expectRejected(SandboxReadHeaders, withValue(read, name, undefined), name, /Required/);
  });
  test("create sandbox account (spec 4.3): ten headers, four required", () => {
    const shape = SandboxWriteHeaders.shape;
    expect(Object.keys(shape)).toHaveLength(10);
    expect(Object.values(shape).filter((schema) => !schema.safeParse(undefined).success)).toHaveLength(4);
  });
  test("header names are matched case-insensitively", () => {
    expect(canonicalHeaderName("x-request-id")).toBe("X-Request-ID");
    expect(canonicalHeaderName("X-ACCEPT-FIX")).toBe("x-accept-fix");
    expect(canonicalHeaderName("x-unknown")).toBeUndefined();
    expect(Object.keys(headerCatalogue)).toContain("PSU-Geo-Location");
  });
  test("x-accept-fix values parse into the fixes they activate", () => {
    expect([...parseAcceptFixes(" longer-name ,cash-account-type-iso")]).toEqual(["longer-name", "cash-account-type-iso"]);
    expect(parseAcceptFixes(undefined).size).toBe(0);
  });
  test("x-accept-fix left out, or neutral (none, or empty), is taken on a periodic payment and activates nothing (decision 0059)", () => {
    for (const neutral of [undefined, "none", "", "  "]) {
      expectAccepted(PeriodicPaymentHeaders, withValue(periodicHeaders, "x-accept-fix", neutral));
      expect(parseAcceptFixes(neutral).size).toBe(0);
    }
  });
});

describe("Transaction list query (spec 4.4)", () => {
  test("rows", () => {
    checkRows(TransactionListQuery, {}, [
      { path: "fromDate", accepted: ["2026-08-01"], rejected: [{ value: "2026-08-32", message: /calendar date/ }] },
      { path: "toDate", accepted: ["2026-11-21"], rejected: [{ value: "21.11.2026" }] },
      {
        path: "offset",
        accepted: ["0", "2147483647"],
        rejected: [
          { value: "-1", message: /at least 0/ },
          { value: "2147483648", message: /at most 2147483647/ },
          { value: "1.5", message: /whole number/ },
        ],
      },
      {
        path: "limit",
        accepted: ["1", "200"],
        rejected: [
          { value: "0", message: /at least 1/ },
          { value: "ten", message: /whole number/ },
        ],
      },
    ]);
  });
  test("values become numbers; toDate not before fromDate", () => {
    expect(TransactionListQuery.parse({ limit: "50", offset: "100" })).toEqual({ limit: 50, offset: 100 });
    expectRejected(TransactionListQuery, { fromDate: "2026-11-21", toDate: "2026-11-01" }, "toDate", /before fromDate/);
  });
});

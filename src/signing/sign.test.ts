import { beforeAll, describe, expect, it } from "vitest";
import { CertificateError } from "./certificate";
import { computeDigest } from "./digest";
import { signRequest } from "./sign";
import { SigningStringError } from "./signing-string";
import { generateTestCertificate, type TestCertificate } from "./test-certificate";
import { PAYMENT_REQUEST } from "./test-fixtures/signed-request";

let tpp: TestCertificate;
beforeAll(async () => {
  tpp = await generateTestCertificate({ tppName: "Fjord Pay", serialNumber: "0a1b" });
});

const credentials = () => ({ privateKey: tpp.privateKey, certificate: tpp.certificatePem });

describe("signRequest", () => {
  it("returns the three headers, the signing string and the keyId", async () => {
    const result = await signRequest(PAYMENT_REQUEST, credentials());
    expect(result.keyId).toBe(tpp.certificate.keyId);
    expect(result.keyId).toMatch(/^SN=A1B,CA=CN=Fjord Pay,organizationIdentifier=PSDNO-FSA-\d{9},O=Fjord Pay AS,C=NO$/);
    expect(result.signedHeaders).toEqual(["digest", "x-request-id", "psu-id", "tpp-redirect-uri"]);
    expect(result.headers.Digest).toBe(await computeDigest(PAYMENT_REQUEST.body));
    expect(result.headers["TPP-Signature-Certificate"]).toBe(tpp.certificate.base64Der);
    expect(result.headers.Signature).toMatch(
      new RegExp(`^keyId="${result.keyId}",algorithm="rsa-sha256",headers="digest x-request-id psu-id tpp-redirect-uri",signature="[A-Za-z0-9+/]{342}=="$`),
    );
    expect(result.signingString).toBe(
      [
        `digest: ${result.headers.Digest}`,
        "x-request-id: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721",
        "psu-id: 3f2b8c1e-5a4d-4e6f-9b7a-1c2d3e4f5a6b",
        "tpp-redirect-uri: https://tpp.example.no/callback?state=abc",
      ].join("\n"),
    );
  });

  it("signs every optional Berlin Group header present, in spec order, whatever the request's order and case", async () => {
    const request = {
      method: "GET",
      url: "/v1/payments/x/status",
      headers: { date: "Tue, 01 Jan 2030 00:00:00 GMT", "psu-corporate-id": "987654321", "x-request-id": "id", "Psu-Id": "p" },
    };
    const result = await signRequest(request, credentials());
    expect(result.signedHeaders).toEqual(["digest", "x-request-id", "psu-id", "psu-corporate-id", "date"]);
    expect(result.headers.Digest).toBe("SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  });

  it("replaces a stale Digest on the request and honours the list and digest options", async () => {
    const request = { ...PAYMENT_REQUEST, headers: { ...PAYMENT_REQUEST.headers, digest: "SHA-256=stale" } };
    const result = await signRequest(request, credentials(), { headers: ["(request-target)", "Digest"], digestAlgorithm: "SHA-512" });
    expect(result.signedHeaders).toEqual(["(request-target)", "digest"]);
    expect(result.signingString).toBe(
      `(request-target): post /v1/payments/norwegian-domestic-credit-transfers?lang=nb\ndigest: ${await computeDigest(PAYMENT_REQUEST.body, "SHA-512")}`,
    );
  });

  it("throws SigningStringError when X-Request-ID is missing", async () => {
    const { "X-Request-ID": _omit, ...headers } = PAYMENT_REQUEST.headers;
    await expect(signRequest({ ...PAYMENT_REQUEST, headers }, credentials())).rejects.toThrow(SigningStringError);
  });

  it("throws CertificateError for an unreadable certificate or a key that cannot sign", async () => {
    await expect(signRequest(PAYMENT_REQUEST, { ...credentials(), certificate: "nope" })).rejects.toMatchObject({ code: "certificate-malformed" });
    const ec = await globalThis.crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
    await expect(signRequest(PAYMENT_REQUEST, { ...credentials(), privateKey: ec.privateKey })).rejects.toThrow(CertificateError);
    const hmac = await globalThis.crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    await expect(signRequest(PAYMENT_REQUEST, { ...credentials(), privateKey: hmac })).rejects.toMatchObject({ code: "key-unsupported" });
  });
});

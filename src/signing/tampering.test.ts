import { beforeAll, describe, expect, it } from "vitest";
import { headerValue } from "./headers";
import { generateTestCertificate, type TestCertificate } from "./test-certificate";
import { PAYMENT_BODY, PAYMENT_REQUEST, editSignature, setHeader, signed } from "./test-fixtures/signed-request";
import type { SignableRequest } from "./types";
import { verifyRequest } from "./verify";

// A signed request altered after signing must fail with the Berlin Group code and
// the reason that names what changed.

let tpp: TestCertificate;
let other: TestCertificate;
let request: SignableRequest;

beforeAll(async () => {
  [tpp, other] = await Promise.all([
    generateTestCertificate({ tppName: "Fjordpay", organizationName: "Fjordpay AS", serialNumber: "00a1b2c3d4" }),
    generateTestCertificate({ tppName: "Other TPP" }),
  ]);
  request = await signed(tpp);
});

describe("an untouched signed request", () => {
  it("verifies", async () => {
    const result = await verifyRequest(request);
    expect(result).toMatchObject({ ok: true, keyId: tpp.certificate.keyId, signedHeaders: ["digest", "x-request-id", "psu-id", "tpp-redirect-uri"] });
  });
});

describe("tampering", () => {
  it("body changed after signing → digest-mismatch, naming both digests", async () => {
    const result = await verifyRequest({ ...request, body: PAYMENT_BODY.replace("1250.00", "9250.00") });
    expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "digest-mismatch" });
    if (result.ok) return;
    expect(result.text).toContain(`received ${headerValue(request.headers, "digest") ?? "?"}`);
    expect(result.text).toMatch(/hashes to SHA-256=[A-Za-z0-9+/]+=*/);
  });

  it("signed header value changed → signature-mismatch, showing the rebuilt signing string", async () => {
    const result = await verifyRequest(setHeader(request, "X-Request-ID", "00000000-0000-4000-8000-000000000000"));
    expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "signature-mismatch" });
    if (result.ok) return;
    expect(result.signingString).toContain("x-request-id: 00000000-0000-4000-8000-000000000000");
    expect(result.text).toContain(result.signingString);
  });

  it("keyId serial changed → keyid-serial-mismatch", async () => {
    const result = await verifyRequest(editSignature(request, (p) => ({ ...p, keyId: p.keyId.replace("SN=A1B2C3D4", "SN=A1B2C3D5") })));
    expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "keyid-serial-mismatch" });
    if (!result.ok) expect(result.text).toBe("keyId serial A1B2C3D5 does not match the certificate serial A1B2C3D4.");
  });

  it("keyId issuer changed → keyid-issuer-mismatch", async () => {
    const result = await verifyRequest(editSignature(request, (p) => ({ ...p, keyId: p.keyId.replace("O=Fjordpay AS", "O=Fjordpay ASA") })));
    expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "keyid-issuer-mismatch" });
    if (!result.ok) expect(result.text).toContain("O=Fjordpay ASA");
  });

  it("certificate swapped, keyId left alone → keyid-serial-mismatch", async () => {
    const result = await verifyRequest(setHeader(request, "TPP-Signature-Certificate", other.certificate.base64Der));
    expect(result).toMatchObject({ ok: false, reason: "keyid-serial-mismatch" });
  });

  it("certificate swapped and keyId rewritten to match it → signature-mismatch", async () => {
    const swapped = editSignature(setHeader(request, "TPP-Signature-Certificate", other.certificate.base64Der), (p) => ({
      ...p,
      keyId: other.certificate.keyId,
    }));
    expect(await verifyRequest(swapped)).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "signature-mismatch" });
  });

  it("Signature header missing → SIGNATURE_MISSING", async () => {
    expect(await verifyRequest(setHeader(request, "Signature", undefined))).toMatchObject({
      ok: false,
      code: "SIGNATURE_MISSING",
      reason: "signature-header-missing",
    });
  });

  it("certificate header missing → CERTIFICATE_MISSING", async () => {
    expect(await verifyRequest(setHeader(request, "TPP-Signature-Certificate", undefined))).toMatchObject({
      ok: false,
      code: "CERTIFICATE_MISSING",
      reason: "certificate-missing",
    });
  });

  it.each([
    ["not base64", "this is not a certificate"],
    ["base64 of something else", btoa("hello world, not DER")],
    ["a PEM of another kind", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----"],
    ["truncated DER", "MIIC"],
  ])("certificate garbage (%s) → CERTIFICATE_INVALID", async (_label, garbage) => {
    expect(await verifyRequest(setHeader(request, "TPP-Signature-Certificate", garbage))).toMatchObject({
      ok: false,
      code: "CERTIFICATE_INVALID",
      reason: "certificate-malformed",
    });
  });

  it("expired certificate → CERTIFICATE_EXPIRED, by the sandbox clock", async () => {
    const result = await verifyRequest(request, { now: new Date(tpp.certificate.notAfter.getTime() + 1000) });
    expect(result).toMatchObject({ ok: false, code: "CERTIFICATE_EXPIRED", reason: "certificate-expired" });
  });

  it("a certificate issued with notAfter in the past is expired today", async () => {
    const old = await generateTestCertificate({ notBefore: new Date("2020-01-01Z"), notAfter: new Date("2021-01-01Z") });
    expect(await verifyRequest(await signed(old))).toMatchObject({ ok: false, code: "CERTIFICATE_EXPIRED" });
  });

  it("certificate not valid yet → CERTIFICATE_INVALID", async () => {
    const result = await verifyRequest(request, { now: new Date(tpp.certificate.notBefore.getTime() - 1000) });
    expect(result).toMatchObject({ ok: false, code: "CERTIFICATE_INVALID", reason: "certificate-not-yet-valid" });
  });

  it("header present but not signed → header-not-signed, listing what was signed", async () => {
    const partial = await signed(tpp, PAYMENT_REQUEST, { headers: ["digest", "x-request-id", "tpp-redirect-uri"] });
    const result = await verifyRequest(partial);
    expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "header-not-signed" });
    if (!result.ok)
      expect(result.text).toBe(
        "header psu-id is on the request but not in the signed headers list (signed: digest x-request-id tpp-redirect-uri). Add psu-id to the Signature's headers parameter and its line to the signing string, or leave the header out (spec 5 lists what is signed when present).",
      );
  });

  it("a signed header removed from the request → signed-header-absent", async () => {
    const result = await verifyRequest(setHeader(request, "PSU-ID", undefined));
    expect(result).toMatchObject({ ok: false, reason: "signed-header-absent" });
    if (!result.ok) expect(result.text).toContain("psu-id");
  });

  it("Digest header removed while a body is sent → digest-missing", async () => {
    expect(await verifyRequest(setHeader(request, "Digest", undefined))).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "digest-missing" });
  });

  it("Date added after signing → header-not-signed", async () => {
    expect(await verifyRequest(setHeader(request, "Date", new Date().toUTCString()))).toMatchObject({ ok: false, reason: "header-not-signed" });
  });

  it("algorithm other than rsa-sha256/512 → algorithm-unsupported", async () => {
    const result = await verifyRequest(editSignature(request, (p) => ({ ...p, algorithm: "hmac-sha256" })));
    expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "algorithm-unsupported" });
  });

  it("truncated signature → signature-mismatch, saying how long an RSA-2048 signature is", async () => {
    const result = await verifyRequest(editSignature(request, (p) => ({ ...p, signature: p.signature.slice(0, 100) })));
    expect(result).toMatchObject({ ok: false, reason: "signature-mismatch" });
    if (!result.ok) expect(result.text).toContain("The signature is 75 bytes, but a 2048-bit key makes 256-byte signatures.");
  });
});

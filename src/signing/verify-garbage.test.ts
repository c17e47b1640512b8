import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCertificate } from "./certificate";
import { generateTestCertificate, type TestCertificate } from "./test-certificate";
import { OPENSSL_EC_CERT } from "./test-fixtures/openssl-certificates";
import { PAYMENT_REQUEST, editSignature, setHeader, signed } from "./test-fixtures/signed-request";
import type { SignableRequest } from "./types";
import { verifyRequest } from "./verify";
import type { VerifyResult } from "./verify-result";

// Whatever arrives, verifyRequest answers { ok: false, code, reason, text }: never a throw,
// never an unhandled rejection, never an empty explanation.

const CODES = ["SIGNATURE_MISSING", "SIGNATURE_INVALID", "CERTIFICATE_MISSING", "CERTIFICATE_INVALID", "CERTIFICATE_EXPIRED"];

function expectCleanFailure(result: VerifyResult) {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(CODES).toContain(result.code);
  expect(result.reason).toMatch(/^[a-z-]+$/);
  expect(result.reason).not.toBe("internal-error");
  expect(result.text.length).toBeGreaterThan(10);
}

let tpp: TestCertificate;
let request: SignableRequest;
beforeAll(async () => {
  tpp = await generateTestCertificate();
  request = await signed(tpp);
});

describe("garbage in", () => {
  const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 400 }), fc.base64String({ maxLength: 400 }), fc.constant(""));

  it("random Signature headers", async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (value) => expectCleanFailure(await verifyRequest(setHeader(request, "Signature", value)))),
      { numRuns: 150 },
    );
  });

  it("random Signature headers built from real parameter names", async () => {
    const param = fc.tuple(
      fc.constantFrom("keyId", "algorithm", "headers", "signature", "KEYID", "x"),
      fc.constantFrom("=", " = ", ""),
      anyText,
      fc.constantFrom('"', ""),
    );
    const header = fc
      .tuple(fc.array(param, { maxLength: 6 }), fc.constantFrom(",", ", ", " "))
      .map(([ps, separator]) => ps.map(([n, eq, v, q]) => `${n}${eq}${q}${v}${q}`).join(separator));
    await fc.assert(
      fc.asyncProperty(header, async (value) => expectCleanFailure(await verifyRequest(setHeader(request, "Signature", value)))),
      { numRuns: 150 },
    );
  });

  it("random keyIds, certificates, digests and bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          keyId: fc.option(anyText),
          certificate: fc.option(anyText),
          digest: fc.option(anyText),
          body: fc.option(fc.oneof(anyText, fc.uint8Array())),
        }),
        async ({ keyId, certificate, digest, body }) => {
          let r = request;
          if (keyId !== null) r = editSignature(r, (p) => ({ ...p, keyId }));
          if (certificate !== null) r = setHeader(r, "TPP-Signature-Certificate", certificate);
          if (digest !== null) r = setHeader(r, "Digest", digest);
          if (body !== null) r = { ...r, body };
          const result = await verifyRequest(r);
          // A random edit can, rarely, leave the request valid (e.g. the same body again).
          if (!result.ok) expectCleanFailure(result);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("requests that are not requests", async () => {
    for (const junk of [
      null,
      undefined,
      42,
      "GET /",
      { headers: null },
      { headers: { Signature: 7 } },
      { method: {}, url: [], headers: { signature: ["a", "b"] } },
    ]) {
      expectCleanFailure(await verifyRequest(junk as unknown as SignableRequest));
    }
  });

  it("a 20 MB body is hashed and reported as a digest mismatch", async () => {
    const huge = new Uint8Array(20 * 1024 * 1024).fill(0x41);
    const result = await verifyRequest({ ...request, body: huge });
    expect(result).toMatchObject({ ok: false, reason: "digest-mismatch" });
    if (!result.ok) expect(result.text).toContain("20971520-byte body");
  });

  it("a certificate with an EC key → CERTIFICATE_INVALID certificate-key-unsupported", async () => {
    const ec = parseCertificate(OPENSSL_EC_CERT);
    const r = editSignature(setHeader(request, "TPP-Signature-Certificate", ec.base64Der), (p) => ({ ...p, keyId: ec.keyId }));
    const result = await verifyRequest(r);
    expect(result).toMatchObject({ ok: false, code: "CERTIFICATE_INVALID", reason: "certificate-key-unsupported" });
    if (!result.ok) expect(result.text).toContain("ECDSA P-256");
  });

  it("non-ASCII in the Signature and certificate headers", async () => {
    const result = await verifyRequest(setHeader(PAYMENT_REQUEST, "Signature", `keyId="SN=1,CA=CN=x",signature="AAAA"`));
    expect(result).toMatchObject({ code: "CERTIFICATE_MISSING" });
    const withCert = setHeader(setHeader(request, "TPP-Signature-Certificate", "Æøå"), "Signature", `keyId="SN=1,CA=CN=Æøå",signature="AAAA"`);
    expect(await verifyRequest(withCert)).toMatchObject({ ok: false, reason: "certificate-malformed" });
  });
});

import { describe, expect, it } from "vitest";
import { MINIMUM_RSA_KEY_BITS } from "./certificate-strength";
import { importCertificateAndKey } from "./private-key";
import { signRequest } from "./sign";
import { generateTestCertificate } from "./test-certificate";
import { OPENSSL_RSA_CERT, OPENSSL_RSA_KEY } from "./test-fixtures/openssl-certificates";
import { PAYMENT_REQUEST } from "./test-fixtures/signed-request";
import { WEAK_MD5_CERT, WEAK_RSA_1024_CERT, WEAK_RSA_1024_KEY, WEAK_RSA_2048_KEY, WEAK_SHA1_CERT } from "./test-fixtures/weak-certificates";
import { verifyRequest } from "./verify";

/** The payment request, correctly signed with this certificate and key, then verified. */
async function verifiedWith(certificatePem: string, privateKeyPem: string) {
  const { privateKey } = await importCertificateAndKey(certificatePem, privateKeyPem);
  const signed = await signRequest(PAYMENT_REQUEST, { privateKey, certificate: certificatePem });
  return verifyRequest({ ...PAYMENT_REQUEST, headers: { ...PAYMENT_REQUEST.headers, ...signed.headers } });
}

describe("certificate strength: weak keys and broken certificate hashes are refused", () => {
  it.each([
    ["an RSA 1024 key", WEAK_RSA_1024_CERT, WEAK_RSA_1024_KEY, /has a 1024-bit RSA key; keys under 2048 bits are refused .* at least 2048 bits/],
    ["a certificate signed with MD5", WEAK_MD5_CERT, WEAK_RSA_2048_KEY, /is signed with md5WithRSAEncryption \(MD5\), a broken hash .* SHA-256 or stronger/],
    ["a certificate signed with SHA-1", WEAK_SHA1_CERT, WEAK_RSA_2048_KEY, /is signed with sha1WithRSAEncryption \(SHA-1\), a broken hash/],
  ])("%s: 401 CERTIFICATE_INVALID saying why, though the request is correctly signed", async (_label, certificate, key, text) => {
    const result = await verifiedWith(certificate, key);
    expect(result).toMatchObject({ ok: false, code: "CERTIFICATE_INVALID", reason: "certificate-weak" });
    expect(result.ok ? "" : result.text).toMatch(text);
  });

  it("RSA 2048 certificates signed with SHA-256 pass: the portal's generated ones and the OpenSSL fixture", async () => {
    expect(MINIMUM_RSA_KEY_BITS).toBe(2048);
    expect((await verifiedWith(OPENSSL_RSA_CERT, OPENSSL_RSA_KEY)).ok).toBe(true);
    const generated = await generateTestCertificate({ tppName: "Strong TPP" });
    expect(generated.certificate.publicKeyAlgorithm).toBe("RSA 2048");
    const signed = await signRequest(PAYMENT_REQUEST, { privateKey: generated.privateKey, certificate: generated.certificatePem });
    expect((await verifyRequest({ ...PAYMENT_REQUEST, headers: { ...PAYMENT_REQUEST.headers, ...signed.headers } })).ok).toBe(true);
  });
});

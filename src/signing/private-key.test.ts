import { createPrivateKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CertificateError } from "./certificate";
import { importCertificateAndKey, importPrivateKey } from "./private-key";
import { generateTestCertificate } from "./test-certificate";
import { OPENSSL_EC_CERT, OPENSSL_EC_KEY, OPENSSL_ENCRYPTED_KEY, OPENSSL_RSA_CERT, OPENSSL_RSA_KEY } from "./test-fixtures/openssl-certificates";

const errorOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable(),
    (e: unknown) => e as CertificateError,
  );

describe("importCertificateAndKey", () => {
  it("imports a matching OpenSSL certificate and PKCS#8 key as a non-extractable signing key", async () => {
    const { certificate, privateKey } = await importCertificateAndKey(OPENSSL_RSA_CERT, OPENSSL_RSA_KEY);
    expect(certificate.serialNumber).toBe("E8B54055D929413F");
    expect(privateKey).toMatchObject({ type: "private", extractable: false, usages: ["sign"] });
  });

  it("imports a PKCS#1 'RSA PRIVATE KEY' too", async () => {
    const pkcs1 = createPrivateKey(OPENSSL_RSA_KEY).export({ type: "pkcs1", format: "pem" }).toString();
    expect(pkcs1).toContain("BEGIN RSA PRIVATE KEY");
    await expect(importCertificateAndKey(OPENSSL_RSA_CERT, pkcs1)).resolves.toHaveProperty("privateKey");
  });

  it("refuses a key that belongs to another certificate", async () => {
    const other = await generateTestCertificate();
    const error = await errorOf(importCertificateAndKey(OPENSSL_RSA_CERT, other.privateKeyPkcs8Pem));
    expect(error).toBeInstanceOf(CertificateError);
    expect(error).toMatchObject({ code: "key-mismatch" });
    expect(error.message).toContain("E8B54055D929413F");
  });

  it.each([
    ["garbage", "not a key", "key-malformed"],
    ["an encrypted key", OPENSSL_ENCRYPTED_KEY, "key-encrypted"],
    ["an EC key", OPENSSL_EC_KEY, "key-unsupported"],
    ["a PEM with broken base64", "-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----", "key-malformed"],
    ["valid base64 that is no key", "-----BEGIN PRIVATE KEY-----\nAAAAAAAA\n-----END PRIVATE KEY-----", "key-malformed"],
  ])("refuses %s", async (_label, pem, code) => {
    expect(await errorOf(importPrivateKey(pem))).toMatchObject({ name: "CertificateError", code });
  });

  it("refuses a malformed certificate and an EC certificate", async () => {
    expect(await errorOf(importCertificateAndKey("nope", OPENSSL_RSA_KEY))).toMatchObject({ code: "certificate-malformed" });
    expect(await errorOf(importCertificateAndKey(OPENSSL_EC_CERT, OPENSSL_RSA_KEY))).toMatchObject({ code: "key-unsupported" });
  });
});

import { X509Certificate, createPrivateKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateTestCertificate } from "./test-certificate";

describe("generateTestCertificate", () => {
  it("makes a self-signed RSA-2048 certificate with a PSD2-style subject, valid for a year", async () => {
    const now = new Date("2030-06-01T12:00:00Z");
    const tpp = await generateTestCertificate({ tppName: "Nordlys TPP", organizationName: "Nordlys AS", organizationId: "123456789", now });
    const node = new X509Certificate(tpp.certificatePem);
    expect(tpp.certificate.subject).toBe("CN=Nordlys TPP,organizationIdentifier=PSDNO-FSA-123456789,O=Nordlys AS,C=NO");
    expect(tpp.certificate.issuer).toBe(tpp.certificate.subject);
    expect(node.subject).toBe("C=NO\nO=Nordlys AS\norganizationIdentifier=PSDNO-FSA-123456789\nCN=Nordlys TPP");
    expect(node.verify(node.publicKey)).toBe(true);
    expect(node.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(tpp.certificate.notBefore.toISOString()).toBe("2030-06-01T11:55:00.000Z");
    expect(tpp.certificate.notAfter.toISOString()).toBe("2031-06-01T11:55:00.000Z");
    expect(node.ca).toBe(false);
  });

  it("uses a random positive serial unless one is given", async () => {
    const [a, b, c] = await Promise.all([generateTestCertificate(), generateTestCertificate(), generateTestCertificate({ serialNumber: "00ff01" })]);
    expect(a.certificate.serialNumber).not.toBe(b.certificate.serialNumber);
    expect(a.certificate.serialNumber).toMatch(/^[1-9A-F][0-9A-F]*$/);
    expect(c.certificate.serialNumber).toBe("FF01");
    expect(new X509Certificate(c.certificatePem).serialNumber).toBe("FF01");
  });

  it("returns a non-extractable signing key and its PKCS#8 PEM, which belong to the certificate", async () => {
    const tpp = await generateTestCertificate({ validityDays: 30 });
    await expect(globalThis.crypto.subtle.exportKey("pkcs8", tpp.privateKey)).rejects.toThrow();
    const nodeKey = createPrivateKey(tpp.privateKeyPkcs8Pem);
    const node = new X509Certificate(tpp.certificatePem);
    expect(node.checkPrivateKey(nodeKey)).toBe(true);
    expect(tpp.certificate.notAfter.getTime() - tpp.certificate.notBefore.getTime()).toBe(30 * 24 * 3600 * 1000);
  });

  it("takes explicit validity dates, e.g. an already expired certificate", async () => {
    const tpp = await generateTestCertificate({ notBefore: new Date("2020-01-01T00:00:00Z"), notAfter: new Date("2021-01-01T00:00:00Z") });
    expect(tpp.certificate.notAfter.toISOString()).toBe("2021-01-01T00:00:00.000Z");
  });
});

describe("names that would not survive the keyId as written", () => {
  it.each([
    ['Say "hi" AS', /quotation mark/],
    ["back\\slash", /backslash/],
    ["#hash", /starts with "#"/],
    ["", /is empty/],
    ["x".repeat(65), /longer than 64/],
  ])("%j is refused with name-invalid", async (tppName, message) => {
    await expect(generateTestCertificate({ tppName })).rejects.toMatchObject({ code: "name-invalid", message: expect.stringMatching(message) as unknown });
  });
});

import { X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CertificateError, loadCertificate, parseCertificate } from "./certificate";
import { OPENSSL_EC_CERT, OPENSSL_RSA_CERT } from "./test-fixtures/openssl-certificates";

describe("parseCertificate on an OpenSSL-made certificate", () => {
  const node = new X509Certificate(OPENSSL_RSA_CERT);
  const summary = parseCertificate(OPENSSL_RSA_CERT);

  it("gives the serial as uppercase hex without the DER sign byte, as OpenSSL and Node print it", () => {
    expect(summary.serialNumber).toBe("E8B54055D929413F");
    expect(summary.serialNumber).toBe(node.serialNumber);
  });

  it("gives issuer and subject as RFC 4514 strings, most specific first, UTF-8 kept", () => {
    const expected = "CN=Interop TPP,organizationIdentifier=PSDNO-FSA-987654321,O=Testbank Æøå ASA,C=NO";
    expect(summary.issuer).toBe(expected);
    expect(summary.subject).toBe(expected);
    expect(node.issuer.split("\n").reverse().join(",")).toBe(expected);
  });

  it("gives validity, keyId, one-line base64 DER and PEM", () => {
    expect(summary.notBefore.getTime()).toBe(new Date(node.validFrom).getTime());
    expect(summary.notAfter.toISOString()).toBe(new Date(node.validTo).toISOString());
    expect(summary.keyId).toBe(`SN=E8B54055D929413F,CA=${summary.issuer}`);
    expect(summary.base64Der).toBe(node.raw.toString("base64"));
    expect(summary.pem.trim()).toBe(OPENSSL_RSA_CERT.trim());
    expect(summary.publicKeyAlgorithm).toBe("RSA 2048");
  });

  it("accepts base64 DER, PEM with surrounding text, and base64 with line breaks", () => {
    expect(parseCertificate(summary.base64Der)).toEqual(summary);
    expect(parseCertificate(`Bag Attributes\n${OPENSSL_RSA_CERT}\ntrailing`)).toEqual(summary);
    expect(parseCertificate(summary.base64Der.replace(/(.{76})/g, "$1\n"))).toEqual(summary);
  });

  it("describes an EC key", () => {
    expect(parseCertificate(OPENSSL_EC_CERT).publicKeyAlgorithm).toBe("ECDSA P-256");
  });
});

describe("malformed certificates", () => {
  it.each([
    ["", "empty"],
    ["%%%", "neither PEM nor valid base64"],
    ["-----BEGIN CERTIFICATE-----\nAAAA\n", "no complete"],
    ["-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----", "not a CERTIFICATE"],
    [btoa("not DER at all"), "not a DER X.509 certificate"],
  ])("%j → CertificateError (%s)", (input, message) => {
    expect(() => parseCertificate(input)).toThrow(CertificateError);
    expect(() => parseCertificate(input)).toThrow(message);
    expect(loadCertificate(input).ok).toBe(false);
  });
});

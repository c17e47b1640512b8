/**
 * A certificate is read only in its DER form, and a verified request's signer is known by the SHA-256 of
 * its key (decision 0045): every certificate someone can put around a captured request's key, without the
 * private key, names the same signer.
 */
import { createHash, X509Certificate } from "node:crypto";
import { Extension } from "@peculiar/asn1-x509";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { beforeAll, describe, expect, it } from "vitest";
import { fromBase64 } from "./bytes";
import { fingerprintsOf, loadCertificate } from "./certificate";
import { generateTestCertificate, signRequest, verifyRequest, type TestCertificate } from "./index";
import { flippedSignatureBit, longFormOuterLength, otherPaddingBits, reissued, withBytesAround } from "./test-fixtures/certificate-variants";
import { OPENSSL_RSA_CERT } from "./test-fixtures/openssl-certificates";
import { PAYMENT_REQUEST } from "./test-fixtures/signed-request";

let tpp: TestCertificate;
beforeAll(async () => {
  tpp = await generateTestCertificate({ tppName: "Identity TPP" });
});

const loadedOrFail = (base64Der: string) => {
  const loaded = loadCertificate(base64Der);
  if (!loaded.ok) throw new Error(loaded.message);
  return loaded.certificate;
};
const messageOf = (base64Der: string) => {
  const loaded = loadCertificate(base64Der);
  return loaded.ok ? "loaded" : loaded.message;
};

describe("only DER is read: nothing before or after the certificate, no other encoding of it", () => {
  const holds = (size: number, ends: number) => `it holds ${String(size)} bytes, but the DER certificate in it ends after ${String(ends)}`;
  it.each([
    ["one byte after it", [], [0x00], (n: number) => holds(n + 1, n)],
    ["five bytes after it", [], [1, 2, 3, 4, 5], (n: number) => holds(n + 5, n)],
    ["a byte before it", [0x00], [], () => "which starts with byte 30 (this one starts with 00: bytes before the certificate, or none at all)"],
    ["an empty SEQUENCE before it", [0x30, 0x00], [], (n: number) => holds(n + 2, 2)],
  ])("%s → refused, with what to send", (_name, before, after, expected) => {
    const length = fromBase64(tpp.certificate.base64Der)?.length ?? 0;
    const text = messageOf(withBytesAround(tpp.certificate.base64Der, before, after));
    expect(text).toContain(expected(length));
    expect(text).toContain("send the certificate's DER bytes alone, base64-encoded");
  });

  it("a needless long-form length (BER) → refused as not DER", () => {
    expect(messageOf(longFormOuterLength(tpp.certificate.base64Der))).toMatch(
      /^it is not DER \(X\.690 §10\): a long-form length with a needless leading zero byte, at byte 2; send the certificate's DER bytes alone/,
    );
  });

  it("an RSA key whose modulus has a needless zero byte (another spelling of the same key) → refused", () => {
    const padded = reissued(tpp.certificate.base64Der, (tbs) => {
      const key = new Uint8Array(tbs.subjectPublicKeyInfo.subjectPublicKey);
      // 30 82 01 0a 02 82 01 01 00 <256 bytes> 02 03 01 00 01 → the modulus with one more 00 in front.
      expect(Array.from(key.subarray(0, 9))).toEqual([0x30, 0x82, 0x01, 0x0a, 0x02, 0x82, 0x01, 0x01, 0x00]);
      tbs.subjectPublicKeyInfo.subjectPublicKey = Uint8Array.of(0x30, 0x82, 0x01, 0x0b, 0x02, 0x82, 0x01, 0x02, 0x00, ...key.subarray(8)).buffer;
    });
    expect(messageOf(padded)).toBe(
      "its RSA public key is not a DER RSAPublicKey (a SEQUENCE of the modulus and the exponent, RFC 8017 A.1.1); issue the certificate with the key in that form",
    );
  });

  it("an RSA key without the NULL parameters RFC 3279 asks for → refused", () => {
    const bare = reissued(tpp.certificate.base64Der, (tbs) => {
      delete tbs.subjectPublicKeyInfo.algorithm.parameters;
    });
    expect(messageOf(bare)).toMatch(/^its RSA public key is not in the DER form of RFC 3279 §2\.3\.1/);
  });

  it("a certificate made by OpenSSL reads, and its fingerprints are OpenSSL's", async () => {
    const loaded = loadedOrFail(OPENSSL_RSA_CERT);
    const node = new X509Certificate(OPENSSL_RSA_CERT);
    const spki = node.publicKey.export({ type: "spki", format: "der" });
    expect(await fingerprintsOf(loaded)).toEqual({
      certificateSha256: node.fingerprint256.replaceAll(":", "").toLowerCase(),
      spkiSha256: createHash("sha256").update(spki).digest("hex"),
    });
  });
});

describe("every certificate over one key names one signer", () => {
  const variants = (): [string, string][] => [
    ["one bit of the issuer's signature flipped", flippedSignatureBit(tpp.certificate.base64Der)],
    [
      "a later notAfter, the old signature kept",
      reissued(tpp.certificate.base64Der, (tbs) => {
        tbs.validity.notAfter.utcTime = new Date(tpp.certificate.notAfter.getTime() + 86_400_000);
      }),
    ],
    [
      "one more extension",
      reissued(tpp.certificate.base64Der, (tbs) => {
        tbs.extensions?.push(
          new Extension({
            extnID: "1.3.6.1.4.1.99999.1",
            critical: false,
            extnValue: new OctetString(AsnConvert.serialize(new OctetString(new Uint8Array([1])))),
          }),
        );
      }),
    ],
  ];

  it("each variant reads as another certificate (another certificate fingerprint) with the same key fingerprint", async () => {
    const original = await fingerprintsOf(loadedOrFail(tpp.certificate.base64Der));
    for (const [name, variant] of variants()) {
      const fingerprints = await fingerprintsOf(loadedOrFail(variant));
      expect(fingerprints.spkiSha256, name).toBe(original.spkiSha256);
      expect(fingerprints.certificateSha256, name).not.toBe(original.certificateSha256);
    }
  });

  it("a request signed once verifies with any of them, and its signer is the same key each time (what the replay guard keys on)", async () => {
    const signed = await signRequest(PAYMENT_REQUEST, { privateKey: tpp.privateKey, certificate: tpp.certificatePem });
    const request = { ...PAYMENT_REQUEST, headers: { ...PAYMENT_REQUEST.headers, ...signed.headers } };
    const first = await verifyRequest(request);
    if (!first.ok) throw new Error(first.text);
    for (const [name, variant] of variants()) {
      const again = await verifyRequest({ ...request, headers: { ...request.headers, "TPP-Signature-Certificate": variant } });
      expect(again.ok && again.fingerprints.spkiSha256, name).toBe(first.fingerprints.spkiSha256);
    }
  });

  it("base64 with other padding bits is the same DER, so the same certificate", async () => {
    const base64Der = loadedOrFail(OPENSSL_RSA_CERT).summary.base64Der; // ends in "w==": four padding bits
    const text = otherPaddingBits(base64Der);
    expect(text).toBeDefined();
    expect(text).not.toBe(base64Der);
    expect(await fingerprintsOf(loadedOrFail(text ?? ""))).toEqual(await fingerprintsOf(loadedOrFail(base64Der)));
  });

  it("a request whose certificate has a byte after it is 401 CERTIFICATE_INVALID saying so", async () => {
    const signed = await signRequest(PAYMENT_REQUEST, { privateKey: tpp.privateKey, certificate: tpp.certificatePem });
    const headers = {
      ...PAYMENT_REQUEST.headers,
      ...signed.headers,
      "TPP-Signature-Certificate": withBytesAround(signed.headers["TPP-Signature-Certificate"], [], [0]),
    };
    const result = await verifyRequest({ ...PAYMENT_REQUEST, headers });
    expect(result).toMatchObject({ ok: false, code: "CERTIFICATE_INVALID", reason: "certificate-malformed" });
    expect(result.ok ? "" : result.text).toMatch(
      /^The TPP-Signature-Certificate header could not be read: it holds \d+ bytes, but the DER certificate in it ends after \d+;/,
    );
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { toBase64, utf8Bytes } from "./bytes";
import { computeDigest } from "./digest";
import { headerValue } from "./headers";
import { decodeEncodedWords, encodeWord } from "./rfc2047";
import { formatSignatureHeader } from "./signature-header";
import { buildSigningString } from "./signing-string";
import { generateTestCertificate, type TestCertificate } from "./test-certificate";
import { PAYMENT_BODY, PAYMENT_REQUEST, editSignature, setHeader, signed } from "./test-fixtures/signed-request";
import type { SignableRequest } from "./types";
import { verifyRequest } from "./verify";

// Spellings that differ from ours but mean the same must verify; see docs/signing.md "Decisions".

let tpp: TestCertificate;
let nordic: TestCertificate;
let request: SignableRequest;

beforeAll(async () => {
  [tpp, nordic] = await Promise.all([
    generateTestCertificate({ tppName: "Fjord Pay", organizationName: "Fjord Pay AS", organizationId: "123456789", serialNumber: "00f1e2d3" }),
    generateTestCertificate({ tppName: "Blåbær Betaling", organizationName: "Blåbær Æøå AS", organizationId: "987654321" }),
  ]);
  request = await signed(tpp);
});

const withKeyId = (keyId: string) => editSignature(request, (p) => ({ ...p, keyId }));

describe("keyId normalisation", () => {
  it("uses uppercase hex without leading zeros and the RFC 4514 issuer", () => {
    expect(tpp.certificate.keyId).toBe("SN=F1E2D3,CA=CN=Fjord Pay,organizationIdentifier=PSDNO-FSA-123456789,O=Fjord Pay AS,C=NO");
  });

  it.each([
    ["lowercase serial", "SN=f1e2d3,CA=CN=Fjord Pay,organizationIdentifier=PSDNO-FSA-123456789,O=Fjord Pay AS,C=NO"],
    ["leading zeros", "SN=00F1E2D3,CA=CN=Fjord Pay,organizationIdentifier=PSDNO-FSA-123456789,O=Fjord Pay AS,C=NO"],
    ["ASN.1 (reversed) DN order with ', '", "SN=F1E2D3,CA=C=NO, O=Fjord Pay AS, organizationIdentifier=PSDNO-FSA-123456789, CN=Fjord Pay"],
    ["%20 as in the Berlin Group example", "SN=F1E2D3,CA=CN=Fjord%20Pay,organizationIdentifier=PSDNO-FSA-123456789,O=Fjord%20Pay%20AS,C=NO"],
    ["OID and case differences", "sn=F1E2D3, ca=cn=FJORD PAY, OID.2.5.4.97=psdno-fsa-123456789, o=fjord pay as, c=no"],
  ])("%s still verifies", async (_label, keyId) => {
    expect(await verifyRequest(withKeyId(keyId))).toMatchObject({ ok: true });
  });

  it("a decimal serial is refused with a hint", async () => {
    const result = await verifyRequest(withKeyId(tpp.certificate.keyId.replace("SN=F1E2D3", `SN=${String(0xf1e2d3)}`)));
    expect(result).toMatchObject({ ok: false, reason: "keyid-serial-mismatch" });
    if (!result.ok) expect(result.text).toContain("decimal");
  });

  it("a DN with an attribute missing does not match", async () => {
    const result = await verifyRequest(withKeyId("SN=F1E2D3,CA=CN=Fjord Pay,O=Fjord Pay AS,C=NO"));
    expect(result).toMatchObject({ ok: false, reason: "keyid-issuer-mismatch" });
  });

  it("a keyId that is not SN=…,CA=… is keyid-malformed and says what was expected", async () => {
    const result = await verifyRequest(withKeyId("Test"));
    expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "keyid-malformed" });
    if (!result.ok) expect(result.text).toContain(tpp.certificate.keyId);
  });
});

describe("non-ASCII issuer (RFC 2047, spec §5.6)", () => {
  it("wraps the Signature header and round-trips", async () => {
    const signedRequest = await signed(nordic);
    const header = headerValue(signedRequest.headers, "signature") ?? "";
    expect(header).toMatch(/^=\?utf-8\?B\?[A-Za-z0-9+/]+=*\?=$/);
    expect(nordic.certificate.issuer).toBe("CN=Blåbær Betaling,organizationIdentifier=PSDNO-FSA-987654321,O=Blåbær Æøå AS,C=NO");
    const result = await verifyRequest(signedRequest);
    expect(result).toMatchObject({ ok: true, keyId: nordic.certificate.keyId });
  });

  it("an unwrapped UTF-8 header that the server read as Latin-1 (Node's http) is repaired", async () => {
    const signedRequest = await signed(nordic);
    const utf8 = decodeEncodedWords(headerValue(signedRequest.headers, "signature") ?? "");
    if (!utf8.ok) throw new Error(utf8.message);
    const misread = Buffer.from(utf8.text, "utf8").toString("latin1");
    expect(misread).toContain("Ã");
    expect(await verifyRequest(setHeader(signedRequest, "Signature", misread))).toMatchObject({ ok: true, keyId: nordic.certificate.keyId });
  });

  it("an ASCII header wrapped anyway is also accepted", async () => {
    const header = headerValue(request.headers, "signature") ?? "";
    expect(await verifyRequest(setHeader(request, "Signature", encodeWord(header)))).toMatchObject({ ok: true });
  });

  it("a broken wrapper is signature-header-malformed", async () => {
    const result = await verifyRequest(setHeader(request, "Signature", "=?utf-8?B?not*base64?="));
    expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "signature-header-malformed" });
  });
});

describe("Signature header grammar (cavage-10 §4.1, RFC 7235)", () => {
  const header = () => headerValue(request.headers, "signature") ?? "";

  it("accepts OWS after commas and unknown parameters", async () => {
    const variant = `${header().replace(/",/g, '", ')}, ext="ignored"`;
    expect(await verifyRequest(setHeader(request, "Signature", variant))).toMatchObject({ ok: true });
  });

  it("a parameter given twice is signature-header-malformed naming it, whichever copy is right", async () => {
    for (const variant of [`${header()},keyId="SN=1,CA=CN=wrong"`, `keyId="SN=1,CA=CN=wrong",${header()}`, `${header()}, KEYID="${tpp.certificate.keyId}"`]) {
      const result = await verifyRequest(setHeader(request, "Signature", variant));
      expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "signature-header-malformed" });
      expect(result.ok ? "" : result.text).toMatch(/^The Signature header could not be parsed: the keyId parameter is given twice \(two Signature headers/i);
    }
  });

  it('two Signature headers, as a server joins them (", "), are the keyId given twice', async () => {
    const result = await verifyRequest(setHeader(request, "Signature", `${header()}, ${header()}`));
    expect(result.ok ? "" : result.text).toContain("the keyId parameter is given twice (two Signature headers are read as one, joined by a comma)");
  });

  it("accepts mixed-case header names in the headers parameter, as in the Berlin Group example", async () => {
    const variant = header().replace('headers="digest x-request-id psu-id tpp-redirect-uri"', 'headers="Digest X-Request-ID PSU-ID TPP-Redirect-URI"');
    expect(variant).not.toBe(header());
    expect(await verifyRequest(setHeader(request, "Signature", variant))).toMatchObject({ ok: true });
  });

  it("refuses a missing algorithm parameter (optional in -10, but the bank's IG requires it: decision 0059)", async () => {
    const variant = header().replace('algorithm="rsa-sha256",', "");
    const result = await verifyRequest(setHeader(request, "Signature", variant));
    expect(result).toMatchObject({ ok: false, reason: "algorithm-unsupported", code: "SIGNATURE_INVALID" });
    expect(result.ok ? "" : result.text).toContain('send algorithm="rsa-sha256"');
  });

  it.each([
    ['keyId="unterminated', "no closing quote"],
    ['algorithm="rsa-sha256",headers="digest",signature="AAAA"', "keyId parameter is missing"],
    ['keyId="SN=1,CA=CN=x"', "signature parameter is missing"],
    ['keyId="SN=1,CA=CN=x" signature="AAAA"', 'expected ","'],
  ])("%s → signature-header-malformed", async (value, message) => {
    const result = await verifyRequest(setHeader(request, "Signature", value));
    expect(result).toMatchObject({ ok: false, reason: "signature-header-malformed" });
    if (!result.ok) expect(result.text).toContain(message);
  });

  it("a signature that is not base64 is signature-header-malformed", async () => {
    const result = await verifyRequest(editSignature(request, (p) => ({ ...p, signature: "not base64!" })));
    expect(result).toMatchObject({ ok: false, reason: "signature-header-malformed" });
  });
});

describe("Digest variants (RFC 3230, BG: SHA-256 or SHA-512)", () => {
  // signRequest always writes its own Digest, so sign a hand-made Digest value directly.
  const signWithDigest = async (digest: string): Promise<SignableRequest> => {
    const headers = { ...PAYMENT_REQUEST.headers, Digest: digest };
    const names = ["digest", "x-request-id", "psu-id", "tpp-redirect-uri"];
    const signingString = buildSigningString(names, { ...PAYMENT_REQUEST, headers });
    const signature = await globalThis.crypto.subtle.sign("RSASSA-PKCS1-v1_5", tpp.privateKey, utf8Bytes(signingString));
    const header = formatSignatureHeader({ keyId: tpp.certificate.keyId, algorithm: "rsa-sha256", headers: names, signature: toBase64(signature) });
    return { ...PAYMENT_REQUEST, headers: { ...headers, Signature: header, "TPP-Signature-Certificate": tpp.certificate.base64Der } };
  };
  const body = PAYMENT_BODY;

  it("SHA-512 verifies", async () => {
    const r = await signed(tpp, PAYMENT_REQUEST, { digestAlgorithm: "SHA-512" });
    expect(headerValue(r.headers, "digest")).toMatch(/^SHA-512=/);
    expect(await verifyRequest(r)).toMatchObject({ ok: true });
  });

  it("a lowercase algorithm token (as Rabobank sends) verifies", async () => {
    const lower = (await computeDigest(body)).replace("SHA-256", "sha-256");
    expect(await verifyRequest(await signWithDigest(lower))).toMatchObject({ ok: true });
  });

  it("several digests verify when each is SHA-256 or SHA-512 and matches", async () => {
    const value = `${await computeDigest(body)}, ${await computeDigest(body, "SHA-512")}`;
    expect(await verifyRequest(await signWithDigest(value))).toMatchObject({ ok: true });
  });

  it("an algorithm the bank does not check beside a matching one → digest-algorithm-unsupported naming it (nothing listed goes unchecked)", async () => {
    for (const value of [`MD5=HUXZLQLMuI/KZ5KDcJPcOA==,${await computeDigest(body)}`, `${await computeDigest(body)}, SHA-384=abc=`]) {
      const result = await verifyRequest(await signWithDigest(value));
      expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "digest-algorithm-unsupported" });
      expect(result.ok ? "" : result.text).toMatch(
        /^The Digest header lists (MD5|SHA-384), which this bank does not check; only SHA-256 and SHA-512 are accepted, and every digest listed must be one of them/,
      );
    }
  });

  it("an algorithm listed twice (two Digest headers joined), even both matching → digest-algorithm-repeated", async () => {
    const value = `${await computeDigest(body)}, ${(await computeDigest(body)).replace("SHA-256", "sha-256")}`;
    const result = await verifyRequest(await signWithDigest(value));
    expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "digest-algorithm-repeated" });
    expect(result.ok ? "" : result.text).toBe(
      "The Digest header lists SHA-256 twice (two Digest headers are read as one list); send one Digest header with each algorithm at most once.",
    );
  });

  it("several digests where the SHA-512 one is wrong → digest-mismatch naming SHA-512", async () => {
    const value = `${await computeDigest(body)}, ${await computeDigest("other", "SHA-512")}`;
    const result = await verifyRequest(await signWithDigest(value));
    expect(result).toMatchObject({ ok: false, reason: "digest-mismatch" });
    if (!result.ok) expect(result.text).toContain("hashes to SHA-512=");
  });

  it("a Digest that is not algorithm=value → digest-malformed", async () => {
    expect(await verifyRequest(await signWithDigest("garbage"))).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "digest-malformed" });
  });

  it("only unsupported algorithms → digest-algorithm-unsupported", async () => {
    const r = { ...request, headers: { ...request.headers, Digest: "MD5=HUXZLQLMuI/KZ5KDcJPcOA==" } };
    expect(await verifyRequest(r)).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "digest-algorithm-unsupported" });
  });

  it("a request without body and without Digest verifies when digest is not required", async () => {
    const get: SignableRequest = { method: "GET", url: "/v1/payments/x/status", headers: { "X-Request-ID": "4c1d7b2e-0000-4000-8000-000000000001" } };
    const r = await signed(tpp, get, { headers: ["x-request-id"] });
    const withoutDigest = setHeader(r, "Digest", undefined);
    expect(await verifyRequest(withoutDigest)).toMatchObject({ ok: true, signedHeaders: ["x-request-id"] });
  });
});

describe("other keys and algorithms", () => {
  it("rsa-sha512 signs, but the bank verifies rsa-sha256 only (spec 5.3, 5.5; decision 0059)", async () => {
    const sha512 = await generateTestCertificate({ hash: "SHA-512" });
    const r = await signed(sha512);
    expect(headerValue(r.headers, "signature")).toContain('algorithm="rsa-sha512"');
    const result = await verifyRequest(r);
    expect(result).toMatchObject({ ok: false, reason: "algorithm-unsupported", code: "SIGNATURE_INVALID" });
    expect(result.ok ? "" : result.text).toMatch(/algorithm "rsa-sha512" is not one this bank verifies/);
  });

  it("requiredHeaders can relax the policy", async () => {
    const minimal = await signed(tpp, PAYMENT_REQUEST, { headers: ["digest"] });
    expect(await verifyRequest(minimal)).toMatchObject({ ok: false, reason: "header-not-signed" });
    expect(await verifyRequest(minimal, { requiredHeaders: { always: [], whenPresent: ["digest"] } })).toMatchObject({ ok: true });
  });
});

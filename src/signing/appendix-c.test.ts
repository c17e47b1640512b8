import { beforeAll, describe, expect, it } from "vitest";
import { fromBase64, toBase64, utf8Bytes } from "./bytes";
import { parseCertificate } from "./certificate";
import { computeDigest } from "./digest";
import { importPrivateKey } from "./private-key";
import { parseSignatureHeader } from "./signature-header";
import { signRequest } from "./sign";
import { buildSigningString } from "./signing-string";
import { APPENDIX_C, CAVAGE_PRIVATE_KEY_PKCS1, CAVAGE_PRIVATE_KEY_PKCS8, CAVAGE_PUBLIC_KEY, CAVAGE_REQUEST } from "./test-fixtures/cavage-appendix-c";
import { verifyRequest } from "./verify";
import { toPem } from "./pem";
import { createSelfSignedCertificate } from "./x509";

// The draft's own test values (draft-cavage-http-signatures-10 Appendix C). RSASSA-PKCS1-v1_5
// is deterministic, so our signatures must equal the published ones byte for byte.

const subtle = globalThis.crypto.subtle;
const RSA = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;
const NO_POLICY = { always: [], whenPresent: [] };

let privateKey: CryptoKey;
let publicKey: CryptoKey;
let certificatePem: string;

beforeAll(async () => {
  privateKey = await importPrivateKey(CAVAGE_PRIVATE_KEY_PKCS8);
  publicKey = await subtle.importKey("spki", fromBase64(CAVAGE_PUBLIC_KEY.replace(/-----[^-]+-----/g, ""))!, RSA, true, ["verify"]);
  // The draft identifies the key as keyId="Test"; the Berlin Group profile needs a certificate,
  // so wrap the Appendix C public key in a self-signed one. The signatures do not cover keyId.
  const der = await createSelfSignedCertificate({
    serialHex: "0a1b",
    name: [["2.5.4.3", "Appendix C"]],
    notBefore: new Date("2014-01-01T00:00:00Z"),
    notAfter: new Date("2034-01-01T00:00:00Z"),
    keys: { privateKey, publicKey },
    hash: "SHA-256",
  });
  certificatePem = toPem("CERTIFICATE", new Uint8Array(der));
});

describe("draft-cavage-http-signatures-10 Appendix C", () => {
  it("has the published Digest of the body", async () => {
    expect(await computeDigest(CAVAGE_REQUEST.body)).toBe(CAVAGE_REQUEST.headers.Digest);
  });

  it("imports the PKCS#1 key as published and the PKCS#8 conversion as the same key", async () => {
    const fromPkcs1 = await importPrivateKey(CAVAGE_PRIVATE_KEY_PKCS1);
    const data = utf8Bytes("same key?");
    expect(toBase64(await subtle.sign(RSA, fromPkcs1, data))).toBe(toBase64(await subtle.sign(RSA, privateKey, data)));
  });

  describe.each(APPENDIX_C)("$name", (vector) => {
    it("builds the published signing string", () => {
      expect(buildSigningString(vector.headers, CAVAGE_REQUEST)).toBe(vector.signingString);
    });

    it("produces the published signature over it", async () => {
      const signature = await subtle.sign(RSA, privateKey, utf8Bytes(vector.signingString));
      expect(toBase64(signature)).toBe(vector.signature);
    });

    it("parses the published Signature header", () => {
      const parsed = parseSignatureHeader(vector.signatureHeader);
      expect(parsed).toMatchObject({ ok: true, value: { keyId: "Test", algorithm: "rsa-sha256", headers: vector.headers, signature: vector.signature } });
    });

    it("signRequest signs the request to the published signature", async () => {
      const result = await signRequest(CAVAGE_REQUEST, { privateKey, certificate: certificatePem }, { headers: vector.headers });
      expect(result.signingString).toBe(vector.signingString);
      expect(result.headers.Signature).toContain(`signature="${vector.signature}"`);
      expect(result.headers.Digest).toBe(CAVAGE_REQUEST.headers.Digest);
    });

    it("verifyRequest accepts the published signature", async () => {
      const { keyId } = parseCertificate(certificatePem);
      const signature = vector.signatureHeader.replace('keyId="Test"', `keyId="${keyId}"`);
      const request = {
        ...CAVAGE_REQUEST,
        headers: { ...CAVAGE_REQUEST.headers, Signature: signature, "TPP-Signature-Certificate": parseCertificate(certificatePem).base64Der },
      };
      // The draft's key is RSA 1024, below what the sandbox accepts: the floor is lowered for the published vector only.
      const result = await verifyRequest(request, { now: new Date("2014-01-05T21:31:40Z"), requiredHeaders: NO_POLICY, minimumRsaKeyBits: 1024 });
      expect(result).toMatchObject({ ok: true, signingString: vector.signingString, signedHeaders: vector.headers });
      const byDefault = await verifyRequest(request, { now: new Date("2014-01-05T21:31:40Z"), requiredHeaders: NO_POLICY });
      expect(byDefault).toMatchObject({ ok: false, code: "CERTIFICATE_INVALID", reason: "certificate-weak" });
    });

    it("verifyRequest rejects it once one signed character changes", async () => {
      const { keyId, base64Der } = parseCertificate(certificatePem);
      const tampered = vector.signatureHeader.replace('keyId="Test"', `keyId="${keyId}"`);
      const request = {
        ...CAVAGE_REQUEST,
        headers: { ...CAVAGE_REQUEST.headers, Date: "Sun, 05 Jan 2014 21:31:41 GMT", Signature: tampered, "TPP-Signature-Certificate": base64Der },
      };
      const result = await verifyRequest(request, { now: new Date("2014-01-05T21:31:40Z"), requiredHeaders: NO_POLICY, minimumRsaKeyBits: 1024 });
      expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "signature-mismatch" });
    });
  });

  it("the Berlin Group profile refuses C.3 because x-request-id is not signed", async () => {
    const { keyId, base64Der } = parseCertificate(certificatePem);
    const c3 = APPENDIX_C[2]!;
    const request = {
      ...CAVAGE_REQUEST,
      headers: { ...CAVAGE_REQUEST.headers, Signature: c3.signatureHeader.replace('keyId="Test"', `keyId="${keyId}"`), "TPP-Signature-Certificate": base64Der },
    };
    const result = await verifyRequest(request, { now: new Date("2014-01-05T21:31:40Z"), minimumRsaKeyBits: 1024 });
    expect(result).toMatchObject({ ok: false, code: "SIGNATURE_INVALID", reason: "header-not-signed" });
  });
});

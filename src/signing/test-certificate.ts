import { toPem } from "./pem";
import { CertificateError, type CertificateSummary, parseCertificate } from "./certificate";
import { createSelfSignedCertificate } from "./x509";

// Self-signed certificates for the sandbox, shaped like a PSD2 QSealC subject
// (ETSI TS 119 495: organizationIdentifier "PSD" + NCA country + "-" + NCA id + "-" + PSP id).
// They sign exactly like a real one; the sandbox accepts any well-formed certificate.

export interface TestCertificateOptions {
  /** CN; default "Sandbox TPP". */
  readonly tppName?: string;
  /** O; default the TPP name + " AS". */
  readonly organizationName?: string;
  /** The PSP id after "PSDNO-FSA-"; default 9 random digits. */
  readonly organizationId?: string;
  /** C; default "NO". */
  readonly country?: string;
  /** Hex serial; default 16 random bytes (RFC 5280 wants it unpredictable). */
  readonly serialNumber?: string;
  /** Clock to start from (the sandbox has its own); default the real clock. */
  readonly now?: Date;
  /** Default: now minus five minutes, so a clock a little behind still accepts it. */
  readonly notBefore?: Date;
  /** Default: notBefore + validityDays. */
  readonly notAfter?: Date;
  /** Default 365. */
  readonly validityDays?: number;
  /** Hash for the certificate signature and for the returned signing key; default SHA-256 (rsa-sha256). */
  readonly hash?: "SHA-256" | "SHA-512";
}

export interface TestCertificate {
  readonly certificatePem: string;
  readonly certificate: CertificateSummary;
  /** Non-extractable: it can sign but never leave the page. */
  readonly privateKey: CryptoKey;
  /** The only copy of the key material: offer it to the user once, then drop it. */
  readonly privateKeyPkcs8Pem: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The issuer's name travels as text inside the Signature header's quoted keyId ("CA=CN=…"), where a
 * quotation mark ends the string, a backslash escapes, and a leading "#" is read as hex by RFC 4514:
 * such values would not come back as written from a TPP's keyId, so refuse them, naming the field.
 */
function checkNameValue(field: string, value: string): void {
  const problem =
    value.trim() === ""
      ? "is empty"
      : value.length > 64
        ? "is longer than 64 characters"
        : Array.from({ length: value.length }, (_, index) => value.charCodeAt(index)).some(
              (code) => code === 0x22 || code === 0x5c || code < 0x20 || code === 0x7f,
            )
          ? "contains a quotation mark, backslash or control character"
          : value.startsWith("#")
            ? 'starts with "#"'
            : undefined;
  if (problem) throw new CertificateError("name-invalid", `The ${field} ${problem}; use letters, digits, spaces and ordinary punctuation.`);
}

export async function generateTestCertificate(options: TestCertificateOptions = {}): Promise<TestCertificate> {
  const subtle = globalThis.crypto.subtle;
  const hash = options.hash ?? "SHA-256";
  const algorithm = { name: "RSASSA-PKCS1-v1_5", hash, publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = await subtle.generateKey(algorithm, true, ["sign", "verify"]);

  const now = options.now ?? new Date();
  const notBefore = options.notBefore ?? new Date(now.getTime() - 5 * 60 * 1000);
  const notAfter = options.notAfter ?? new Date(notBefore.getTime() + (options.validityDays ?? 365) * DAY_MS);
  const tppName = options.tppName ?? "Sandbox TPP";
  const organizationId = options.organizationId ?? randomDigits(9);
  checkNameValue("TPP name", tppName);
  checkNameValue("organisation name", options.organizationName ?? `${tppName} AS`);
  checkNameValue("organisation identifier", organizationId);
  checkNameValue("country", options.country ?? "NO");
  // ASN.1 order, least specific first; printed RFC 4514-style it reads CN=..., organizationIdentifier=..., O=..., C=NO.
  const der = await createSelfSignedCertificate({
    name: [
      ["2.5.4.6", options.country ?? "NO"],
      ["2.5.4.10", options.organizationName ?? `${tppName} AS`],
      ["2.5.4.97", `PSDNO-FSA-${organizationId}`],
      ["2.5.4.3", tppName],
    ],
    // RFC 5280 wants serials unpredictable: 16 random bytes unless one is given.
    serialHex: options.serialNumber ?? randomHex(16),
    notBefore,
    notAfter,
    keys,
    hash,
    sealExtensions: true,
  });

  const pkcs8 = await subtle.exportKey("pkcs8", keys.privateKey);
  const privateKey = await subtle.importKey("pkcs8", pkcs8, { name: "RSASSA-PKCS1-v1_5", hash }, false, ["sign"]);
  const certificatePem = toPem("CERTIFICATE", new Uint8Array(der));
  return {
    certificatePem,
    certificate: parseCertificate(certificatePem),
    privateKey,
    privateKeyPkcs8Pem: toPem("PRIVATE KEY", pkcs8),
  };
}

function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function randomDigits(count: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(count)), (b) => String(b % 10)).join("");
}

import { fromBase64, toBase64 } from "./bytes";
import { derProblem } from "./der";
import { type DistinguishedName, formatDistinguishedName } from "./distinguished-name";
import { formatKeyId, normaliseSerial } from "./key-id";
import { hasPemArmour, readPemBlocks, toPem } from "./pem";
import { CertificateFormError, decodeCertificate as decodeDer, type DecodedCertificate } from "./x509";

// Reading X.509 certificates (the TPP-Signature-Certificate header, or a pasted PEM)
// into the summary the portal shows and the verifier compares against.

export interface CertificateSummary {
  /** Uppercase hex, no leading zeros (the form keyId uses). */
  readonly serialNumber: string;
  /** RFC 4514 string, most specific RDN first, e.g. "CN=Test TPP,organizationIdentifier=PSDNO-FSA-1,O=TPP AS,C=NO". */
  readonly issuer: string;
  readonly subject: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  /** The keyId to sign with: "SN=<serial>,CA=<issuer>". */
  readonly keyId: string;
  /** One line, no armour: the TPP-Signature-Certificate header value. */
  readonly base64Der: string;
  readonly pem: string;
  /** e.g. "RSA 2048" or "ECDSA P-256"; lets errors say why a key cannot verify rsa-sha256. */
  readonly publicKeyAlgorithm: string;
}

export type CertificateErrorCode = "certificate-malformed" | "key-malformed" | "key-encrypted" | "key-unsupported" | "key-mismatch" | "name-invalid";

export class CertificateError extends Error {
  override readonly name = "CertificateError";
  constructor(
    readonly code: CertificateErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** What the verifier needs beyond the summary. */
export interface LoadedCertificate {
  readonly summary: CertificateSummary;
  readonly issuerDn: DistinguishedName;
  /** The certificate, exactly one DER element (nothing before or after it is accepted). */
  readonly der: Uint8Array<ArrayBuffer>;
  /** SubjectPublicKeyInfo DER, for crypto.subtle.importKey("spki", ...): for an RSA key its one DER form, so it names the key. */
  readonly spki: ArrayBuffer;
  /** OID of the algorithm the certificate itself is signed with (checked for MD5 and SHA-1). */
  readonly signatureAlgorithm: string;
}

export type LoadResult = { readonly ok: true; readonly certificate: LoadedCertificate } | { readonly ok: false; readonly message: string };

/**
 * A TPP signs every request with the same certificate: parsing it once per distinct header value
 * keeps the ASN.1 decoding off the per-request path. Bounded, oldest out first.
 */
const loadedCertificates = new Map<string, LoadResult>();
const CERTIFICATE_CACHE_SIZE = 64;

/** Never throws: a certificate header can hold anything. */
export function loadCertificate(input: string): LoadResult {
  const cached = loadedCertificates.get(input);
  if (cached) return cached;
  const result = decodeCertificate(input);
  if (loadedCertificates.size >= CERTIFICATE_CACHE_SIZE) {
    const oldest = loadedCertificates.keys().next().value;
    if (oldest !== undefined) loadedCertificates.delete(oldest);
  }
  loadedCertificates.set(input, result);
  return result;
}

/** What to send instead of a certificate that is not one DER element. */
const SEND_DER = "send the certificate's DER bytes alone, base64-encoded (as openssl x509 -outform DER writes them), with nothing before or after them";

function decodeCertificate(input: string): LoadResult {
  const der = certificateDer(input);
  if (!der.ok) return der;
  const bytes = der.der;
  if (bytes[0] !== 0x30)
    return {
      ok: false,
      message:
        `it is not a DER X.509 certificate, which starts with byte 30 (this one starts with ${(bytes[0] ?? 0).toString(16).padStart(2, "0").toUpperCase()}: ` +
        `bytes before the certificate, or none at all); ${SEND_DER}`,
    };
  // A BER parser takes bytes after the certificate and other spellings of it: each would be another certificate to its fingerprint.
  const notDer = derProblem(bytes);
  if (notDer?.kind === "trailing")
    return {
      ok: false,
      message: `it holds ${String(bytes.length)} bytes, but the DER certificate in it ends after ${String(notDer.elementLength)}; ${SEND_DER}`,
    };
  if (notDer !== undefined) return { ok: false, message: `it is not DER (X.690 §10): ${notDer.what}, at byte ${String(notDer.at)}; ${SEND_DER}` };
  try {
    return { ok: true, certificate: describe(decodeDer(bytes), bytes) };
  } catch (error) {
    if (error instanceof CertificateFormError) return { ok: false, message: `${error.message}; issue the certificate with the key in that form` };
    return { ok: false, message: `it is not a DER X.509 certificate (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** Summary of a PEM or base64-DER certificate; throws CertificateError when it cannot be read. */
export function parseCertificate(pemOrBase64Der: string): CertificateSummary {
  const loaded = loadCertificate(pemOrBase64Der);
  if (!loaded.ok) throw new CertificateError("certificate-malformed", `The certificate could not be read: ${loaded.message}.`);
  return loaded.certificate.summary;
}

function certificateDer(input: string): { ok: true; der: Uint8Array<ArrayBuffer> } | { ok: false; message: string } {
  if (typeof input !== "string" || input.trim() === "") return { ok: false, message: "it is empty" };
  if (hasPemArmour(input)) {
    const pem = readPemBlocks(input);
    if (!pem.ok) return pem;
    const block = pem.blocks.find((b) => b.label === "CERTIFICATE");
    if (!block) return { ok: false, message: `the PEM holds ${pem.blocks.map((b) => b.label).join(", ")}, not a CERTIFICATE` };
    return { ok: true, der: block.der };
  }
  const der = fromBase64(input);
  if (!der || der.length === 0) return { ok: false, message: "it is neither PEM nor valid base64 (standard alphabet, padded)" };
  return { ok: true, der };
}

function describe(cert: DecodedCertificate, der: Uint8Array<ArrayBuffer>): LoadedCertificate {
  const issuer = formatDistinguishedName(cert.issuer);
  const serialNumber = normaliseSerial(cert.serialHex) ?? cert.serialHex.toUpperCase();
  const summary: CertificateSummary = {
    serialNumber,
    issuer,
    subject: formatDistinguishedName(cert.subject),
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
    keyId: formatKeyId(serialNumber, issuer),
    base64Der: toBase64(der),
    pem: toPem("CERTIFICATE", der),
    publicKeyAlgorithm: cert.publicKeyAlgorithm,
  };
  return { summary, issuerDn: cert.issuer, der, spki: cert.spki, signatureAlgorithm: cert.signatureAlgorithm };
}

/** Who a certificate names, as SHA-256 fingerprints (lowercase hex): what a verified request's signer is known by. */
export interface CertificateFingerprints {
  /** Of the certificate's DER: what `openssl x509 -noout -fingerprint -sha256` prints, without the colons. */
  readonly certificateSha256: string;
  /**
   * Of its SubjectPublicKeyInfo: the key, the same in every certificate over it. All a signature establishes,
   * since the certificate around the key is not signed by the request (decision 0045).
   */
  readonly spkiSha256: string;
}

const fingerprintsOfLoaded = new WeakMap<LoadedCertificate, Promise<CertificateFingerprints>>();

const sha256Hex = async (bytes: BufferSource) =>
  Array.from(new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The fingerprints of a loaded certificate, computed once per certificate loaded. */
export function fingerprintsOf(certificate: LoadedCertificate): Promise<CertificateFingerprints> {
  let known = fingerprintsOfLoaded.get(certificate);
  if (known === undefined) {
    known = Promise.all([sha256Hex(certificate.der), sha256Hex(certificate.spki)]).then(([certificateSha256, spkiSha256]) => ({
      certificateSha256,
      spkiSha256,
    }));
    fingerprintsOfLoaded.set(certificate, known);
  }
  return known;
}

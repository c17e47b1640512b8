import { ownBytes } from "./bytes";
import { CertificateError, type CertificateSummary, loadCertificate } from "./certificate";
import { readPemBlocks } from "./pem";

// Importing a TPP's own key (PKCS#8 PEM, or the older PKCS#1 "RSA PRIVATE KEY") as a
// non-extractable WebCrypto signing key, and checking it belongs to the certificate.

export type SigningHash = "SHA-256" | "SHA-512";

const RSA_ENCRYPTION_OID = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];
const EC_PUBLIC_KEY_OID = [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];

export async function importPrivateKey(pem: string, options: { hash?: SigningHash } = {}): Promise<CryptoKey> {
  const blocks = readPemBlocks(pem);
  if (!blocks.ok) throw new CertificateError("key-malformed", `The private key PEM could not be read: ${blocks.message}.`);
  const block = blocks.blocks.find((b) => b.label.endsWith("PRIVATE KEY"));
  if (!block) throw new CertificateError("key-malformed", "The PEM holds no PRIVATE KEY block.");
  if (block.label === "ENCRYPTED PRIVATE KEY") {
    throw new CertificateError("key-encrypted", "The private key is encrypted; export it unencrypted with `openssl pkcs8 -topk8 -nocrypt -in key.pem`.");
  }
  if (block.label !== "PRIVATE KEY" && block.label !== "RSA PRIVATE KEY") {
    throw new CertificateError("key-unsupported", `A "${block.label}" cannot sign rsa-sha256; an RSA key is needed.`);
  }
  const pkcs8 = block.label === "RSA PRIVATE KEY" ? wrapPkcs1(block.der) : block.der;
  if (contains(pkcs8, EC_PUBLIC_KEY_OID) && !contains(pkcs8, RSA_ENCRYPTION_OID)) {
    throw new CertificateError("key-unsupported", "This is an EC key; rsa-sha256 signatures need an RSA key.");
  }
  try {
    return await globalThis.crypto.subtle.importKey("pkcs8", pkcs8, { name: "RSASSA-PKCS1-v1_5", hash: options.hash ?? "SHA-256" }, false, ["sign"]);
  } catch (error) {
    throw new CertificateError("key-malformed", `The private key is not a valid RSA PKCS#8 key (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/** Imports both and proves they belong together by signing and verifying a test message. */
export async function importCertificateAndKey(
  certificatePem: string,
  privateKeyPem: string,
  options: { hash?: SigningHash } = {},
): Promise<{ certificate: CertificateSummary; privateKey: CryptoKey }> {
  const loaded = loadCertificate(certificatePem);
  if (!loaded.ok) throw new CertificateError("certificate-malformed", `The certificate could not be read: ${loaded.message}.`);
  const hash = options.hash ?? "SHA-256";
  const privateKey = await importPrivateKey(privateKeyPem, { hash });
  const algorithm = { name: "RSASSA-PKCS1-v1_5", hash };
  let publicKey: CryptoKey;
  try {
    publicKey = await globalThis.crypto.subtle.importKey("spki", loaded.certificate.spki, algorithm, false, ["verify"]);
  } catch {
    throw new CertificateError("key-unsupported", `The certificate's public key is ${loaded.certificate.summary.publicKeyAlgorithm}, not RSA.`);
  }
  const probe = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const signature = await globalThis.crypto.subtle.sign(algorithm, privateKey, probe);
  if (!(await globalThis.crypto.subtle.verify(algorithm, publicKey, signature, probe))) {
    throw new CertificateError(
      "key-mismatch",
      `The private key does not belong to the certificate ${loaded.certificate.summary.subject} (serial ${loaded.certificate.summary.serialNumber}): a test signature did not verify with the certificate's public key.`,
    );
  }
  return { certificate: loaded.certificate.summary, privateKey };
}

/** PKCS#1 RSAPrivateKey → PKCS#8 PrivateKeyInfo (RFC 5208): version 0, rsaEncryption with NULL params. */
function wrapPkcs1(pkcs1: Uint8Array): Uint8Array<ArrayBuffer> {
  const algorithmId = [0x30, 0x0d, 0x06, 0x09, ...RSA_ENCRYPTION_OID, 0x05, 0x00];
  const body = [0x02, 0x01, 0x00, ...algorithmId, 0x04, ...derLength(pkcs1.length), ...pkcs1];
  return ownBytes(Uint8Array.from([0x30, ...derLength(body.length), ...body]));
}

function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return [0x80 | bytes.length, ...bytes];
}

function contains(haystack: Uint8Array, needle: readonly number[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

import type { LoadedCertificate } from "./certificate";
import { type VerifyFailure, failure } from "./verify-result";

// Keys and certificate signatures a bank no longer accepts: RSA keys under 2048 bits can be factored
// with affordable effort (NIST SP 800-131A disallows them since 2013), and MD5 or SHA-1 signatures can be
// forged by collision, so the certificate may not be the one its issuer signed.

/** The smallest RSA key a certificate may carry. */
export const MINIMUM_RSA_KEY_BITS = 2048;

/** Certificate signature algorithms whose hash is broken (RFC 3279, RFC 8017, X9.62), by OID. */
const WEAK_SIGNATURE_ALGORITHMS: Record<string, string> = {
  "1.2.840.113549.1.1.2": "md2WithRSAEncryption (MD2)",
  "1.2.840.113549.1.1.3": "md4WithRSAEncryption (MD4)",
  "1.2.840.113549.1.1.4": "md5WithRSAEncryption (MD5)",
  "1.2.840.113549.1.1.5": "sha1WithRSAEncryption (SHA-1)",
  "1.3.14.3.2.29": "sha1WithRSASignature (SHA-1)",
  "1.2.840.10045.4.1": "ecdsa-with-SHA1 (SHA-1)",
  "1.2.840.10040.4.3": "dsa-with-sha1 (SHA-1)",
};

/** Why the certificate is too weak to trust, or undefined. `minimumRsaBits` lowers the floor only for published test vectors. */
export function checkStrength(certificate: LoadedCertificate, minimumRsaBits = MINIMUM_RSA_KEY_BITS): VerifyFailure | undefined {
  const { subject, publicKeyAlgorithm } = certificate.summary;
  const bits = /^RSA (\d+)$/.exec(publicKeyAlgorithm)?.[1];
  if (bits !== undefined && Number(bits) < minimumRsaBits)
    return failure(
      "certificate-weak",
      `The certificate ${subject} has a ${bits}-bit RSA key; keys under ${String(minimumRsaBits)} bits are refused (they can be factored). Issue a certificate with an RSA key of at least ${String(minimumRsaBits)} bits.`,
    );
  const weak = WEAK_SIGNATURE_ALGORITHMS[certificate.signatureAlgorithm];
  if (weak !== undefined)
    return failure(
      "certificate-weak",
      `The certificate ${subject} is signed with ${weak}, a broken hash that lets a certificate be forged; certificates signed with MD5 or SHA-1 are refused. Have it signed with SHA-256 or stronger (sha256WithRSAEncryption).`,
    );
  return undefined;
}

/**
 * Who a TPP is (decision 0058, as hosted mode has it since decision 0039): its certificate's organizationIdentifier
 * (ETSI TS 119 495, the PSD2 authorisation number: stable across a TPP's certificate renewals), or the certificate's
 * SHA-256 fingerprint when it has none. Read from the verified signer only, never from a request's raw text: the
 * sandbox's payments and baskets belong to it, and a hosted server keys a tenant's sandbox by it.
 */
import { organizationIdentifier } from "../../src/signing/organization-identifier";

/** "org:PSDNO-FSA-123456789" or "sha256:<fingerprint of the certificate's DER>": what an operator reads. */
export function tppIdOf(certificate: { certificateSha256: string; subject: string }): string {
  const organization = organizationIdentifier(certificate.subject);
  return organization === undefined ? `sha256:${certificate.certificateSha256}` : `org:${organization}`;
}

/**
 * Who a TPP is (decision 0058, as hosted mode has it since decision 0039): its certificate's organizationIdentifier
 * (ETSI TS 119 495, the PSD2 authorisation number: stable across a TPP's certificate renewals), or the certificate's
 * SHA-256 fingerprint when it has none. Read from the verified signer only, never from a request's raw text: the
 * sandbox's payments and baskets belong to it, and a hosted server keys a tenant's sandbox by it.
 */
import { parseDistinguishedName } from "../../src/signing/distinguished-name";

const ORGANIZATION_IDENTIFIER_OID = "2.5.4.97";

/** The organizationIdentifier of an RFC 4514 subject, or undefined. */
export function organizationIdentifier(subject: string): string | undefined {
  const parsed = parseDistinguishedName(subject);
  if (!parsed.ok) return undefined;
  for (const rdn of parsed.dn)
    for (const attribute of rdn)
      if (attribute.type === ORGANIZATION_IDENTIFIER_OID && !attribute.value.startsWith("#")) return attribute.value.trim() || undefined;
  return undefined;
}

/** "org:PSDNO-FSA-123456789" or "sha256:<fingerprint of the certificate's DER>": what an operator reads. */
export function tppIdOf(certificate: { certificateSha256: string; subject: string }): string {
  const organization = organizationIdentifier(certificate.subject);
  return organization === undefined ? `sha256:${certificate.certificateSha256}` : `org:${organization}`;
}

/**
 * The organizationIdentifier of a certificate's subject (ETSI TS 119 495: a QSealC's PSD2 authorisation number, such as
 * PSDNO-FSA-123456789): what names a TPP across its certificate renewals. The hosted server's tenants and the traffic
 * record read it.
 */
import { parseDistinguishedName } from "./distinguished-name";

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

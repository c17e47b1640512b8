/**
 * The organizationIdentifier of a certificate's subject (ETSI TS 119 495: a QSealC's PSD2 authorisation number, such as
 * PSDNO-FSA-123456789): what names a TPP across its certificate renewals. The hosted server's tenants and the traffic
 * record read it.
 */
import { parseDistinguishedName } from "./distinguished-name";

const ORGANIZATION_IDENTIFIER_OID = "2.5.4.97";

/** Subjects read lately: a TPP signs every request with one certificate, and parsing its subject took some 100 µs. */
const known = new Map<string, string | undefined>();
const KNOWN_SUBJECTS = 64;

/** The organizationIdentifier of an RFC 4514 subject, or undefined. */
export function organizationIdentifier(subject: string): string | undefined {
  if (known.has(subject)) return known.get(subject);
  const found = readOrganizationIdentifier(subject);
  if (known.size >= KNOWN_SUBJECTS) known.delete(known.keys().next().value ?? "");
  known.set(subject, found);
  return found;
}

function readOrganizationIdentifier(subject: string): string | undefined {
  const parsed = parseDistinguishedName(subject);
  if (!parsed.ok) return undefined;
  for (const rdn of parsed.dn)
    for (const attribute of rdn)
      if (attribute.type === ORGANIZATION_IDENTIFIER_OID && !attribute.value.startsWith("#")) return attribute.value.trim() || undefined;
  return undefined;
}

// Attribute type names for distinguished names. RFC 4514 §3 fixes the short names
// CN, L, ST, O, OU, C, STREET, DC, UID; for the rest we print the names OpenSSL
// prints (organizationIdentifier, serialNumber, emailAddress, ...) and accept the
// aliases other tools emit (Java "OID.2.5.4.97", Windows "E", "S", "SERIALNUMBER").

const TYPES: readonly (readonly [oid: string, name: string, aliases: readonly string[]])[] = [
  ["2.5.4.3", "CN", ["commonName"]],
  ["2.5.4.4", "SN", ["surname"]],
  ["2.5.4.5", "serialNumber", []],
  ["2.5.4.6", "C", ["countryName"]],
  ["2.5.4.7", "L", ["localityName"]],
  ["2.5.4.8", "ST", ["S", "stateOrProvinceName"]],
  ["2.5.4.9", "STREET", ["streetAddress"]],
  ["2.5.4.10", "O", ["organizationName"]],
  ["2.5.4.11", "OU", ["organizationalUnitName"]],
  ["2.5.4.12", "title", ["T"]],
  ["2.5.4.42", "GN", ["G", "givenName"]],
  ["2.5.4.43", "initials", ["I"]],
  ["2.5.4.46", "dnQualifier", []],
  ["2.5.4.65", "pseudonym", []],
  ["2.5.4.97", "organizationIdentifier", ["OrgId"]],
  ["0.9.2342.19200300.100.1.1", "UID", ["userId"]],
  ["0.9.2342.19200300.100.1.25", "DC", ["domainComponent"]],
  ["1.2.840.113549.1.9.1", "emailAddress", ["E", "EMAIL"]],
];

const byName = new Map<string, string>();
const nameByOid = new Map<string, string>();
for (const [oid, name, aliases] of TYPES) {
  nameByOid.set(oid, name);
  for (const n of [name, ...aliases]) byName.set(n.toLowerCase(), oid);
}

const NUMERIC_OID = /^\d+(?:\.\d+)+$/;

/** The OID for a type name or dotted OID (with or without the "OID." prefix); undefined when unknown. */
export function attributeTypeOid(type: string): string | undefined {
  const bare = type.trim().replace(/^oid\./i, "");
  if (NUMERIC_OID.test(bare)) return bare;
  return byName.get(bare.toLowerCase());
}

/** The name to print for an OID; unknown OIDs print as the dotted OID, which RFC 4514 allows. */
export function attributeTypeName(oid: string): string {
  return nameByOid.get(oid) ?? oid;
}

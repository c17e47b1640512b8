import { type DistinguishedName, formatDistinguishedName, parseDistinguishedName, sameDistinguishedName } from "./distinguished-name";

// keyId="SN=<serial hex>,CA=<issuer DN>" (spec §5.2, BG IG §12). Serial and DN
// spelling differs between tools (case, leading zeros, DN order, %20), so both are
// normalised before comparing; see domain-facts §2.3 and §8.

/** Uppercase hex without leading zeros; accepts "0x", colons and spaces. Undefined when not hex. */
export function normaliseSerial(serial: string): string | undefined {
  const compact = serial.trim().replace(/^0x/i, "").replace(/[:\s]/g, "").toUpperCase();
  if (!/^[0-9A-F]+$/.test(compact)) return undefined;
  return compact.replace(/^0+(?=.)/, "");
}

export function formatKeyId(serialHex: string, issuer: string): string {
  return `SN=${normaliseSerial(serialHex) ?? serialHex},CA=${issuer}`;
}

export interface ParsedKeyId {
  readonly serialText: string;
  readonly serial: string;
  readonly issuerText: string;
  readonly issuer: DistinguishedName;
}

export type KeyIdParseResult = { readonly ok: true; readonly keyId: ParsedKeyId } | { readonly ok: false; readonly message: string };

/** A TPP sends the same keyId with every request: each is parsed once (a few at a time). */
const parsedKeyIds = new Map<string, KeyIdParseResult>();
const MAX_PARSED_KEY_IDS = 64;

export function parseKeyId(keyId: string): KeyIdParseResult {
  const known = parsedKeyIds.get(keyId);
  if (known) return known;
  const parsed = parseKeyIdText(keyId);
  if (parsedKeyIds.size >= MAX_PARSED_KEY_IDS) parsedKeyIds.clear();
  parsedKeyIds.set(keyId, parsed);
  return parsed;
}

function parseKeyIdText(keyId: string): KeyIdParseResult {
  const match = /^\s*SN\s*=\s*([^,]*?)\s*,\s*CA\s*=\s*(.*?)\s*$/i.exec(keyId);
  if (!match) return { ok: false, message: `keyId "${keyId}" is not of the form SN=<serial hex>,CA=<issuer DN>` };
  const [, serialText = "", issuerText = ""] = match;
  const serial = normaliseSerial(serialText);
  if (serial === undefined) return { ok: false, message: `keyId serial "${serialText}" is not hexadecimal` };
  const issuer = parseDistinguishedName(issuerText, { percentDecoding: true });
  if (!issuer.ok) return { ok: false, message: `keyId CA "${issuerText}" is not a distinguished name: ${issuer.message}` };
  return { ok: true, keyId: { serialText, serial, issuerText, issuer: issuer.dn } };
}

export type KeyIdComparison =
  { readonly ok: true } | { readonly ok: false; readonly reason: "keyid-serial-mismatch" | "keyid-issuer-mismatch"; readonly text: string };

/** Compares a parsed keyId with the certificate's serial (normalised hex) and issuer. */
export function compareKeyId(
  keyId: ParsedKeyId,
  certificate: { readonly serialNumber: string; readonly issuer: string; readonly issuerDn: DistinguishedName },
): KeyIdComparison {
  if (keyId.serial !== certificate.serialNumber) {
    return {
      ok: false,
      reason: "keyid-serial-mismatch",
      text: `keyId serial ${keyId.serialText} does not match the certificate serial ${certificate.serialNumber}.${serialHint(keyId.serialText, certificate.serialNumber)}`,
    };
  }
  if (!sameDistinguishedName(keyId.issuer, certificate.issuerDn)) {
    return {
      ok: false,
      reason: "keyid-issuer-mismatch",
      text:
        `keyId CA ${formatDistinguishedName(keyId.issuer)} does not match the certificate issuer ${certificate.issuer} ` +
        "(compared attribute by attribute, ignoring case, spacing and RDN order).",
    };
  }
  return { ok: true };
}

/**
 * Two spellings seen in the wild that are not hex of the serial: decimal (Tink's radix-10 variant) and
 * byte-reversed hex (.NET GetSerialNumber). Naming them saves a TPP an afternoon.
 */
export function serialSpelling(given: string, actual: string): "decimal" | "reversed" | undefined {
  const digits = given.trim();
  if (/^\d+$/.test(digits) && BigInt(`0x${actual}`).toString(10) === digits.replace(/^0+(?=.)/, "")) return "decimal";
  const hex = normaliseSerial(given);
  if (hex) {
    const padded = (h: string) => (h.length % 2 ? `0${h}` : h);
    const reversed = padded(hex)
      .match(/../g)
      ?.reverse()
      .join("")
      .replace(/^0+(?=.)/, "");
    if (reversed === actual) return "reversed";
  }
  return undefined;
}

const serialHints = {
  decimal: " It is the serial in decimal; keyId wants hexadecimal.",
  reversed: " It is the serial with its bytes in reverse order (little-endian); send them most significant first.",
};

function serialHint(given: string, actual: string): string {
  const spelling = serialSpelling(given, actual);
  return spelling ? serialHints[spelling] : "";
}

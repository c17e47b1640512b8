import { utf8Bytes, utf8Text } from "./bytes";
import { attributeTypeName, attributeTypeOid } from "./dn-attribute-types";

// Distinguished names as data, so that the keyId's CA can be compared with the
// certificate's issuer structurally: type by OID, value ignoring case and spacing,
// and RDN order either way round (RFC 4514 prints most specific first, ASN.1 and
// OpenSSL's default print the reverse). See domain-facts §2.3.

export interface DnAttribute {
  /** Dotted OID of the attribute type. */
  readonly type: string;
  /** The value as text, or "#<hex>" for a value that is not a string (RFC 4514 §2.4). */
  readonly value: string;
}
/** A relative distinguished name; usually one attribute, several when joined by "+". */
export type Rdn = readonly DnAttribute[];
export type DistinguishedName = readonly Rdn[];

export type DnParseResult = { readonly ok: true; readonly dn: DistinguishedName } | { readonly ok: false; readonly message: string };

/**
 * Parses an RFC 4514 / RFC 2253 / RFC 1779 string, keeping the order as written.
 * Accepts "," or ";" between RDNs with optional spaces, quoted values, backslash and
 * hex escapes, and (with percentDecoding) %20-style escapes as in the Berlin Group example.
 */
export function parseDistinguishedName(input: string, options: { percentDecoding?: boolean } = {}): DnParseResult {
  let text = input.trim();
  // A CA string percent-encoded as a whole (CN%3DTest%2CO%3DBank) has no bare "=".
  if (options.percentDecoding && !text.includes("=") && /%3d/i.test(text)) text = percentDecode(text);
  if (text === "") return { ok: false, message: "the distinguished name is empty" };
  const rdns: DnAttribute[][] = [[]];
  let i = 0;
  while (i < text.length) {
    while (text[i] === " ") i++;
    const eq = text.indexOf("=", i);
    if (eq < 0) return { ok: false, message: `"${text.slice(i)}" has no "=" (expected TYPE=value)` };
    const typeText = text.slice(i, eq).trim();
    const type = attributeTypeOid(typeText);
    if (!type) return { ok: false, message: `unknown attribute type "${typeText}"` };
    const parsed = readValue(text, eq + 1);
    if (!parsed.ok) return parsed;
    const value = options.percentDecoding && !parsed.value.startsWith("#") ? percentDecode(parsed.value) : parsed.value;
    rdns[rdns.length - 1]?.push({ type, value });
    i = parsed.end;
    if (i >= text.length) break;
    const sep = text[i];
    i++;
    if (sep === "+") continue;
    rdns.push([]);
    if (i >= text.length) return { ok: false, message: "the distinguished name ends with a separator" };
  }
  return { ok: true, dn: rdns };
}

type ValueResult = { ok: true; value: string; end: number } | { ok: false; message: string };

function readValue(text: string, start: number): ValueResult {
  let i = start;
  while (text[i] === " ") i++;
  if (text[i] === "#") {
    const match = /^#([0-9A-Fa-f]*)/.exec(text.slice(i));
    const hex = match?.[1] ?? "";
    return finishValue(text, i + 1 + hex.length, `#${hex.toLowerCase()}`);
  }
  if (text[i] === '"') {
    const close = findClosingQuote(text, i + 1);
    if (close < 0) return { ok: false, message: "a quoted value has no closing quote" };
    const value = unescape(text.slice(i + 1, close));
    return value === undefined ? { ok: false, message: "a quoted value has a broken escape" } : finishValue(text, close + 1, value);
  }
  let raw = "";
  while (i < text.length && !/[,;+]/.test(text[i] ?? "")) {
    if (text[i] === "\\") {
      // Keep escapes as written; unescape() resolves them once the value is complete.
      const width = /^\\[0-9A-Fa-f]{2}/.test(text.slice(i)) ? 3 : 2;
      raw += text.slice(i, i + width);
      i += width;
    } else raw += text.charAt(i++);
  }
  // Unescaped trailing spaces are not part of the value (RFC 4514 §3 escapes significant ones).
  const value = unescape(raw.replace(/(?<!\\) +$/, ""));
  return value === undefined ? { ok: false, message: `the value "${raw}" has a broken escape` } : { ok: true, value, end: i };
}

function finishValue(text: string, end: number, value: string): ValueResult {
  let i = end;
  while (text[i] === " ") i++;
  if (i < text.length && !/[,;+]/.test(text[i] ?? "")) return { ok: false, message: `unexpected "${text[i]}" after a value` };
  return { ok: true, value, end: i };
}

function findClosingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/** Resolves "\," style and "\C3\86" hex escapes; hex escapes are UTF-8 bytes. */
function unescape(text: string): string | undefined {
  const raw = Array.from(text); // code points, so astral characters are not split into surrogates
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i] ?? "";
    if (ch !== "\\") {
      bytes.push(...utf8Bytes(ch));
      continue;
    }
    const hex = raw.slice(i + 1, i + 3).join("");
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (i + 1 < raw.length) {
      bytes.push(...utf8Bytes(raw[++i] ?? ""));
    } else return undefined;
  }
  try {
    return utf8Text(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}

/** Decodes %XX runs as UTF-8; text that does not decode stays as it was. */
export function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return utf8Text(Uint8Array.from(run.slice(1).split("%"), (h) => parseInt(h, 16)));
    } catch {
      return run;
    }
  });
}

function escapeValue(value: string): string {
  if (value.startsWith("#") && /^#[0-9a-f]*$/i.test(value)) return value;
  return value
    .replace(/[\\,+"<>;]/g, (c) => `\\${c}`)
    .replace(/\0/g, "\\00")
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, "\\ ");
}

/** RFC 4514 string of the RDNs in the order given, e.g. "CN=Test CA,O=Bank,C=NO". */
export function formatDistinguishedName(dn: DistinguishedName): string {
  return dn.map((rdn) => rdn.map((a) => `${attributeTypeName(a.type)}=${escapeValue(a.value)}`).join("+")).join(",");
}

function normaliseValue(value: string): string {
  return value.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

function rdnKey(rdn: Rdn): string {
  return rdn
    .map((a) => `${a.type}=${normaliseValue(a.value)}`)
    .sort()
    .join("+");
}

// A server compares the same parsed keyId issuer with the same parsed certificate on every request
// (both parses are cached): their normalised keys are worked out once per parsed name.
const keysOfName = new WeakMap<DistinguishedName, readonly string[]>();
function keysOf(dn: DistinguishedName): readonly string[] {
  let keys = keysOfName.get(dn);
  if (keys === undefined) {
    keys = dn.map(rdnKey);
    keysOfName.set(dn, keys);
  }
  return keys;
}

/** Equal when the RDNs match one for one, read in the same order or in reverse. */
export function sameDistinguishedName(a: DistinguishedName, b: DistinguishedName): boolean {
  if (a.length !== b.length) return false;
  const keysA = keysOf(a);
  const keysB = keysOf(b);
  const forward = keysA.every((k, i) => k === keysB[i]);
  return forward || keysA.every((k, i) => k === keysB[keysB.length - 1 - i]);
}

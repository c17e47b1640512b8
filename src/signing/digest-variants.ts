/**
 * Why a Digest does not match the body (RFC 3230 §4.3.2, spec 5.7): the bodies a TPP may have hashed
 * instead of the bytes it sent (the same JSON laid out or ordered otherwise, non-ASCII escaped, a line
 * end added, nothing at all, another character encoding) and the ways it may have written the hash
 * (hex, base64 of hex, base64url, the other algorithm's). The signature doctor tries each against the
 * Digest received; the one that matches names the mistake. Bounded: bodies over MAX_DIAGNOSED_BODY
 * bytes are not re-serialised (a few dozen hashes of the body each).
 */
import { isAscii, toBase64, utf8Bytes, utf8Text } from "./bytes";
import type { DigestAlgorithm } from "./types";

export type DigestMistake =
  | { readonly kind: "reformatted-json"; readonly layout: string }
  | { readonly kind: "reordered-json" }
  | { readonly kind: "escaped-json" }
  | { readonly kind: "trailing-newline"; readonly added: boolean }
  | { readonly kind: "empty-body" }
  | { readonly kind: "encoding"; readonly encoding: string }
  | { readonly kind: "charset"; readonly charset: string }
  | { readonly kind: "algorithm-label"; readonly hashed: DigestAlgorithm };

export interface DigestExplanation {
  readonly mistakes: readonly DigestMistake[];
  /** What was hashed, when it was a body other than the one sent: its first bytes, for the text. */
  readonly hashedBody?: string;
}

/** Larger bodies are compared as sent only: re-serialising and hashing them a few dozen times is not spent on a refusal. */
export const MAX_DIAGNOSED_BODY = 64 * 1024;
/**
 * The longest re-serialisation made: pretty-printing grows a body with its nesting (a 10 KB array nested 2,000 deep
 * is 16 MB with 4-space indents), so a layout that outgrows this is given up, and so are the layouts after it.
 */
export const MAX_SERIALISED = 4 * MAX_DIAGNOSED_BODY;

class TooLarge extends Error {}

interface Layout {
  readonly name: string;
  readonly indent: string;
  readonly itemSeparator: string;
  readonly keySeparator: string;
}

const LAYOUTS: readonly Layout[] = [
  { name: "compact, without spaces", indent: "", itemSeparator: ",", keySeparator: ":" },
  { name: "with a space after each , and : (Python's json.dumps)", indent: "", itemSeparator: ", ", keySeparator: ": " },
  { name: "pretty-printed with 2 spaces", indent: "  ", itemSeparator: ",", keySeparator: ": " },
  { name: "pretty-printed with 4 spaces", indent: "    ", itemSeparator: ",", keySeparator: ": " },
];

/** \u escapes for everything outside ASCII, as Python's json.dumps writes by default (ensure_ascii). */
const escapeNonAscii = (text: string) => text.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** JSON in a layout, keys in their order or sorted; throws past MAX_SERIALISED or on input nested past the stack (caught by the caller). */
function serialise(value: unknown, layout: Layout, sortKeys: boolean, depth = 0): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const newline = layout.indent === "" ? "" : `\n${layout.indent.repeat(depth + 1)}`;
  const close = layout.indent === "" ? "" : `\n${layout.indent.repeat(depth)}`;
  const items = Array.isArray(value)
    ? value.map((item) => serialise(item, layout, sortKeys, depth + 1))
    : (sortKeys ? Object.keys(value).sort() : Object.keys(value)).map(
        (key) => `${JSON.stringify(key)}${layout.keySeparator}${serialise((value as Record<string, unknown>)[key], layout, sortKeys, depth + 1)}`,
      );
  const [open, end] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  if (items.length === 0) return open + end;
  const text = `${open}${newline}${items.join(layout.itemSeparator + newline)}${close}${end}`;
  if (text.length > MAX_SERIALISED) throw new TooLarge();
  return text;
}

interface Candidate {
  readonly mistakes: readonly DigestMistake[];
  readonly body: Uint8Array<ArrayBuffer>;
}

function jsonCandidates(text: string): Candidate[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (parsed === null || typeof parsed !== "object") return [];
  const candidates: Candidate[] = [];
  const nonAscii = !isAscii(text);
  try {
    for (const layout of LAYOUTS) {
      const unsorted = serialise(parsed, layout, false);
      const sorted = serialise(parsed, layout, true);
      for (const serialised of sorted === unsorted ? [unsorted] : [unsorted, sorted]) {
        for (const escaped of nonAscii ? [false, true] : [false]) {
          const json = escaped ? escapeNonAscii(serialised) : serialised;
          for (const newline of [false, true]) {
            const mistakes: DigestMistake[] = [];
            if (unsorted !== text) mistakes.push({ kind: "reformatted-json", layout: layout.name });
            if (serialised !== unsorted) mistakes.push({ kind: "reordered-json" });
            if (escaped) mistakes.push({ kind: "escaped-json" });
            if (newline) mistakes.push({ kind: "trailing-newline", added: true });
            if (mistakes.length > 0) candidates.push({ mistakes, body: utf8Bytes(newline ? `${json}\n` : json) });
          }
        }
      }
    }
  } catch {
    // Past MAX_SERIALISED, or nested deeper than the stack: only the layouts made so far are tried (the larger come last).
  }
  return candidates;
}

function latin1(text: string): Uint8Array<ArrayBuffer> | undefined {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return undefined;
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function utf16le(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[i * 2] = code & 0xff;
    bytes[i * 2 + 1] = code >> 8;
  }
  return bytes;
}

/** Bodies other than the one sent, each with the mistakes that would make it (exported for the test of its bound). */
export function bodyCandidates(body: Uint8Array<ArrayBuffer>): Candidate[] {
  const candidates: Candidate[] = [{ mistakes: [{ kind: "empty-body" }], body: new Uint8Array(0) }];
  if (body.length === 0 || body.length > MAX_DIAGNOSED_BODY) return candidates;
  let text: string;
  try {
    text = utf8Text(body);
  } catch {
    return candidates;
  }
  candidates.push({ mistakes: [{ kind: "trailing-newline", added: true }], body: utf8Bytes(`${text}\n`) });
  candidates.push({ mistakes: [{ kind: "trailing-newline", added: true }], body: utf8Bytes(`${text}\r\n`) });
  if (/\r?\n$/.test(text)) candidates.push({ mistakes: [{ kind: "trailing-newline", added: false }], body: utf8Bytes(text.replace(/\r?\n$/, "")) });
  if (!isAscii(text)) {
    const single = latin1(text);
    if (single) candidates.push({ mistakes: [{ kind: "charset", charset: "ISO-8859-1 (Latin-1)" }], body: single });
    candidates.push({ mistakes: [{ kind: "charset", charset: "UTF-16LE" }], body: utf16le(text) });
  }
  return [...candidates, ...jsonCandidates(text)];
}

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The hash of the body as sent, written otherwise than base64: each spelling that could be the value received. */
function encodings(hash: Uint8Array): [string, string][] {
  const base64 = toBase64(hash);
  const hex = hexOf(hash);
  return [
    ["hex (lower case)", hex],
    ["hex (upper case)", hex.toUpperCase()],
    ["base64 of the hex text", toBase64(utf8Bytes(hex))],
    ["base64 of the upper-case hex text", toBase64(utf8Bytes(hex.toUpperCase()))],
    ["base64url (RFC 4648 §5)", base64.replace(/\+/g, "-").replace(/\//g, "_")],
    ["base64url without padding", base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")],
    ["base64 without padding", base64.replace(/=+$/, "")],
  ];
}

const digestOf = async (algorithm: DigestAlgorithm, bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await globalThis.crypto.subtle.digest(algorithm, bytes));

const preview = (bytes: Uint8Array) => {
  const text = new TextDecoder().decode(bytes.subarray(0, 120));
  return bytes.length > 120 ? `${text}…` : text;
};

/**
 * What the TPP hashed, for a Digest entry `algorithm=value` that does not match `body`: undefined when
 * none of the known mistakes explains it.
 */
export async function explainDigest(algorithm: DigestAlgorithm, value: string, body: Uint8Array<ArrayBuffer>): Promise<DigestExplanation | undefined> {
  const hash = await digestOf(algorithm, body);
  const encoded = encodings(hash).find(([, spelled]) => spelled === value);
  if (encoded) return { mistakes: [{ kind: "encoding", encoding: encoded[0] }] };
  const other: DigestAlgorithm = algorithm === "SHA-256" ? "SHA-512" : "SHA-256";
  if (toBase64(await digestOf(other, body)) === value) return { mistakes: [{ kind: "algorithm-label", hashed: other }] };
  for (const candidate of bodyCandidates(body)) {
    if (toBase64(await digestOf(algorithm, candidate.body)) === value) {
      return { mistakes: candidate.mistakes, hashedBody: preview(candidate.body) };
    }
  }
  return undefined;
}

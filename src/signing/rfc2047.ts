import { fromBase64, isAscii, toBase64, utf8Bytes, utf8Text } from "./bytes";

// RFC 2047 encoded-words for the Signature header (spec §5.6): a header value with
// non-ASCII content travels as =?utf-8?B?<base64 of the UTF-8 value>?=.
// The spec asks for one wrapper around the whole value, so we emit a single
// encoded-word even past RFC 2047's 75-character limit; the decoder accepts both
// that and a run of several words separated by whitespace (RFC 2047 §6.2).

export function encodeWordIfNeeded(value: string): string {
  return isAscii(value) ? value : encodeWord(value);
}

export function encodeWord(value: string): string {
  return `=?utf-8?B?${toBase64(utf8Bytes(value))}?=`;
}

const WORD = /^=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=$/;

export function looksEncoded(value: string): boolean {
  return value.trim().startsWith("=?");
}

export type DecodeResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/** Decodes a value made only of encoded-words; any other value comes back unchanged. */
export function decodeEncodedWords(value: string): DecodeResult {
  if (!looksEncoded(value)) return { ok: true, text: value };
  let text = "";
  for (const word of value.trim().split(/\s+/)) {
    const match = WORD.exec(word);
    if (!match) return { ok: false, message: `"${shorten(word)}" is not an RFC 2047 encoded-word (=?charset?B|Q?text?=)` };
    const [, charsetRaw = "", encoding = "", payload = ""] = match;
    const charset = charsetRaw.split("*")[0]?.toLowerCase() ?? "";
    const bytes = encoding.toUpperCase() === "B" ? fromBase64(payload) : decodeQ(payload);
    if (!bytes) return { ok: false, message: `the ${encoding.toUpperCase()}-encoded text of the encoded-word is not valid` };
    const decoded = decodeCharset(charset, bytes);
    if (decoded === undefined) return { ok: false, message: `charset "${charsetRaw}" is not supported or the bytes are not valid ${charsetRaw}` };
    text += decoded;
  }
  return { ok: true, text };
}

/**
 * A header sent as raw UTF-8 but read as Latin-1 (what Node's http module does) turns "Æ"
 * into "Ã\u0086". When the value's code points, taken as bytes, are valid UTF-8, use that.
 * Genuine Latin-1 text almost never forms valid UTF-8, so it is left alone.
 */
export function repairMisreadUtf8(value: string): string {
  if (isAscii(value)) return value;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) > 0xff) return value;
  try {
    return utf8Text(Uint8Array.from(value, (c) => c.charCodeAt(0)));
  } catch {
    return value;
  }
}

function decodeQ(payload: string): Uint8Array | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < payload.length; i++) {
    const ch = payload[i] ?? "";
    if (ch === "_") bytes.push(0x20);
    else if (ch === "=") {
      const hex = payload.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      const code = ch.charCodeAt(0);
      if (code < 0x21 || code > 0x7e) return undefined;
      bytes.push(code);
    }
  }
  return Uint8Array.from(bytes);
}

function decodeCharset(charset: string, bytes: Uint8Array): string | undefined {
  if (charset === "utf-8" || charset === "utf8") {
    try {
      return utf8Text(bytes);
    } catch {
      return undefined;
    }
  }
  // ISO-8859-1 maps each byte to the code point of the same number; no TextDecoder needed.
  if (charset === "iso-8859-1" || charset === "latin1" || charset === "us-ascii") {
    if (charset === "us-ascii" && bytes.some((b) => b > 0x7f)) return undefined;
    return Array.from(bytes, (b) => String.fromCharCode(b)).join("");
  }
  return undefined;
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

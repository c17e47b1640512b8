import { decodeEncodedWords, encodeWordIfNeeded, looksEncoded, repairMisreadUtf8 } from "./rfc2047";

// The Signature header value: RFC 7235 auth-params as used by draft-cavage-10 §4.1,
// e.g. keyId="SN=1A,CA=CN=Test",algorithm="rsa-sha256",headers="digest x-request-id",signature="...".

export interface SignatureParams {
  readonly keyId: string;
  readonly algorithm?: string | undefined;
  /** Lowercased header names in signing order. */
  readonly headers: readonly string[];
  readonly signature: string;
}

export interface ParsedSignatureHeader extends SignatureParams {
  /** False when the headers parameter was absent and the draft default ("date") applies (§2.1.3). */
  readonly headersParamPresent: boolean;
  /** True when the value arrived wrapped in RFC 2047 encoded-words. */
  readonly wasEncoded: boolean;
  /** The headers parameter's names as written (the signature doctor names a list not in lower case). */
  readonly headersAsWritten: readonly string[];
}

export type ParseResult = { readonly ok: true; readonly value: ParsedSignatureHeader } | { readonly ok: false; readonly message: string };

const TCHAR = /[!#$%&'*+.^_`|~0-9A-Za-z-]/;

/**
 * Parses auth-params; unknown names are ignored (§2.2). A parameter given twice is refused (decision 0045):
 * whichever copy a reader took, another reader could take the other. Two Signature headers arrive joined
 * into one value (RFC 9110 §5.3), so they are caught here too.
 */
export function parseAuthParams(input: string): { ok: true; params: Map<string, string> } | { ok: false; message: string } {
  const params = new Map<string, string>();
  let i = 0;
  const skip = (chars: RegExp) => {
    while (i < input.length && chars.test(input[i] ?? "")) i++;
  };
  for (;;) {
    skip(/[ \t,]/);
    if (i >= input.length) break;
    const nameStart = i;
    while (i < input.length && TCHAR.test(input[i] ?? "")) i++;
    const name = input.slice(nameStart, i);
    if (name === "") return { ok: false, message: `unexpected character "${input[i]}" at position ${i}` };
    skip(/[ \t]/);
    if (input[i] !== "=") return { ok: false, message: `parameter "${name}" has no "=" after it` };
    i++;
    skip(/[ \t]/);
    let value = "";
    if (input[i] === '"') {
      i++;
      let closed = false;
      while (i < input.length) {
        const ch = input[i] ?? "";
        if (ch === "\\" && i + 1 < input.length) {
          value += input.charAt(i + 1);
          i += 2;
        } else if (ch === '"') {
          closed = true;
          i++;
          break;
        } else {
          value += ch;
          i++;
        }
      }
      if (!closed) return { ok: false, message: `the quoted value of "${name}" has no closing quote` };
    } else {
      // Unquoted values are tokens in RFC 7235; we also let base64 characters through.
      const valueStart = i;
      while (i < input.length && !/[ \t,]/.test(input[i] ?? "")) i++;
      value = input.slice(valueStart, i);
    }
    skip(/[ \t]/);
    if (i < input.length && input[i] !== ",") {
      return { ok: false, message: `expected "," after parameter "${name}" at position ${i}` };
    }
    const key = name.toLowerCase();
    if (params.has(key))
      return {
        ok: false,
        message: `the ${name} parameter is given twice (two Signature headers are read as one, joined by a comma); send one Signature header with each parameter once`,
      };
    params.set(key, value);
  }
  return { ok: true, params };
}

export function parseSignatureHeader(raw: string): ParseResult {
  const decoded = decodeEncodedWords(repairMisreadUtf8(raw));
  if (!decoded.ok) return { ok: false, message: `the RFC 2047 wrapper could not be decoded: ${decoded.message}` };
  const parsed = parseAuthParams(decoded.text);
  if (!parsed.ok) return parsed;
  const { params } = parsed;
  let keyId = params.get("keyid");
  const signature = params.get("signature");
  if (keyId === undefined || keyId === "") return { ok: false, message: "the keyId parameter is missing" };
  if (signature === undefined || signature === "") return { ok: false, message: "the signature parameter is missing" };
  // Some senders encode only the keyId (the part that holds the issuer DN).
  if (looksEncoded(keyId)) {
    const inner = decodeEncodedWords(keyId);
    if (!inner.ok) return { ok: false, message: `the keyId's RFC 2047 encoding could not be decoded: ${inner.message}` };
    keyId = inner.text;
  }
  const headersParam = params.get("headers");
  const headersAsWritten = headersParam === undefined ? ["date"] : headersParam.split(/[ \t]+/).filter((h) => h !== "");
  const headers = headersAsWritten.map((h) => h.toLowerCase());
  if (headers.length === 0) return { ok: false, message: "the headers parameter is empty" };
  return {
    ok: true,
    value: {
      keyId,
      algorithm: params.get("algorithm"),
      headers,
      signature,
      headersParamPresent: headersParam !== undefined,
      wasEncoded: looksEncoded(raw),
      headersAsWritten,
    },
  };
}

function quote(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Formats the header; a value with any non-ASCII character is wrapped whole in RFC 2047 (spec §5.6). */
export function formatSignatureHeader(params: SignatureParams): string {
  const parts = [`keyId=${quote(params.keyId)}`];
  if (params.algorithm !== undefined) parts.push(`algorithm=${quote(params.algorithm)}`);
  parts.push(`headers=${quote(params.headers.join(" "))}`, `signature=${quote(params.signature)}`);
  return encodeWordIfNeeded(parts.join(","));
}

// Byte helpers that work the same in browsers and Node 20 (no Buffer), so the
// signing code can run in the portal, the service-worker sandbox and a TPP back end.

const encoder = new TextEncoder();

export function utf8Bytes(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text);
}

/** Decodes UTF-8 strictly: a broken sequence is an error, never a silent U+FFFD. */
export function utf8Text(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** Copies into a fresh ArrayBuffer-backed array, which is what WebCrypto's BufferSource typing wants. */
export function ownBytes(bytes: Uint8Array | ArrayBuffer): Uint8Array<ArrayBuffer> {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const copy = new Uint8Array(view.byteLength);
  copy.set(view);
  return copy;
}

export function toBase64(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  // Chunked so that very large inputs do not overflow the argument list of fromCharCode.
  let binary = "";
  for (let i = 0; i < view.length; i += 0x8000) {
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Strict RFC 4648 §4 base64 (standard alphabet, padded), as the draft and the
 * Berlin Group require. Whitespace is dropped first because PEM bodies and
 * folded header values carry line breaks. Returns undefined instead of throwing.
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  const compact = text.replace(/\s+/g, "");
  if (!BASE64.test(compact)) return undefined;
  const binary = atob(compact);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** base64url without padding (RFC 4648 §5), as JWK writes key numbers; undefined when it is not. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  return fromBase64(standard.padEnd(Math.ceil(standard.length / 4) * 4, "="));
}

import { fromBase64, toBase64 } from "./bytes";

// PEM (RFC 7468) armour: certificates and keys arrive as pasted text, so this is lenient
// about line breaks and surrounding text but strict about the base64 inside.

export interface PemBlock {
  readonly label: string;
  readonly der: Uint8Array<ArrayBuffer>;
}

export type PemResult = { readonly ok: true; readonly blocks: readonly PemBlock[] } | { readonly ok: false; readonly message: string };

export function hasPemArmour(text: string): boolean {
  return /-----BEGIN [A-Z0-9 ]+-----/.test(text);
}

export function readPemBlocks(text: string): PemResult {
  const blocks: PemBlock[] = [];
  const re = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END ([A-Z0-9 ]+)-----/g;
  for (const match of text.matchAll(re)) {
    const [, label = "", body = "", endLabel = ""] = match;
    if (label !== endLabel) return { ok: false, message: `PEM block "BEGIN ${label}" ends with "END ${endLabel}"` };
    // RFC 1421 headers such as "Proc-Type: 4,ENCRYPTED" mean an encrypted legacy key.
    if (/^[A-Za-z-]+:/m.test(body)) return { ok: false, message: `PEM block "${label}" has headers (an encrypted key?)` };
    const der = fromBase64(body);
    if (!der || der.length === 0) return { ok: false, message: `the base64 inside the PEM block "${label}" is not valid` };
    blocks.push({ label, der });
  }
  if (blocks.length === 0) return { ok: false, message: "no complete -----BEGIN ...----- / -----END ...----- block found" };
  return { ok: true, blocks };
}

export function toPem(label: string, der: Uint8Array | ArrayBuffer): string {
  const lines = toBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

/** Reads a chosen file for a PEM field; a binary DER certificate becomes base64, which the importer reads too. */
const MAX_BYTES = 256 * 1024;

export async function readPemFile(file: File, kind: "certificate" | "key"): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > MAX_BYTES)
    return { ok: false, message: `${file.name} is ${String(Math.round(file.size / 1024))} kB: too large for a ${kind} PEM (at most 256 kB).` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.includes("-----BEGIN")) return { ok: true, text };
  if (kind === "certificate" && bytes[0] === 0x30) {
    // DER starts with a SEQUENCE tag; as base64 it is what a TPP-Signature-Certificate header carries.
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { ok: true, text: btoa(binary) };
  }
  return {
    ok: false,
    message: `${file.name} holds no PEM block (-----BEGIN …-----)${kind === "key" ? ": export the key as PKCS#8 PEM, e.g. openssl pkcs8 -topk8 -nocrypt -in key.pem" : ""}.`,
  };
}

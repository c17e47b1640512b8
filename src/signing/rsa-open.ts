/**
 * Opening an RSASSA-PKCS1-v1_5 signature with the public key, as a verifier does before it compares
 * (RFC 8017 §8.2.2 steps 2–3): s^e mod n is the encoded message EM = 00 01 FF…FF 00 DigestInfo
 * (§9.2). What comes out tells the signature doctor more than "does not verify": no such padding
 * means another key made it (or the value was damaged); a DigestInfo names the hash the signer used
 * and holds the hash itself, which the doctor compares with the signing strings it rebuilds.
 * WebCrypto has no raw RSA, so the arithmetic is BigInt's: about a millisecond for a 2048-bit key.
 */
import { fromBase64Url } from "./bytes";

export type OpenedHash = "SHA-1" | "SHA-256" | "SHA-384" | "SHA-512";

export type OpenedSignature =
  /** Not the modulus's length: no signature of this key at all. */
  | { readonly kind: "wrong-length"; readonly length: number; readonly keyBytes: number; readonly keyBits: number }
  /** No PKCS#1 v1.5 padding under this key: another key signed, the value was changed, or it is another scheme (em is EM). */
  | { readonly kind: "no-padding"; readonly em: Uint8Array<ArrayBuffer>; readonly keyBits: number }
  /** Padded as PKCS#1 v1.5 with a DigestInfo this code does not know. */
  | { readonly kind: "unknown-digest-info"; readonly digestInfoHex: string; readonly keyBits: number }
  | { readonly kind: "digest-info"; readonly hash: OpenedHash; readonly digest: Uint8Array<ArrayBuffer>; readonly keyBits: number }
  /** Not opened: a key too large, or an exponent too long, to spend the arithmetic on (a certificate can carry any). */
  | { readonly kind: "not-opened"; readonly why: string };

/** DigestInfo prefixes (RFC 8017 §9.2 note 1), with and without the NULL parameters (note 2 allows both). */
const DIGEST_INFO: readonly (readonly [OpenedHash, string])[] = [
  ["SHA-256", "3031300d060960864801650304020105000420"],
  ["SHA-512", "3051300d060960864801650304020305000440"],
  ["SHA-384", "3041300d060960864801650304020205000430"],
  ["SHA-1", "3021300906052b0e03021a05000414"],
  ["SHA-256", "302f300b06096086480165030402010420"],
  ["SHA-512", "304f300b06096086480165030402030440"],
  ["SHA-384", "303f300b06096086480165030402020430"],
  ["SHA-1", "301f300706052b0e03021a0414"],
];

/** The largest key and exponent worth opening: a 16384-bit key with e = 65537 still takes a few milliseconds. */
const MAX_KEY_BITS = 16_384;
const MAX_EXPONENT_BITS = 64;

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const bigIntOf = (bytes: Uint8Array) => (bytes.length === 0 ? BigInt(0) : BigInt(`0x${hex(bytes)}`));

function bytesOf(value: bigint, length: number): Uint8Array<ArrayBuffer> {
  const digits = value.toString(16).padStart(length * 2, "0");
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  const zero = BigInt(0);
  const one = BigInt(1);
  let result = one;
  let square = base % modulus;
  for (let rest = exponent; rest > zero; rest >>= one) {
    if ((rest & one) === one) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

/** The modulus and exponent of an RSA SubjectPublicKeyInfo, through WebCrypto's JWK export (no ASN.1 here). */
export async function rsaPublicNumbers(spki: ArrayBuffer): Promise<{ n: Uint8Array; e: Uint8Array } | undefined> {
  try {
    const key = await globalThis.crypto.subtle.importKey("spki", spki, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, true, ["verify"]);
    const jwk = await globalThis.crypto.subtle.exportKey("jwk", key);
    const n = fromBase64Url(jwk.n ?? "");
    const e = fromBase64Url(jwk.e ?? "");
    return n && e ? { n, e } : undefined;
  } catch {
    return undefined;
  }
}

export function openSignature(key: { n: Uint8Array; e: Uint8Array }, signature: Uint8Array): OpenedSignature {
  let first = 0;
  while (first < key.n.length - 1 && key.n[first] === 0) first++;
  const modulus = key.n.subarray(first);
  const keyBits = modulus.length * 8 - (Math.clz32(modulus[0] ?? 0) - 24);
  if (keyBits > MAX_KEY_BITS) return { kind: "not-opened", why: `the key has ${keyBits} bits` };
  const exponent = bigIntOf(key.e);
  if (exponent.toString(2).length > MAX_EXPONENT_BITS) return { kind: "not-opened", why: "the key's public exponent is longer than 64 bits" };
  const keyBytes = modulus.length;
  if (signature.length !== keyBytes) return { kind: "wrong-length", length: signature.length, keyBytes, keyBits };
  const n = bigIntOf(modulus);
  const s = bigIntOf(signature);
  // s ≥ n is no signature of this key (RFC 8017 §5.2.2 step 1); no padding, as far as the doctor is concerned.
  const em = s >= n ? signature.slice() : bytesOf(modPow(s, exponent, n), keyBytes);
  return readPadding(em, keyBits);
}

function readPadding(em: Uint8Array<ArrayBuffer>, keyBits: number): OpenedSignature {
  if (em[0] !== 0x00 || em[1] !== 0x01) return { kind: "no-padding", em, keyBits };
  let index = 2;
  while (index < em.length && em[index] === 0xff) index++;
  // At least eight 0xFF octets, then a zero (§9.2 step 5).
  if (index - 2 < 8 || em[index] !== 0x00) return { kind: "no-padding", em, keyBits };
  const digestInfo = em.subarray(index + 1);
  const text = hex(digestInfo);
  for (const [hash, prefix] of DIGEST_INFO) {
    if (text.startsWith(prefix) && text.length === prefix.length + 2 * (digestInfo[prefix.length / 2 - 1] ?? 0))
      return { kind: "digest-info", hash, digest: digestInfo.slice(prefix.length / 2), keyBits };
  }
  return { kind: "unknown-digest-info", digestInfoHex: text, keyBits };
}

/**
 * An RSA key has one DER SubjectPublicKeyInfo (RFC 3279 §2.3.1: rsaEncryption, NULL parameters, the
 * modulus and exponent as minimal INTEGERs). The verifier takes only that one, so the SHA-256 of a
 * certificate's SubjectPublicKeyInfo names its key and nothing else: no other spelling of the same key
 * can pass for another signer (decision 0045).
 */
import { fromBER, Integer, Sequence } from "asn1js";
import { derProblem } from "./der";

export const RSA_ENCRYPTION = "1.2.840.113549.1.1.1";

/** SEQUENCE { OID 1.2.840.113549.1.1.1, NULL }: the AlgorithmIdentifier of every RSA SubjectPublicKeyInfo. */
const RSA_ALGORITHM = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];

function tlv(tag: number, content: readonly number[]): number[] {
  const length = content.length;
  if (length < 0x80) return [tag, length, ...content];
  const octets: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return [tag, 0x80 | octets.length, ...octets, ...content];
}

/** A positive INTEGER's content octets: no needless leading zero, one where the top bit is set. */
function positiveInteger(bytes: Uint8Array): number[] {
  let first = 0;
  while (first < bytes.length - 1 && bytes[first] === 0) first++;
  const digits = Array.from(bytes.subarray(first));
  return (digits[0] ?? 0) & 0x80 ? [0, ...digits] : digits;
}

export interface RsaPublicKey {
  /** The modulus's size in bits: the key's strength. */
  readonly bits: number;
  /** The key's one DER SubjectPublicKeyInfo. */
  readonly spki: Uint8Array<ArrayBuffer>;
}

/** The key in a SubjectPublicKeyInfo's BIT STRING (RSAPublicKey ::= SEQUENCE { modulus, publicExponent }), or why it is none. */
export function readRsaPublicKey(subjectPublicKey: ArrayBuffer): { ok: true; key: RsaPublicKey } | { ok: false; problem: string } {
  const bytes = new Uint8Array(subjectPublicKey);
  const malformed = derProblem(bytes);
  const parsed = malformed ? undefined : fromBER(bytes).result;
  const [modulus, exponent, ...more] = parsed instanceof Sequence ? parsed.valueBlock.value : [];
  if (!(modulus instanceof Integer) || !(exponent instanceof Integer) || more.length > 0)
    return { ok: false, problem: "its RSA public key is not a DER RSAPublicKey (a SEQUENCE of the modulus and the exponent, RFC 8017 A.1.1)" };
  const n = modulus.valueBlock.valueHexView;
  const e = exponent.valueBlock.valueHexView;
  if (((n[0] ?? 0x80) & 0x80) !== 0 || ((e[0] ?? 0x80) & 0x80) !== 0) return { ok: false, problem: "its RSA public key has a negative modulus or exponent" };
  const top = positiveInteger(n);
  const significant = top[0] === 0 ? top.slice(1) : top;
  const bits = significant.length === 0 ? 0 : significant.length * 8 - (Math.clz32(significant[0] ?? 0) - 24);
  const key = tlv(0x30, [...tlv(0x02, top), ...tlv(0x02, positiveInteger(e))]);
  return { ok: true, key: { bits, spki: Uint8Array.from(tlv(0x30, [...RSA_ALGORITHM, ...tlv(0x03, [0, ...key])])) } };
}

/**
 * What someone holding a captured request can do to its TPP-Signature-Certificate without the TPP's
 * private key: the request's signature covers none of it, and the sandbox checks no certificate's own
 * signature (a self-signed one is fine), so every variant below still carries the signer's key.
 */
import { AsnConvert } from "@peculiar/asn1-schema";
import { Certificate, type TBSCertificate } from "@peculiar/asn1-x509";
import { fromBase64, toBase64 } from "../bytes";

const der = (base64Der: string): Uint8Array => {
  const bytes = fromBase64(base64Der);
  if (!bytes) throw new Error("not base64");
  return bytes;
};

/** The same DER with bytes before and after it. */
export const withBytesAround = (base64Der: string, before: readonly number[], after: readonly number[]): string =>
  toBase64(Uint8Array.of(...before, ...der(base64Der), ...after));

/** The same certificate with its outer length in a needless longer form (BER, not DER): `30 82 LL LL` as `30 83 00 LL LL`. */
export function longFormOuterLength(base64Der: string): string {
  const bytes = der(base64Der);
  if (bytes[0] !== 0x30 || bytes[1] !== 0x82) throw new Error("expected a certificate of 256 to 65535 bytes");
  return toBase64(Uint8Array.of(0x30, 0x83, 0x00, ...bytes.subarray(2)));
}

/** A certificate over the same key with other contents, still DER: the issuer's signature kept as it was (now wrong), or one bit of it flipped. */
export function reissued(base64Der: string, change: (tbs: TBSCertificate, certificate: Certificate) => void): string {
  const certificate = AsnConvert.parse(der(base64Der), Certificate);
  change(certificate.tbsCertificate, certificate);
  return toBase64(AsnConvert.serialize(certificate));
}

/** One bit of the issuer's signature flipped: canonical DER, the same key, serial and issuer (so the same keyId). */
export const flippedSignatureBit = (base64Der: string): string =>
  reissued(base64Der, (_tbs, certificate) => {
    const signature = new Uint8Array(certificate.signatureValue.slice(0));
    signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 1;
    certificate.signatureValue = signature.buffer;
  });

/** The same DER as other base64 text: the bits after the last byte set (RFC 4648 §3.5 lets decoders ignore them); undefined when there are none. */
export function otherPaddingBits(base64Der: string): string | undefined {
  const padding = base64Der.endsWith("==") ? 2 : base64Der.endsWith("=") ? 1 : 0;
  if (padding === 0) return undefined;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const index = base64Der.length - padding - 1;
  const value = alphabet.indexOf(base64Der.charAt(index)) | (padding === 2 ? 0b1111 : 0b11);
  return `${base64Der.slice(0, index)}${alphabet.charAt(value)}${base64Der.slice(index + 1)}`;
}

/**
 * X.509 certificates read and made with @peculiar/asn1-x509, the ASN.1 schemas alone (docs/signing.md
 * says why not the larger @peculiar/x509 built on them).
 * Signing uses the platform's WebCrypto, in the browser and Node alike.
 */
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  Extension,
  Extensions,
  id_ce_basicConstraints,
  id_ce_keyUsage,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from "@peculiar/asn1-x509";
import { fromBER, ObjectIdentifier } from "asn1js";
import type { DistinguishedName, Rdn } from "./distinguished-name";
import { readRsaPublicKey, RSA_ENCRYPTION } from "./rsa-public-key";

const EC_PUBLIC_KEY = "1.2.840.10045.2.1";
const SIGNATURE_OID = { "SHA-256": "1.2.840.113549.1.1.11", "SHA-512": "1.2.840.113549.1.1.13" } as const;
const CURVES: Record<string, string> = { "1.2.840.10045.3.1.7": "P-256", "1.3.132.0.34": "P-384", "1.3.132.0.35": "P-521" };
const COUNTRY = "2.5.4.6";

export interface DecodedCertificate {
  /** Hex of the DER INTEGER's content octets (may carry a leading 00). */
  serialHex: string;
  /** Most specific RDN first (RFC 4514 order). */
  issuer: DistinguishedName;
  subject: DistinguishedName;
  notBefore: Date;
  notAfter: Date;
  /** SubjectPublicKeyInfo DER, for crypto.subtle.importKey("spki", …); an RSA key's is its one DER form (rsa-public-key.ts). */
  spki: ArrayBuffer;
  /** e.g. "RSA 2048", "ECDSA P-256". */
  publicKeyAlgorithm: string;
  /** The OID of the algorithm the issuer signed the certificate with (sha256WithRSAEncryption, …). */
  signatureAlgorithm: string;
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

const fromHex = (text: string) => new Uint8Array((text.length % 2 ? `0${text}` : text).match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);

/** Name as data: RDNs reversed from ASN.1 order; non-string values as RFC 4514 "#<hex>". */
function toDn(name: Name): DistinguishedName {
  return name
    .map((rdn): Rdn =>
      rdn.map((attribute) => ({ type: attribute.type, value: attribute.value.anyValue ? `#${hex(attribute.value.anyValue)}` : attribute.value.toString() })),
    )
    .reverse();
}

/** A certificate that parses but that the verifier refuses, with a sentence saying why. */
export class CertificateFormError extends Error {
  override readonly name = "CertificateFormError";
}

/** The key's description ("RSA 2048", "ECDSA P-256") and SubjectPublicKeyInfo; throws CertificateFormError for an RSA key not in its DER form. */
function readKey(spki: SubjectPublicKeyInfo): { publicKeyAlgorithm: string; spki: ArrayBuffer } {
  const oid = spki.algorithm.algorithm;
  const encoded = AsnConvert.serialize(spki);
  if (oid === RSA_ENCRYPTION) {
    const rsa = readRsaPublicKey(spki.subjectPublicKey);
    if (!rsa.ok) throw new CertificateFormError(rsa.problem);
    const canonical = rsa.key.spki;
    const same = encoded.byteLength === canonical.length && new Uint8Array(encoded).every((byte, i) => byte === canonical[i]);
    if (!same) throw new CertificateFormError("its RSA public key is not in the DER form of RFC 3279 §2.3.1 (rsaEncryption with NULL parameters)");
    return { publicKeyAlgorithm: `RSA ${String(rsa.key.bits)}`, spki: canonical.buffer };
  }
  if (oid === EC_PUBLIC_KEY && spki.algorithm.parameters) {
    const parsed = fromBER(spki.algorithm.parameters).result;
    const curve = parsed instanceof ObjectIdentifier ? parsed.valueBlock.toString() : "";
    return { publicKeyAlgorithm: `ECDSA ${CURVES[curve] ?? curve}`, spki: encoded };
  }
  return { publicKeyAlgorithm: oid, spki: encoded };
}

/** Throws on anything that is not an X.509 certificate (CertificateFormError for one whose RSA key is not in DER); the caller checks DER first (der.ts). */
export function decodeCertificate(der: Uint8Array): DecodedCertificate {
  const certificate = AsnConvert.parse(der, Certificate);
  const tbs = certificate.tbsCertificate;
  return {
    ...readKey(tbs.subjectPublicKeyInfo),
    serialHex: hex(tbs.serialNumber),
    issuer: toDn(tbs.issuer),
    subject: toDn(tbs.subject),
    notBefore: tbs.validity.notBefore.getTime(),
    notAfter: tbs.validity.notAfter.getTime(),
    signatureAlgorithm: certificate.signatureAlgorithm.algorithm,
  };
}

export interface SelfSignedOptions {
  /** Attributes in ASN.1 order (least specific first), one per RDN: [OID, value]. */
  name: readonly (readonly [string, string])[];
  serialHex: string;
  notBefore: Date;
  notAfter: Date;
  keys: CryptoKeyPair;
  hash: "SHA-256" | "SHA-512";
  /** The CA and key-usage extensions of a seal certificate (QSealC: digitalSignature, nonRepudiation). */
  sealExtensions?: boolean;
}

const nameOf = (attributes: SelfSignedOptions["name"]) =>
  new Name(
    attributes.map(
      ([type, value]) =>
        new RelativeDistinguishedName([
          new AttributeTypeAndValue({ type, value: new AttributeValue(type === COUNTRY ? { printableString: value } : { utf8String: value }) }),
        ]),
    ),
  );

/** A DER serial: positive, minimal, at least one byte. */
function serialBytes(serialHex: string): ArrayBuffer {
  let bytes = fromHex(serialHex.replace(/^(00)+(?=..)/, ""));
  if (bytes.length === 0) bytes = new Uint8Array([0]);
  if ((bytes[0] ?? 0) & 0x80) bytes = Uint8Array.of(0, ...bytes);
  return bytes.buffer;
}

/** A self-signed certificate, signed with the key pair's private key (RSASSA-PKCS1-v1_5). */
export async function createSelfSignedCertificate(options: SelfSignedOptions): Promise<ArrayBuffer> {
  const subtle = globalThis.crypto.subtle;
  const signature = new AlgorithmIdentifier({ algorithm: SIGNATURE_OID[options.hash], parameters: null });
  const name = nameOf(options.name);
  const extensions = options.sealExtensions
    ? new Extensions([
        new Extension({
          extnID: id_ce_basicConstraints,
          critical: true,
          extnValue: new OctetString(AsnConvert.serialize(new BasicConstraints({ cA: false }))),
        }),
        new Extension({
          extnID: id_ce_keyUsage,
          critical: true,
          extnValue: new OctetString(AsnConvert.serialize(new KeyUsage(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation))),
        }),
      ])
    : undefined;
  const tbsCertificate = new TBSCertificate({
    version: Version.v3,
    serialNumber: serialBytes(options.serialHex),
    signature,
    issuer: name,
    validity: new Validity({ notBefore: options.notBefore, notAfter: options.notAfter }),
    subject: name,
    subjectPublicKeyInfo: AsnConvert.parse(await subtle.exportKey("spki", options.keys.publicKey), SubjectPublicKeyInfo),
    ...(extensions ? { extensions } : {}),
  });
  const signatureValue = await subtle.sign({ name: "RSASSA-PKCS1-v1_5" }, options.keys.privateKey, AsnConvert.serialize(tbsCertificate));
  return AsnConvert.serialize(new Certificate({ tbsCertificate, signatureAlgorithm: signature, signatureValue }));
}

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
import { fromBER, Integer, ObjectIdentifier, Sequence } from "asn1js";
import type { DistinguishedName, Rdn } from "./distinguished-name";

const RSA_ENCRYPTION = "1.2.840.113549.1.1.1";
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
  /** SubjectPublicKeyInfo DER, for crypto.subtle.importKey("spki", …). */
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

function describeKey(spki: SubjectPublicKeyInfo): string {
  const oid = spki.algorithm.algorithm;
  if (oid === RSA_ENCRYPTION) {
    // RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }; its size is the modulus's bit length.
    const parsed = fromBER(spki.subjectPublicKey).result;
    const modulus = parsed instanceof Sequence ? parsed.valueBlock.value[0] : undefined;
    const bytes = modulus instanceof Integer ? modulus.valueBlock.valueHexView : new Uint8Array();
    const first = bytes.findIndex((byte) => byte !== 0);
    const top = bytes[first] ?? 0;
    return `RSA ${String(first < 0 ? 0 : (bytes.length - first) * 8 - (Math.clz32(top) - 24))}`;
  }
  if (oid === EC_PUBLIC_KEY && spki.algorithm.parameters) {
    const parsed = fromBER(spki.algorithm.parameters).result;
    const curve = parsed instanceof ObjectIdentifier ? parsed.valueBlock.toString() : "";
    return `ECDSA ${CURVES[curve] ?? curve}`;
  }
  return oid;
}

/** Throws on anything that is not a DER X.509 certificate. */
export function decodeCertificate(der: Uint8Array): DecodedCertificate {
  const certificate = AsnConvert.parse(der, Certificate);
  const tbs = certificate.tbsCertificate;
  return {
    serialHex: hex(tbs.serialNumber),
    issuer: toDn(tbs.issuer),
    subject: toDn(tbs.subject),
    notBefore: tbs.validity.notBefore.getTime(),
    notAfter: tbs.validity.notAfter.getTime(),
    spki: AsnConvert.serialize(tbs.subjectPublicKeyInfo),
    publicKeyAlgorithm: describeKey(tbs.subjectPublicKeyInfo),
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

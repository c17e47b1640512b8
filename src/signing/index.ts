// Request signing for the PSD2 interface (spec §5): draft-cavage-http-signatures-10
// with the Berlin Group's rules. WebCrypto only, so the same code runs in the portal,
// the in-browser sandbox and a TPP's Node 20 back end. See docs/signing.md.

export type { DigestAlgorithm, HeaderRecord, RequestBody, SignableRequest, SignatureAlgorithm, SignatureErrorCode } from "./types";

export { computeDigest, checkDigest, parseDigestHeader, webCryptoHasher, type BodyHasher, type DigestCheck, type DigestEntry, type HashedBody } from "./digest";
export { buildSigningString, requestTarget, SigningStringError, REQUEST_TARGET } from "./signing-string";
export { formatSignatureHeader, parseSignatureHeader, type ParsedSignatureHeader, type SignatureParams } from "./signature-header";
export { decodeEncodedWords, encodeWord } from "./rfc2047";
export { BERLIN_GROUP_POLICY, DEFAULT_SIGNED_HEADER_ORDER, defaultSignedHeaders, type SignedHeaderPolicy } from "./signed-header-policy";

export { signRequest, type SignOptions, type SignResult, type SignedHeaders, type SigningCredentials } from "./sign";
export { checkStreamedBody, verifyRequest, type VerifyOptions } from "./verify";
export { webCryptoRsaVerifier, type RsaVerifier } from "./rsa-verifier";
export { diagnoseSignature, examineSignature, listCaseSmell, staleDateFinding, type DiagnoseOptions, type SignatureExamination } from "./diagnose";
export type { DiagnosisCode, Finding } from "./diagnosis";
export { codeFor, type VerifyFailure, type VerifyFailureReason, type VerifyResult, type VerifySuccess } from "./verify-result";

export { CertificateError, parseCertificate, type CertificateErrorCode, type CertificateFingerprints, type CertificateSummary } from "./certificate";
export { generateTestCertificate, type TestCertificate, type TestCertificateOptions } from "./test-certificate";
export { importCertificateAndKey, importPrivateKey, type SigningHash } from "./private-key";
export { formatKeyId, normaliseSerial, parseKeyId } from "./key-id";
export {
  formatDistinguishedName,
  parseDistinguishedName,
  sameDistinguishedName,
  type DistinguishedName,
  type DnAttribute,
  type Rdn,
} from "./distinguished-name";

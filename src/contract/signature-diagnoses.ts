/**
 * The signature doctor's table (issue 26, point 3; decision 0052): every code a diagnosis of a signed
 * request can carry, what it means, the fix, and where the rule comes from: a section of the spec or of
 * a standard it builds on, or this sandbox's own advice. The doctor itself is src/signing/diagnose.ts;
 * its findings travel as SignatureDiagnosis ({code, text}: the text with the request's own values), in
 * the X-Sandbox-Signature-Diagnosis header of a refusal and in the traffic record.
 */
import { z } from "./zod";

/** The source of a rule the spec and its standards do not state. */
export const SANDBOX_ADVICE = "this sandbox's advice";

export interface DiagnosisEntry {
  /** What was wrong, in a line. */
  readonly title: string;
  /** How to fix it, in general; each finding's text says it with the request's values. */
  readonly fix: string;
  /** "spec 5.4", "draft-cavage-10 §2.3", … or SANDBOX_ADVICE. */
  readonly source: string;
}

const entry = (title: string, fix: string, source: string): DiagnosisEntry => ({ title, fix, source });

const CAVAGE_STRING = "draft-cavage-10 §2.3";
const SIGN_AGAIN = "Build the signing string exactly as the draft says and sign it again.";
const HASH_SENT = "Hash the exact bytes you send as the body, and send those bytes.";

const table = {
  "signature-header-missing": entry("No Signature header", "Sign the request and send the Signature header (not Authorization: Signature).", "spec 5.1"),
  "signature-header-malformed": entry(
    "The Signature header cannot be read",
    'Send one Signature header of keyId="…",algorithm="…",headers="…",signature="…", each parameter once, the signature in base64.',
    "draft-cavage-10 §4.1, §2.2",
  ),
  "algorithm-unsupported": entry(
    "No algorithm, or one this bank does not take (rsa-sha512 too)",
    'Send algorithm="rsa-sha256", and sign with SHA-256.',
    "spec 5.3, 5.5",
  ),
  "certificate-missing": entry("No TPP-Signature-Certificate header", "Send the signing certificate as base64 DER in TPP-Signature-Certificate.", "spec 5.7"),
  "certificate-malformed": entry(
    "The certificate cannot be read",
    "Send the certificate's DER bytes alone, base64-encoded on one line, no PEM armour.",
    "spec 5.7",
  ),
  "certificate-key-unsupported": entry("The certificate's key is not RSA", "Sign with an RSA key and send its certificate.", "spec 5.3"),
  "certificate-weak": entry(
    "A weak certificate",
    "Use an RSA key of at least 2048 bits, in a certificate signed with SHA-256 or stronger.",
    `${SANDBOX_ADVICE} (NIST SP 800-131A)`,
  ),
  "certificate-expired": entry("The certificate has expired (sandbox time)", "Use a certificate valid at the sandbox's time.", "RFC 5280 §4.1.2.5"),
  "certificate-not-yet-valid": entry("The certificate is not valid yet (sandbox time)", "Use a certificate valid at the sandbox's time.", "RFC 5280 §4.1.2.5"),
  "keyid-malformed": entry("keyId is not SN=…,CA=…", 'Send keyId="SN=<serial in hex>,CA=<issuer DN>" of the certificate sent.', "spec 5.2"),
  "keyid-serial-mismatch": entry("keyId names another serial", "Send the serial of the certificate in TPP-Signature-Certificate, in hex.", "spec 5.2"),
  "keyid-serial-decimal": entry("keyId's serial is in decimal", "Write the serial in hexadecimal.", "spec 5.2"),
  "keyid-serial-reversed": entry("keyId's serial has its bytes reversed", "Write the serial's bytes most significant first.", "spec 5.2"),
  "keyid-issuer-mismatch": entry("keyId names another issuer", "Send the certificate's issuer DN as CA=.", "spec 5.2"),
  "digest-missing": entry("A body without a Digest", "Send Digest: SHA-256=<base64 of the SHA-256 of the body>.", "spec 5.7"),
  "digest-malformed": entry("The Digest header cannot be read", "Send Digest: SHA-256=<base64>.", "RFC 3230 §4.3.2"),
  "digest-algorithm-unsupported": entry(
    "A Digest algorithm this bank does not check",
    "List only SHA-256= or SHA-512= digests.",
    "Berlin Group IG §12 (SHA-256 and SHA-512 only)",
  ),
  "digest-algorithm-repeated": entry("A Digest algorithm listed twice", "Send one Digest header, each algorithm at most once.", SANDBOX_ADVICE),
  "digest-mismatch": entry("The Digest does not match the body", HASH_SENT, "spec 5.7; RFC 3230 §4.3.2"),
  "digest-of-reformatted-json": entry("The Digest is of the same JSON laid out otherwise (pretty-printed, say)", HASH_SENT, "spec 5.7"),
  "digest-of-reordered-json": entry("The Digest is of the same JSON with its keys in another order", HASH_SENT, "spec 5.7"),
  "digest-of-escaped-json": entry("The Digest is of the same JSON with non-ASCII letters as \\u escapes", HASH_SENT, "spec 5.7"),
  "digest-with-trailing-newline": entry("The Digest and the body differ by a line end at the end", HASH_SENT, "spec 5.7"),
  "digest-of-empty-body": entry("The Digest is of an empty body", "Compute the Digest after the body is set.", "spec 5.7"),
  "digest-encoding": entry(
    "The Digest's hash is written as hex or base64url",
    "Send the base64 (standard, padded) of the hash's bytes.",
    "RFC 3230 §4.3.2; RFC 5843",
  ),
  "digest-body-charset": entry("The Digest is of the body in another character encoding", "Hash the UTF-8 bytes you send.", "spec 5.7"),
  "digest-algorithm-label": entry("The Digest's label names another algorithm than its hash", "Label the digest with the algorithm that made it.", "RFC 5843"),
  "header-not-signed": entry("A header that must be signed is not in the headers list", "Add it to headers= and sign its line.", "spec 5.4"),
  "date-unsigned": entry("Date is sent but not signed", "Add date to headers= and sign its line, or leave Date out.", "spec 5.4"),
  "date-stale": entry(
    "The signed Date is too far from real time",
    "Sign the current time; check the clock of the machine that signs.",
    `${SANDBOX_ADVICE} (a replay window, decision 0013)`,
  ),
  "signed-header-absent": entry(
    "A listed header is not on the request",
    "Send every header you list, or list only those you send.",
    `${SANDBOX_ADVICE} (draft-cavage-10 leaves it open)`,
  ),
  "headers-param-not-lowercase": entry(
    "The headers parameter has capitals",
    "Write the list in lower case; this sandbox accepts it, a bank may not.",
    "draft-cavage-10 §2.1.3; Berlin Group 1.3 errata",
  ),
  "signing-string-name-case": entry("Header names signed with capitals", "Write every name of the signing string in lower case.", CAVAGE_STRING),
  "signing-string-trailing-newline": entry("A newline after the signing string's last line", "End the last line without a newline.", CAVAGE_STRING),
  "signing-string-crlf": entry("CRLF line ends in the signing string", 'Join the lines with "\\n" alone.', CAVAGE_STRING),
  "signing-string-order": entry("Lines signed in another order than listed", "Sign the lines in the order of headers=.", CAVAGE_STRING),
  "signing-string-line-missing": entry("A listed line was not signed", "Sign a line for every name in headers=.", CAVAGE_STRING),
  "request-target-unlisted": entry(
    "(request-target) signed but not listed",
    "Add (request-target) to headers=, or do not sign it.",
    "draft-cavage-10 §2.1.3, §2.3",
  ),
  "host-unlisted": entry("host signed but not listed", "Add host to headers=, or do not sign it.", "draft-cavage-10 §2.1.3, §2.3"),
  "header-signed-unlisted": entry("A header signed but not listed", "List every header you sign, in signing order.", "draft-cavage-10 §2.1.3, §2.3"),
  "request-target-differs": entry(
    "(request-target) computed otherwise",
    "Sign the method in lower case, a space, and the path with its query exactly as sent.",
    "draft-cavage-10 §2.3 step 2",
  ),
  "host-differs": entry("host computed otherwise", "Sign the Host header's value exactly as sent.", CAVAGE_STRING),
  "algorithm-hash-mismatch": entry(
    "The signature's hash is not the algorithm's (RSA-SHA512 under rsa-sha256, say)",
    "Sign with the hash that algorithm= names: SHA-256 for rsa-sha256.",
    "spec 5.3, 5.5",
  ),
  "signature-other-key": entry(
    "Signed with another key than the certificate's",
    "Sign with the private key of the certificate you send (or send the certificate of your key).",
    "spec 5.7",
  ),
  "signature-pss": entry("An RSASSA-PSS signature", "Sign with RSASSA-PKCS1-v1_5 padding.", "spec 5.5; RFC 8017 §8.2"),
  "signature-length": entry(
    "A signature of the wrong length for the key",
    "Sign with the certificate's key and base64-encode the signature's bytes once.",
    "RFC 8017 §8.2.2",
  ),
  "signature-mismatch": entry("The signature does not verify, for no known reason", SIGN_AGAIN, "spec 5.5; draft-cavage-10 §2.3"),
  "internal-error": entry("The sandbox could not check the signature", "A sandbox bug: report it with the request.", SANDBOX_ADVICE),
} satisfies Record<string, DiagnosisEntry>;

export type SignatureDiagnosisCode = keyof typeof table;

/** The table by code, read by the docs, the portal and the tests. */
export const signatureDiagnoses: Readonly<Record<SignatureDiagnosisCode, DiagnosisEntry>> = table;

export const signatureDiagnosisCodes = Object.keys(table) as [SignatureDiagnosisCode, ...SignatureDiagnosisCode[]];

export const SignatureDiagnosisCode = z
  .enum(signatureDiagnosisCodes)
  .meta({ id: "SignatureDiagnosisCode", description: 'A code of the signature doctor\'s table (docs/signing.md, "The signature doctor").' });

/** One finding of the signature doctor: its code, and a text that says what was wrong and how to fix it, with the request's own values. */
export const SignatureDiagnosis = z
  .object({ code: SignatureDiagnosisCode, text: z.string() })
  .meta({ id: "SignatureDiagnosis", description: "A finding of the signature doctor about a signed request (docs/signing.md)." });
export type SignatureDiagnosis = z.infer<typeof SignatureDiagnosis>;

/** The response header that names a refused (or stale) request's findings by code, the first the refusal's, comma-separated. */
export const SIGNATURE_DIAGNOSIS_HEADER = "X-Sandbox-Signature-Diagnosis";

/**
 * The words of the signature doctor's findings: for each mistake, what was wrong and how to fix it,
 * with the request's own values (draft-cavage-10 §2.3, spec 5). Pure text, no checks.
 */
import type { DigestMistake } from "./digest-variants";
import type { DiagnosisCode, Finding } from "./diagnosis";
import type { Mistake } from "./signing-string-variants";
import type { DigestAlgorithm, SignatureAlgorithm } from "./types";

const finding = (code: DiagnosisCode, text: string): Finding => ({ code, text });
const quoted = (text: string) => JSON.stringify(text);

/** What the findings about a signing string need to know of the request. */
export interface StringContext {
  /** Lower-case names of the headers parameter, in order. */
  readonly listed: readonly string[];
  /** The lines the sandbox rebuilt from them. */
  readonly lines: readonly string[];
}

/** The rebuilt signing string, numbered line by line, for a text that must show it. */
export const numberedLines = (lines: readonly string[]) => lines.map((line, index) => `${index + 1}. ${line}`).join("\n");

const lineNamed = (context: StringContext, name: string) => context.lines[context.listed.indexOf(name)] ?? "";
const listText = (listed: readonly string[]) => `headers="${listed.join(" ")}"`;

function unlistedFinding(name: string, position: number, context: StringContext, line: string): Finding {
  const code: DiagnosisCode = name === "(request-target)" ? "request-target-unlisted" : name === "host" ? "host-unlisted" : "header-signed-unlisted";
  const where = position === 0 ? "first" : `after ${context.listed[position - 1] ?? ""}`;
  return finding(
    code,
    `The signature covers a ${quoted(line)} line (${where}) that the headers parameter does not list (${listText(context.listed)}). ` +
      `List every line you sign, in the order you sign them: add ${name} to headers= at that place, or leave its line out of what you sign.`,
  );
}

export function stringMistakeFinding(mistake: Mistake, context: StringContext): Finding {
  switch (mistake.kind) {
    case "name-case":
      return finding(
        "signing-string-name-case",
        `The signature was made over lines whose header names keep their case (${mistake.spelling}: ${quoted(mistake.example)}); ` +
          `the signing string writes every name in lower case (draft-cavage-10 §2.3): sign ${quoted(context.lines[0] ?? "")} and the lines after it so.`,
      );
    case "trailing-newline":
      return finding(
        "signing-string-trailing-newline",
        `The signature was made over the signing string with a newline after its last line (${quoted(`${context.lines.at(-1) ?? ""}\n`)}); ` +
          "the lines are joined with \\n and the last one ends without it (draft-cavage-10 §2.3). Drop the final newline.",
      );
    case "crlf":
      return finding(
        "signing-string-crlf",
        `The signature was made over lines ended with CRLF (\\r\\n)${mistake.trailing ? ", the last one too" : ""}; the signing string joins its lines ` +
          'with a bare \\n and has no line end after the last (draft-cavage-10 §2.3). Join them with "\\n", no \\r (check a text mode or a ' +
          "platform line separator in what builds the string).",
      );
    case "unlisted":
      return unlistedFinding(mistake.name, mistake.position, context, mistake.line);
    case "line-missing":
      return finding(
        "signing-string-line-missing",
        `The headers parameter lists ${mistake.name}, but the signature was made without its line (${quoted(lineNamed(context, mistake.name))}). ` +
          `Sign a line for every name listed, in list order, or drop ${mistake.name} from headers=.`,
      );
    case "order":
      return finding(
        "signing-string-order",
        `The signature was made over the right lines in another order (${mistake.order.join(" ")}); the lines follow the headers parameter's order ` +
          `(${listText(context.listed)}; draft-cavage-10 §2.3). List the names in the order you sign their lines.`,
      );
    case "request-target-differs":
      return finding(
        "request-target-differs",
        `The (request-target) line was signed as ${quoted(mistake.line)}; this request's is ${quoted(lineNamed(context, "(request-target)"))}: ` +
          "the method in lower case, one space, then the path and query exactly as sent, without scheme or host (draft-cavage-10 §2.3 step 2).",
      );
    case "host-differs":
      return finding(
        "host-differs",
        `The host line was signed as ${quoted(mistake.line)}; this request's Host header makes ${quoted(lineNamed(context, "host"))}. ` +
          "Sign the Host value exactly as the request sends it (with its port when it carries one).",
      );
  }
}

export function algorithmHashFinding(hash: string, algorithm: SignatureAlgorithm): Finding {
  const named = algorithm === "rsa-sha512" ? "SHA-512" : "SHA-256";
  const fix = `Sign with ${named} (spec 5.3: rsa-sha256 is RSA with SHA-256, the only algorithm this bank verifies); ${hash} is not accepted.`;
  return finding(
    "algorithm-hash-mismatch",
    `The signature is RSA with ${hash}: opened with the certificate's public key, its DigestInfo names ${hash}; but the Signature header says ` +
      `algorithm="${algorithm}", which is ${named}. ${fix}`,
  );
}

export function unknownDigestInfoFinding(digestInfoHex: string, algorithm: SignatureAlgorithm): Finding {
  return finding(
    "algorithm-hash-mismatch",
    `The signature was made with this certificate's key, but what it signs is not a SHA-256 or SHA-512 DigestInfo (it holds ${digestInfoHex.slice(0, 80)}): ` +
      `sign the signing string itself with ${algorithm} (RSASSA-PKCS1-v1_5, RFC 8017 §8.2), not a hash you made first or another structure.`,
  );
}

export function otherKeyFinding(certificate: { serialNumber: string; subject: string }): Finding {
  return finding(
    "signature-other-key",
    `The signature was not made with the key of the certificate sent (serial ${certificate.serialNumber}, ${certificate.subject}): opened with its ` +
      "public key, it is no PKCS#1 v1.5 signature at all. Sign with the private key that belongs to this certificate, or send the certificate of the " +
      "key you sign with (check which key file and certificate file your code loads). A signature value changed on the way looks the same.",
  );
}

export function pssFinding(hash: string, algorithm: SignatureAlgorithm): Finding {
  return finding(
    "signature-pss",
    `The signature is RSASSA-PSS (with ${hash}); algorithm="${algorithm}" is RSASSA-PKCS1-v1_5 (spec 5.5; RFC 8017 §8.2). Sign with PKCS#1 v1.5 ` +
      'padding: Python padding.PKCS1v15(), Java "SHA256withRSA", Node crypto.sign("sha256", …) without a padding option, OpenSSL dgst -sha256 -sign.',
  );
}

export function lengthFinding(length: number, keyBits: number, keyBytes: number, encodedTwice: string | undefined): Finding {
  const cause = encodedTwice ?? "it was made with another key (of another size), or encoded twice";
  return finding(
    "signature-length",
    `The signature is ${length} bytes, but the certificate's ${keyBits}-bit key makes ${keyBytes}-byte signatures: ${cause}. ` +
      "Sign with the certificate's key and send the signature's bytes base64-encoded once.",
  );
}

export function unexplainedFinding(opened: string, lines: readonly string[]): Finding {
  return finding(
    "signature-mismatch",
    `The signature does not verify, and none of the known mistakes explains it (${opened}). ` +
      `Sign exactly these ${lines.length} lines, joined by \\n with no newline after the last:\n${numberedLines(lines)}`,
  );
}

export function serialFinding(spelling: "decimal" | "reversed", given: string, serialNumber: string): Finding {
  return spelling === "decimal"
    ? finding(
        "keyid-serial-decimal",
        `keyId serial ${given} is the certificate's serial in decimal; keyId wants it in hexadecimal (spec 5.2): SN=${serialNumber}. ` +
          '(Python: "%X" % serial_number; Java: getSerialNumber().toString(16).)',
      )
    : finding(
        "keyid-serial-reversed",
        `keyId serial ${given} is the certificate's serial with its bytes in reverse order (little-endian, as .NET's GetSerialNumber returns it); ` +
          `send them most significant first (spec 5.2): SN=${serialNumber}.`,
      );
}

export function dateUnsignedFinding(date: string, listed: readonly string[]): Finding {
  return finding(
    "date-unsigned",
    `The request carries Date (${date}) but the headers parameter does not list date (${listText(listed)}); a Date on the request must be signed ` +
      "(spec 5.4): add date to headers= and sign its line, or leave Date out.",
  );
}

/** "2 h 3 min 4 s": a duration a developer reads at a glance. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  const parts: [number, string][] = [
    [Math.floor(seconds / 86_400), "d"],
    [Math.floor((seconds % 86_400) / 3_600), "h"],
    [Math.floor((seconds % 3_600) / 60), "min"],
    [seconds % 60, "s"],
  ];
  const shown = parts.filter(([value]) => value > 0).map(([value, unit]) => `${String(value)} ${unit}`);
  return shown.length > 0 ? shown.join(" ") : "0 s";
}

export function dateStaleFinding(date: string, skewMs: number, realNow: Date, windowMs: number): Finding {
  return finding(
    "date-stale",
    `Date ${date} is ${formatDuration(skewMs)} ${skewMs < 0 ? "behind" : "ahead of"} the bank's real time (${realNow.toUTCString()}); a signed Date ` +
      `may differ from it by at most ${formatDuration(windowMs)} either way. Sign the current time (check the clock of the machine that signs), or ` +
      "leave Date out. The sandbox clock does not matter here.",
  );
}

export function listCaseFinding(written: readonly string[]): Finding {
  return finding(
    "headers-param-not-lowercase",
    `The headers parameter writes names with capitals (headers="${written.join(" ")}"); the draft's list is lower case (draft-cavage-10 §2.1.3; ` +
      `the Berlin Group's 1.3 errata). This sandbox reads it either way, but a bank may not: send headers="${written.join(" ").toLowerCase()}".`,
  );
}

/** What a Digest entry is, for the digest findings. */
export interface DigestContext {
  readonly token: string;
  readonly algorithm: DigestAlgorithm;
  readonly value: string;
  readonly bodyLength: number;
  /** The Digest of the body as sent: `SHA-256=<base64>`. */
  readonly expected: string;
  readonly hashedBody: string | undefined;
}

export function digestMistakeFinding(mistake: DigestMistake, context: DigestContext): Finding {
  const received = `${context.token}=${context.value}`;
  const hashed = context.hashedBody === undefined ? "" : ` (what was hashed begins ${quoted(context.hashedBody.slice(0, 80))})`;
  const fix = `Hash the exact bytes you send, and send those same bytes as the body: ${context.expected}.`;
  const sameJson = (what: string, code: DiagnosisCode) =>
    finding(code, `The Digest ${received} is the hash of the same JSON ${what}, not of the ${context.bodyLength}-byte body sent${hashed}. ${fix}`);
  switch (mistake.kind) {
    case "reformatted-json":
      return sameJson(`laid out otherwise (${mistake.layout})`, "digest-of-reformatted-json");
    case "reordered-json":
      return sameJson("with its keys in another order (sorted)", "digest-of-reordered-json");
    case "escaped-json":
      return sameJson("with non-ASCII letters written as \\u escapes (Python's json.dumps does so unless ensure_ascii=False)", "digest-of-escaped-json");
    case "trailing-newline":
      return finding(
        "digest-with-trailing-newline",
        mistake.added
          ? `The Digest ${received} is the hash of the body with a line end after it; the ${context.bodyLength}-byte body sent has none. ${fix}`
          : `The Digest ${received} is the hash of the body without the line end it ends with as sent. ${fix}`,
      );
    case "empty-body":
      return finding(
        "digest-of-empty-body",
        `The Digest ${received} is the hash of an empty body, but this request sends ${context.bodyLength} bytes. Compute the Digest after the body is ` +
          `set, over the exact bytes sent: ${context.expected}.`,
      );
    case "encoding":
      return finding(
        "digest-encoding",
        `The Digest value is the body's ${context.algorithm} hash written as ${mistake.encoding}; it must be the base64 (RFC 4648 §4, padded) of ` +
          `the hash's bytes (RFC 3230 §4.3.2, RFC 5843): ${context.expected}.`,
      );
    case "charset":
      return finding(
        "digest-body-charset",
        `The Digest ${received} is the hash of the body's text encoded as ${mistake.charset}, but the body is sent as UTF-8. ${fix}`,
      );
    case "algorithm-label":
      return finding(
        "digest-algorithm-label",
        `The Digest says ${context.token}= but its value is the body's ${mistake.hashed} hash: label it ${mistake.hashed}=, or hash with ` +
          `${context.algorithm}: ${context.expected}.`,
      );
  }
}

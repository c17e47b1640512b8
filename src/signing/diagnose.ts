/**
 * The signature doctor (docs/signing.md "The signature doctor"): for a request whose signature check
 * failed, it finds out why instead of saying "does not verify": the case of the names, the line ends,
 * a line signed but not listed, another hash, another key, a Digest of another serialisation, a
 * decimal serial, an unsigned or stale Date. The first finding explains the verifier's refusal (the
 * sandbox's 401 text says it); the others are further mistakes the same request makes. Pure, like the
 * verifier: the portal's "Compare the signing strings" and the sandbox's refusals call the same code.
 */
import { loadCertificate } from "./certificate";
import { bodyBytes, computeDigest, parseDigestHeader } from "./digest";
import { explainDigest } from "./digest-variants";
import type { DiagnosisCode, Finding } from "./diagnosis";
import { dateStaleFinding, dateUnsignedFinding, digestMistakeFinding, listCaseFinding, serialFinding } from "./diagnosis-texts";
import { diagnoseSignatureValue } from "./diagnose-signature";
import { headerValue } from "./headers";
import { parseKeyId, serialSpelling } from "./key-id";
import { parseSignatureHeader, type ParsedSignatureHeader } from "./signature-header";
import { buildSigningString } from "./signing-string";
import type { SignableRequest } from "./types";
import { firstUnsignedRequirement } from "./signed-header-policy";
import { policyOf, sanitise, verifyRequest, type VerifyOptions } from "./verify";
import { readAlgorithm } from "./verify-steps";
import type { VerifyFailure } from "./verify-result";

/** deferBodyDigest: the body is not read yet (a large one the server checks the request of first); the findings are about the rest. */
export interface DiagnoseOptions extends Pick<VerifyOptions, "now" | "requiredHeaders" | "minimumRsaKeyBits" | "deferBodyDigest"> {
  /** Real time and how far a signed Date may be from it (the sandbox's replay guard); without them a Date's age is not judged. */
  readonly dateWindow?: { readonly realNow: Date; readonly windowMs: number };
}

/** The reasons after which the signature itself is still worth opening: the certificate and the Signature header were read. */
const SIGNATURE_STILL_CHECKED = new Set<string>(["keyid-serial-mismatch", "keyid-issuer-mismatch", "digest-mismatch", "digest-missing", "header-not-signed"]);

const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * A signed Date further from real time than the window: the sandbox refuses it after the signature
 * (a replay guard), so the verifier does not. Undefined for a Date that is not an HTTP date (a format error, not this).
 */
export function staleDateFinding(date: string | undefined, window: NonNullable<DiagnoseOptions["dateWindow"]>): Finding | undefined {
  const value = date?.trim();
  if (value === undefined || !IMF_FIXDATE.test(value)) return undefined;
  const skew = Date.parse(value) - window.realNow.getTime();
  return Math.abs(skew) <= window.windowMs ? undefined : dateStaleFinding(value, skew, window.realNow, window.windowMs);
}

/** The headers parameter written with capitals: accepted here, a smell a bank may refuse. Cheap (no parsing): for every answer. */
export function listCaseSmell(signatureHeader: string | undefined): Finding | undefined {
  const list = /(?:^|[\s,])headers\s*=\s*"([^"]*)"/i.exec(signatureHeader ?? "")?.[1];
  return list !== undefined && /[A-Z]/.test(list) ? listCaseFinding(list.split(/[ \t]+/).filter((name) => name !== "")) : undefined;
}

async function digestFindings(request: SignableRequest, failure: VerifyFailure): Promise<Finding[]> {
  const entries = parseDigestHeader(headerValue(request.headers, "digest") ?? "") ?? [];
  const body = bodyBytes(request.body);
  for (const entry of entries) {
    if (entry.algorithm === undefined) continue;
    const explanation = await explainDigest(entry.algorithm, entry.value, body);
    if (!explanation) continue;
    const expected = await computeDigest(body, entry.algorithm);
    const context = { ...entry, algorithm: entry.algorithm, bodyLength: body.length, expected, hashedBody: explanation.hashedBody };
    return explanation.mistakes.map((mistake) => digestMistakeFinding(mistake, context));
  }
  return [{ code: failure.reason, text: failure.text }];
}

function keyIdFinding(header: ParsedSignatureHeader, serialNumber: string, failure: VerifyFailure): Finding {
  const parsed = parseKeyId(header.keyId);
  const spelling = parsed.ok ? serialSpelling(parsed.keyId.serialText, serialNumber) : undefined;
  return parsed.ok && spelling ? serialFinding(spelling, parsed.keyId.serialText, serialNumber) : { code: failure.reason, text: failure.text };
}

/** What the verifier's refusal was, refined where the doctor can tell why. */
async function primaryFindings(
  request: SignableRequest,
  failure: VerifyFailure,
  header: ParsedSignatureHeader | undefined,
  options: DiagnoseOptions,
): Promise<Finding[]> {
  const passthrough: Finding[] = [{ code: failure.reason, text: failure.text }];
  const certificate = loadCertificate(headerValue(request.headers, "tpp-signature-certificate") ?? "");
  switch (failure.reason) {
    case "keyid-serial-mismatch":
      return header && certificate.ok ? [keyIdFinding(header, certificate.certificate.summary.serialNumber, failure)] : passthrough;
    case "digest-mismatch":
      return digestFindings(request, failure);
    case "header-not-signed": {
      const date = headerValue(request.headers, "date");
      const unsigned = header ? firstUnsignedRequirement(policyOf(options), request, header.headers) : undefined;
      return header && date !== undefined && unsigned?.name === "date" ? [dateUnsignedFinding(date, header.headers)] : passthrough;
    }
    default:
      return passthrough;
  }
}

/** The signature value's findings, for a request whose Signature header and certificate could be read. */
async function signatureFindings(request: SignableRequest, header: ParsedSignatureHeader): Promise<Finding[] | undefined> {
  const certificate = loadCertificate(headerValue(request.headers, "tpp-signature-certificate") ?? "");
  const algorithm = readAlgorithm(header.algorithm);
  if (!certificate.ok || !algorithm.ok || !certificate.certificate.summary.publicKeyAlgorithm.startsWith("RSA ")) return undefined;
  return diagnoseSignatureValue({
    request,
    certificate: certificate.certificate,
    listed: header.headers,
    written: header.headersAsWritten,
    signature: header.signature,
    algorithm: algorithm.value,
  });
}

/** A finding that a signed line was unlisted explains a header the list lacks better than "not signed": it goes first. */
const UNLISTED: readonly DiagnosisCode[] = ["header-signed-unlisted", "request-target-unlisted", "host-unlisted"];

/** The findings of a refused request: the refusal's own first, then the signature's where it was not the refusal. */
async function refusalFindings(
  request: SignableRequest,
  failure: VerifyFailure,
  header: ParsedSignatureHeader | undefined,
  options: DiagnoseOptions,
): Promise<Finding[]> {
  const primary = await primaryFindings(request, failure, header, options);
  const opened = failure.reason === "signature-mismatch" || SIGNATURE_STILL_CHECKED.has(failure.reason);
  const signature = (header && opened ? await signatureFindings(request, header) : undefined) ?? [];
  if (failure.reason === "signature-mismatch") return signature.length > 0 ? signature : primary;
  // A header signed but left out of the list: the fix is to list it, which also answers "not signed".
  if (failure.reason === "header-not-signed" && signature.some((finding) => UNLISTED.includes(finding.code))) return [...signature, ...primary];
  return [...primary, ...signature];
}

/**
 * What the doctor hands to a refusal and to the request's record (the contract's TrafficRecord: diagnosis,
 * signingString, bodyDigest): the findings, first the one that explains the refusal; the signing string the
 * sandbox rebuilt from the request, when its Signature header could be read; the Digest of the body as received.
 */
export interface SignatureExamination {
  readonly diagnosis: readonly Finding[];
  readonly signingString?: string;
  /** "SHA-256=<base64>" of the body's bytes as received; absent for a request without a body. */
  readonly bodyDigest?: string;
}

/**
 * The findings for `request` as received, first the one that explains why the verifier refused it; for a
 * request that verifies, only smells (a headers list with capitals) and a stale Date. Never throws.
 */
export async function diagnoseSignature(request: SignableRequest, options: DiagnoseOptions = {}): Promise<Finding[]> {
  return [...(await examineSignature(request, options)).diagnosis];
}

/** diagnoseSignature's findings with the rebuilt signing string and the body's digest. Never throws. */
export async function examineSignature(request: SignableRequest, options: DiagnoseOptions = {}): Promise<SignatureExamination> {
  try {
    return await examine(sanitise(request), options);
  } catch (error) {
    return {
      diagnosis: [{ code: "internal-error", text: `The signature could not be diagnosed (${error instanceof Error ? error.message : String(error)}).` }],
    };
  }
}

/** The signing string of the listed headers, when the request carries them all. */
function rebuiltString(header: ParsedSignatureHeader | undefined, request: SignableRequest): string | undefined {
  if (!header) return undefined;
  try {
    return buildSigningString(header.headers, request);
  } catch {
    return undefined;
  }
}

async function examine(request: SignableRequest, options: DiagnoseOptions): Promise<SignatureExamination> {
  const verified = await verifyRequest(request, options);
  const signatureHeader = headerValue(request.headers, "signature");
  const parsed = parseSignatureHeader(signatureHeader ?? "");
  const header = parsed.ok ? parsed.value : undefined;
  const findings = verified.ok ? [] : await refusalFindings(request, verified, header, options);
  const date = options.dateWindow ? staleDateFinding(headerValue(request.headers, "date"), options.dateWindow) : undefined;
  if (date) findings.push(date);
  const smell =
    header?.headersParamPresent && header.headersAsWritten.some((name) => /[A-Z]/.test(name)) ? listCaseFinding(header.headersAsWritten) : undefined;
  if (smell && !findings.some((finding) => finding.code === "signing-string-name-case")) findings.push(smell);
  const seen = new Set<DiagnosisCode>();
  const signingString = verified.signingString ?? rebuiltString(header, request);
  const body = bodyBytes(request.body);
  return {
    diagnosis: findings.filter((finding) => !seen.has(finding.code) && Boolean(seen.add(finding.code))),
    ...(signingString === undefined ? {} : { signingString }),
    ...(body.length === 0 || options.deferBodyDigest ? {} : { bodyDigest: await computeDigest(body) }),
  };
}

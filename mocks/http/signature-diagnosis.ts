/**
 * The signature doctor at the sandbox's edge (issue 26 point 3; decision 0052; docs/signing.md "The signature
 * doctor"): a refused signature's 401 names the mistake by the doctor's code, in its tppMessage's text and in the
 * X-Sandbox-Signature-Diagnosis header, and what the doctor found is handed to the request's record. The doctor
 * (src/signing/diagnose.ts) runs only on a refusal, in the browser's sandbox as on the server: WebCrypto and BigInt.
 */
import { SIGNATURE_DIAGNOSIS_HEADER, type SignatureDiagnosisCode } from "../../src/contract/signature-diagnoses";
import type { DiagnosisCode, SignableRequest, SignatureExamination, VerifyFailure } from "../../src/signing/index";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The codes the doctor gives are the contract's table, no more and no fewer (src/signing may not import the contract). */
export const DOCTOR_CODES_ARE_THE_TABLE: Same<DiagnosisCode, SignatureDiagnosisCode> = true;

/**
 * How many diagnoses run at once. Each is bounded (a few hundred hashes of short strings, one RSA opening, a body of
 * at most 64 KiB re-serialised a few dozen times); a flood of refused requests past this many is refused with the
 * verifier's own reason, undiagnosed, rather than queueing the event loop behind it.
 */
export const MAX_DIAGNOSES_AT_ONCE = 4;
let running = 0;

/** Shared with signature-check.ts: loaded on the first signed request, not with the sandbox. */
let signingModule: Promise<typeof import("../../src/signing/index")> | undefined;
export const signing = () => (signingModule ??= import("../../src/signing/index"));

/** The verifier's refusal as the only finding: a check made before the body was read, or the doctor busy. */
export const undiagnosed = (failure: VerifyFailure): SignatureExamination => ({
  diagnosis: [{ code: failure.reason, text: failure.text }],
  ...(failure.signingString === undefined ? {} : { signingString: failure.signingString }),
});

/**
 * What the doctor finds in `request`, which the verifier refused with `failure` (at sandbox time `now`);
 * `deferBodyDigest`: its body is not read yet, and is not judged.
 */
export async function examineRefusal(
  failure: VerifyFailure,
  request: SignableRequest,
  now: Date,
  options: { deferBodyDigest?: boolean } = {},
): Promise<SignatureExamination> {
  if (running >= MAX_DIAGNOSES_AT_ONCE) return undiagnosed(failure);
  running++;
  try {
    const examination = await (await signing()).examineSignature(request, { now, ...options });
    return examination.diagnosis.length > 0 ? examination : { ...examination, ...undiagnosed(failure) };
  } finally {
    running--;
  }
}

/** The findings' codes, comma-separated, the refusal's own first. */
export const diagnosisHeader = (examination: SignatureExamination): Record<string, string> =>
  examination.diagnosis.length === 0 ? {} : { [SIGNATURE_DIAGNOSIS_HEADER]: examination.diagnosis.map((finding) => finding.code).join(",") };

/**
 * The refusal's tppMessage text: the first finding's, which says what was wrong and the fix (the verifier's own where
 * the doctor has nothing to add). Its code travels in the header, not in the text: a text a TPP matched on stays.
 */
export function refusalText(examination: SignatureExamination, failure: VerifyFailure): string {
  const text = examination.diagnosis[0]?.text ?? failure.text;
  const first = examination.diagnosis[0];
  // An unexplained mismatch's text numbers the rebuilt lines itself; otherwise the string follows (the header has it whole).
  if (failure.signingString === undefined || first?.code === "signature-mismatch") return text;
  return `${text} Signing string rebuilt by the sandbox:\n${failure.signingString}`;
}

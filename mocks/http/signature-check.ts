/**
 * The sandbox checks signatures as strictly as a bank (design, "Signing in the sandbox") and says
 * exactly what did not match. The signing string it rebuilt also travels in a response header, in
 * full, because a tppMessage text stops at 512 characters.
 */
import type { HashedBody, SignatureExamination, VerifyFailure } from "../../src/signing/index";
import type { RequestVerifier } from "../env/sandbox-env";
import type { IncomingRequest, VerifiedSigner } from "./incoming";
import { tppError } from "../../src/contract/tpp-messages";
import { errorAnswer, type Answer } from "../env/answer";
import { diagnosisHeader, examineRefusal, refusalText, signing, undiagnosed } from "./signature-diagnosis";

export const SIGNING_STRING_HEADER = "X-Sandbox-Signing-String";

const utf8Base64 = (text: string) => {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * On success, who signed: what the replay guard, hosted mode and the request log know the TPP by. On a refusal, what
 * the signature doctor found (signature-diagnosis.ts), for the request's record.
 */
export type SignatureCheck =
  | {
      ok: true;
      headers: Record<string, string>;
      signer: VerifiedSigner;
      /** What the doctor says of a signature it accepted that a bank may refuse (a headers list with capitals). */
      advice?: SignatureExamination;
    }
  | { ok: false; answer: Answer; examination: SignatureExamination };

/** WebCrypto's check, on this thread: the browser's sandbox and Vitest (the standalone server gives its own, server/verify-pool.ts). */
export const webCryptoVerifier: RequestVerifier = async (request, now, options) => (await signing()).verifyRequest(request, { now, ...options });

const rebuiltHeader = (signingString: string | undefined): Record<string, string> =>
  signingString === undefined ? {} : { [SIGNING_STRING_HEADER]: utf8Base64(signingString) };

/**
 * A failed check as the TPP gets it: the code, the doctor's finding (or the verifier's text) with the signing string
 * the sandbox rebuilt, that string in its header and the findings' codes in theirs.
 */
function refusal(result: VerifyFailure, examination: SignatureExamination): { ok: false; answer: Answer; examination: SignatureExamination } {
  const path = result.code.startsWith("CERTIFICATE") ? "TPP-Signature-Certificate" : "Signature";
  return {
    ok: false,
    answer: errorAnswer([tppError(result.code, refusalText(examination, result), path)], {
      ...rebuiltHeader(result.signingString),
      ...diagnosisHeader(examination),
    }),
    examination,
  };
}

/**
 * `deferBodyDigest`: the body is not read yet (the server checks a large body's request first);
 * everything but the Digest's value is checked, and checkStreamedDigest compares it once the body
 * has been hashed as it streamed.
 */
export async function checkSignature(
  verify: RequestVerifier,
  request: { method: string; target: string; headers: IncomingRequest["headers"]; body: string },
  now: Date,
  options: { deferBodyDigest?: boolean } = {},
): Promise<SignatureCheck> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const signable = { method: request.method, url: request.target, headers, body: request.body };
  const result = await verify(signable, now, options);
  if (result.ok) {
    const smell = (await signing()).listCaseSmell(headers.signature);
    const accepted = {
      ok: true as const,
      headers: rebuiltHeader(result.signingString),
      signer: { ...result.fingerprints, subject: result.certificate.subject },
    };
    return smell === undefined ? accepted : { ...accepted, advice: { diagnosis: [smell] } };
  }
  return refusal(result, await examineRefusal(result, signable, now, options));
}

/**
 * After checkSignature with deferBodyDigest: the body, hashed as it streamed, against the Digest; the same 401 as
 * checkSignature's, or undefined. `received`: the request with its body whole, for the signature doctor.
 */
export async function checkStreamedDigest(
  headers: IncomingRequest["headers"],
  body: HashedBody,
  received?: { method: string; target: string; body: Uint8Array; now: Date },
): Promise<{ answer: Answer; examination: SignatureExamination } | undefined> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  const problem = await (await signing()).checkStreamedBody({ headers: record }, body);
  if (!problem) return undefined;
  const examination = received
    ? await examineRefusal(problem, { method: received.method, url: received.target, headers: record, body: received.body }, received.now)
    : undiagnosed(problem);
  return refusal(problem, examination);
}

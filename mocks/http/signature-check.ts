/**
 * The sandbox checks signatures as strictly as a bank (design, "Signing in the sandbox") and says
 * exactly what did not match. The signing string it rebuilt also travels in a response header, in
 * full, because a tppMessage text stops at 512 characters.
 */
import type { HashedBody, VerifyFailure } from "../../src/signing/index";
import type { RequestVerifier } from "../env/sandbox-env";
import type { IncomingRequest, VerifiedSigner } from "./incoming";
import { tppError } from "../../src/contract/tpp-messages";
import { errorAnswer, type Answer } from "../env/answer";

export const SIGNING_STRING_HEADER = "X-Sandbox-Signing-String";

const utf8Base64 = (text: string) => {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** On success, who signed: what the replay guard, hosted mode and the request log know the TPP by. */
export type SignatureCheck = { ok: true; headers: Record<string, string>; signer: VerifiedSigner } | { ok: false; answer: Answer };

/**
 * Loaded on the first signed request, not with the sandbox: the certificate code is the larger half
 * of it. Kept once loaded: every import() call goes through the module loader again (in Node under
 * tsx, a message to its loader thread per request).
 */
let signingModule: Promise<typeof import("../../src/signing/index")> | undefined;
const signing = () => (signingModule ??= import("../../src/signing/index"));

/** WebCrypto's check, on this thread: the browser's sandbox and Vitest (the standalone server gives its own, server/verify-pool.ts). */
export const webCryptoVerifier: RequestVerifier = async (request, now, options) => (await signing()).verifyRequest(request, { now, ...options });

const rebuiltHeader = (signingString: string | undefined): Record<string, string> =>
  signingString === undefined ? {} : { [SIGNING_STRING_HEADER]: utf8Base64(signingString) };

/** A failed check as the TPP gets it: the code, the text with the signing string the sandbox rebuilt, and that string in its header. */
function refusal(result: VerifyFailure): { ok: false; answer: Answer } {
  const text = result.signingString === undefined ? result.text : `${result.text} Signing string rebuilt by the sandbox:\n${result.signingString}`;
  return {
    ok: false,
    answer: errorAnswer(
      [tppError(result.code, text, result.code.startsWith("CERTIFICATE") ? "TPP-Signature-Certificate" : "Signature")],
      rebuiltHeader(result.signingString),
    ),
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
  if (result.ok) return { ok: true, headers: rebuiltHeader(result.signingString), signer: { ...result.fingerprints, subject: result.certificate.subject } };
  return refusal(result);
}

/** After checkSignature with deferBodyDigest: the body, hashed as it streamed, against the Digest; the same 401 as checkSignature's, or undefined. */
export async function checkStreamedDigest(headers: IncomingRequest["headers"], body: HashedBody): Promise<Answer | undefined> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  const problem = await (await signing()).checkStreamedBody({ headers: record }, body);
  return problem ? refusal(problem).answer : undefined;
}

/**
 * Validates a matched request with the contract: headers, path, query and body, all at once, so
 * one answer lists every problem. A missing signature or certificate is a 401 and answered alone.
 */
import type { TppMessage } from "../../src/contract/common-objects";
import { deprecationWarnings } from "../../src/contract/deprecations";
import type { Operation } from "../../src/contract/operations";
import { SIGNATURE_DIAGNOSIS_HEADER } from "../../src/contract/signature-diagnoses";
import { issuesToTppMessages, type RequestPart } from "../../src/contract/tpp-messages";
import type { z } from "zod";

export interface ValidRequest {
  headers: unknown;
  params: unknown;
  query: unknown;
  body: unknown;
  warnings: TppMessage[];
}

export type Validation = { ok: true; value: ValidRequest } | { ok: false; messages: TppMessage[]; headers?: Record<string, string> };

function check(schema: z.ZodType | undefined, input: unknown, part: RequestPart, messages: TppMessage[]): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  messages.push(...issuesToTppMessages(result.error.issues, part, input));
  return undefined;
}

/** Berlin Group answers a request without signature or certificate with 401 and these codes. */
function signatureMissing(messages: TppMessage[]): TppMessage[] {
  return messages
    .filter((message) => message.code === "HTTP_HEADER_REQUIRED" && (message.path === "Signature" || message.path === "TPP-Signature-Certificate"))
    .map((message) =>
      message.path === "Signature"
        ? {
            ...message,
            code: "SIGNATURE_MISSING",
            text: "The request has no Signature header: sign it (spec 5) and send Signature, Digest and TPP-Signature-Certificate.",
          }
        : {
            ...message,
            code: "CERTIFICATE_MISSING",
            text: "The request has no TPP-Signature-Certificate header: send the signing certificate as one line of base64 DER.",
          },
    );
}

/**
 * A signed request without the Digest its operation requires is refused as a wrong Digest is: 401 SIGNATURE_INVALID with
 * the signature doctor's code, not a 400 (decision 0059). The body hash is part of what the signature vouches for.
 */
function digestMissing(messages: TppMessage[]): TppMessage | undefined {
  const missing = messages.find((message) => message.code === "HTTP_HEADER_REQUIRED" && message.path === "Digest");
  return (
    missing && {
      ...missing,
      code: "SIGNATURE_INVALID",
      text:
        "The request has no Digest header (spec 5.7), which a signed request carries: send Digest: SHA-256=<base64 of the SHA-256 of the body " +
        "(of an empty body: 47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=)>, and list digest in the Signature's headers.",
    }
  );
}

export function validateRequest(
  operation: Operation,
  input: { headers: Record<string, string>; params: Record<string, string>; query: Record<string, string>; body: unknown },
  /** Problems found while reading the request; a body that could not be read is not validated again. */
  earlier: { messages: TppMessage[]; bodyUnreadable: boolean },
): Validation {
  const messages: TppMessage[] = [...earlier.messages];
  const headers = check(operation.headers, input.headers, "header", messages);
  const params = check(operation.pathParams, input.params, "path", messages);
  const query = check(operation.query, input.query, "query", messages);
  const body = earlier.bodyUnreadable ? undefined : check(operation.body, input.body, "body", messages);
  const unsigned = signatureMissing(messages);
  if (unsigned.length > 0) return { ok: false, messages: unsigned };
  const noDigest = digestMissing(messages);
  if (noDigest) return { ok: false, messages: [noDigest], headers: { [SIGNATURE_DIAGNOSIS_HEADER]: "digest-missing" } };
  // A malformed Digest or certificate is a 401 of its own (docs/signing.md), as the verifier would answer it.
  const badSignature = messages.filter((message) => message.code === "SIGNATURE_INVALID" || message.code === "CERTIFICATE_INVALID");
  if (badSignature.length > 0) return { ok: false, messages: badSignature };
  if (messages.length > 0) return { ok: false, messages };
  const warnings = operation.body ? deprecationWarnings(operation.body, body) : [];
  return { ok: true, value: { headers, params, query, body, warnings } };
}

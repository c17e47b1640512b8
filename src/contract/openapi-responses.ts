/**
 * The responses of the OpenAPI document besides the success bodies: the error answers by status,
 * each with an example tppMessage per code it can carry (error-examples.ts), the refusals any
 * request can get (405, 413, 431, 500) and the headers the sandbox sends with every answer.
 */
import { componentUri } from "./component-ref";
import { errorExample } from "./error-examples";
import { errorStatus, type ErrorCode } from "./errors";
import { SIGNATURE_DIAGNOSIS_HEADER } from "./signature-diagnoses";

type Json = Record<string, unknown>;

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Headers of every answer to a /v1/ request, as components so each response names them once. */
export const commonHeaders = {
  "X-Request-ID": {
    description: "The request's own X-Request-ID, echoed when it sent one.",
    schema: { type: "string" },
  },
  "X-Sandbox-Signing-String": {
    description:
      "Sandbox only: base64 of the signing string the sandbox rebuilt and verified (on every signed answer, and on a signature refusal, to compare with what was signed).",
    schema: { type: "string", contentEncoding: "base64" },
  },
  [SIGNATURE_DIAGNOSIS_HEADER]: {
    description:
      "Sandbox only: on a refused signature (and a stale signed Date), the signature doctor's findings by code, comma-separated, the first " +
      "the refusal's own, whose text is the tppMessage's: what was wrong and the fix (docs/signing.md, \"The signature doctor\").",
    schema: { type: "array", items: { $ref: componentUri("SignatureDiagnosisCode") } },
  },
  Allow: { description: "The methods the path takes.", schema: { type: "string" } },
};

/** The schema of a success header the operation table names. */
const successHeaderSchema: Record<string, Json> = {
  Location: { type: "string", format: "uri" },
  "X-Total-Count": { type: "integer", minimum: 0 },
};

export function successHeaders(named: Record<string, string> | undefined): Json {
  return {
    ...Object.fromEntries(
      Object.entries(named ?? {}).map(([name, description]) => [name, { description, schema: successHeaderSchema[name] ?? { type: "string" } }]),
    ),
    "X-Request-ID": headerRef("X-Request-ID"),
    "X-Sandbox-Signing-String": headerRef("X-Sandbox-Signing-String"),
  };
}

/** The texts of a few codes as the control routes word them (their interface examples name payment fields). */
type Texts = Partial<Record<ErrorCode, { text: string; path?: string }>>;

/** An error body for each code, named by it; the first is what a mock answers. */
function errorContent(codes: readonly ErrorCode[], texts: Texts): Json {
  return {
    "application/json": {
      schema: { $ref: componentUri("Error") },
      examples: Object.fromEntries(
        codes.map((code) => [
          code,
          { summary: code, value: { tppMessages: [texts[code] ? { category: "ERROR", code, ...texts[code] } : errorExample(code)] } },
        ]),
      ),
    },
  };
}

function errorResponse(codes: readonly ErrorCode[], description: string, headers: Json = {}, texts: Texts = {}): Json {
  return { description, headers: { "X-Request-ID": headerRef("X-Request-ID"), ...headers }, content: errorContent(codes, texts) };
}

/** Refusals any request can get, whatever its operation: the server's edge and the dispatcher. */
export const commonResponses = {
  MethodNotAllowed: errorResponse(["SERVICE_INVALID"], "The path does not take the method sent (Berlin Group lists 405 on every operation).", {
    Allow: headerRef("Allow"),
  }),
  ContentTooLarge: errorResponse(["CONTENT_TOO_LARGE"], "The body is larger than the server takes (1 MiB; decision 0019)."),
  HeaderFieldsTooLarge: errorResponse(["HEADER_FIELDS_TOO_LARGE"], "The request headers are larger than the server takes (16 KiB; decision 0019)."),
  SystemError: errorResponse(["SYSTEM_ERROR"], "The sandbox failed while answering; the request changed nothing. A sandbox bug."),
};

const commonByStatus = { 405: "MethodNotAllowed", 413: "ContentTooLarge", 431: "HeaderFieldsTooLarge", 500: "SystemError" } as const;

/** The operation's error answers by status, with its codes, then the refusals every request can get. */
export function errorResponses(codes: readonly ErrorCode[]): Json {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  const own = Object.fromEntries(
    [...byStatus]
      .filter(([status]) => !(status in commonByStatus))
      .map(([status, list]) => [
        String(status),
        errorResponse(
          list,
          `tppMessages with code ${list.join(", ")}.`,
          status === 401
            ? { "X-Sandbox-Signing-String": headerRef("X-Sandbox-Signing-String"), [SIGNATURE_DIAGNOSIS_HEADER]: headerRef(SIGNATURE_DIAGNOSIS_HEADER) }
            : {},
        ),
      ]),
  );
  const common = Object.fromEntries(Object.entries(commonByStatus).map(([status, name]) => [status, { $ref: `#/components/responses/${name}` }]));
  return { ...own, ...common };
}

/** A control route's refusals: any 4XX with a tppMessage (unsigned, so no signature codes), and a sandbox failure. */
export const controlErrorResponses = {
  "4XX": errorResponse(
    ["FORMAT_ERROR", "RESOURCE_UNKNOWN", "SERVICE_INVALID"],
    "tppMessages saying what was wrong (415 when a state-changing call is not JSON).",
  ),
  "500": { $ref: "#/components/responses/SystemError" },
};

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
  "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 0 } },
  "X-Sandbox-Scenario-Applied": {
    description: "Sandbox only: on an answer a scenario forced, which one: header (<scenario>) or rule <id> (<scenario>). See x-sandbox-scenarios.",
    schema: { type: "string" },
  },
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

/** An error body for each code, named by it; the first is what a mock answers. `more`: further named examples of these codes. */
function errorContent(codes: readonly ErrorCode[], texts: Texts, more: Json = {}): Json {
  return {
    "application/json": {
      schema: { $ref: componentUri("Error") },
      examples: {
        ...Object.fromEntries(
          codes.map((code) => [
            code,
            { summary: code, value: { tppMessages: [texts[code] ? { category: "ERROR", code, ...texts[code] } : errorExample(code)] } },
          ]),
        ),
        ...more,
      },
    },
  };
}

function errorResponse(codes: readonly ErrorCode[], description: string, headers: Json = {}, texts: Texts = {}, more: Json = {}): Json {
  return { description, headers: { "X-Request-ID": headerRef("X-Request-ID"), ...headers }, content: errorContent(codes, texts, more) };
}

const REUSED_ID = "99391c7e-ad88-49ec-a2ad-99ddcb1f7721";
/** The replay guard's 409 (mocks/http/request-guard.ts), as an example of its own beside an operation's other CONFLICTs. */
const requestIdReused = {
  REQUEST_ID_REUSED: {
    summary: "CONFLICT: X-Request-ID used before",
    value: {
      tppMessages: [
        {
          category: "ERROR",
          code: "CONFLICT",
          path: "X-Request-ID",
          text:
            `X-Request-ID ${REUSED_ID} was already used with this certificate's key, first at 2026-11-24T09:30:00.000Z (real time); a request id is good ` +
            "for one request. Send every request, a retry too, with a new X-Request-ID (a fresh UUID) and sign it again. This request changed nothing.",
        },
      ],
    },
  },
};
const REUSED_TEXT =
  "An X-Request-ID this certificate's key has used before (kept 7 days, or until 10 minutes past a signed Date): 409 CONFLICT at path " +
  "X-Request-ID, and the request changed nothing. Every request, a retry too, needs a new X-Request-ID.";

/** Why a scenario's answer is documented: the sandbox forces it on request, a bank sends it when it must. */
const scenarioNote = (header: string) =>
  `Sandbox scenario: only when a TPP forces it, by the request header X-Sandbox-Scenario: ${header} or a rule of GET /__sandbox/scenarios ` +
  "(see x-sandbox-scenarios); a bank sends it under load or maintenance. Retry-After says when to retry; the request changed nothing.";
const scenarioHeaders = { "Retry-After": headerRef("Retry-After"), "X-Sandbox-Scenario-Applied": headerRef("X-Sandbox-Scenario-Applied") };
/** The text of a forced answer, as mocks/scenarios/forced.ts words it. */
const forced = (what: string, header: string) => ({
  text: `${what} Forced by the sandbox's scenario header (${header}), not by a rule of the bank. This request changed nothing.`,
});

/** Refusals any request can get, whatever its operation: the server's edge and the dispatcher. */
export const commonResponses = {
  MethodNotAllowed: errorResponse(["SERVICE_INVALID"], "The path does not take the method sent (Berlin Group lists 405 on every operation).", {
    Allow: headerRef("Allow"),
  }),
  ContentTooLarge: errorResponse(["CONTENT_TOO_LARGE"], "The body is larger than the server takes (1 MiB; decision 0019)."),
  HeaderFieldsTooLarge: errorResponse(["HEADER_FIELDS_TOO_LARGE"], "The request headers are larger than the server takes (16 KiB; decision 0019)."),
  SystemError: errorResponse(["SYSTEM_ERROR"], "The sandbox failed while answering; the request changed nothing. A sandbox bug."),
  TooManyRequests: errorResponse(["ACCESS_EXCEEDED"], scenarioNote("too-many-requests;retry-after=10"), scenarioHeaders, {
    ACCESS_EXCEEDED: forced("Too many requests.", "too-many-requests;retry-after=10"),
  }),
  ServiceUnavailable: errorResponse(["SERVICE_UNAVAILABLE"], scenarioNote("service-unavailable;retry-after=30"), scenarioHeaders, {
    SERVICE_UNAVAILABLE: forced("The service is unavailable.", "service-unavailable;retry-after=30"),
  }),
};

const commonByStatus = {
  405: "MethodNotAllowed",
  413: "ContentTooLarge",
  429: "TooManyRequests",
  431: "HeaderFieldsTooLarge",
  500: "SystemError",
  503: "ServiceUnavailable",
} as const;

/**
 * The operation's error answers by status, with its codes, then the refusals every request can get. An operation
 * that takes an X-Request-ID (every one of the interface) can be refused 409 for an id used before.
 */
export function errorResponses(codes: readonly ErrorCode[], takesRequestId = true): Json {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  if (takesRequestId && !byStatus.has(409)) byStatus.set(409, []);
  const own = Object.fromEntries(
    [...byStatus]
      .filter(([status]) => !(status in commonByStatus))
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => {
        const reused = status === 409 && takesRequestId;
        const description = [list.length > 0 ? `tppMessages with code ${list.join(", ")}.` : "", reused ? REUSED_TEXT : ""].filter(Boolean).join(" ");
        return [
          String(status),
          errorResponse(
            list,
            description,
            status === 401
              ? { "X-Sandbox-Signing-String": headerRef("X-Sandbox-Signing-String"), [SIGNATURE_DIAGNOSIS_HEADER]: headerRef(SIGNATURE_DIAGNOSIS_HEADER) }
              : {},
            {},
            reused ? requestIdReused : {},
          ),
        ];
      }),
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

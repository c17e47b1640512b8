/**
 * The parameters of the OpenAPI document's operations, each with an example where a request needs one: the
 * examples of one operation together make a request the sandbox accepts on the day the document is served, for
 * the fixed data set (Kari Nordmann, PSU-ID …1a21), its path parameters being the ids the creating operation's
 * example answer gives (linked by the document's `links`). Decision 0053 says why each is shaped as it is.
 */
import { DATE_WINDOW_MS, IMF_FIXDATE } from "./date-header";
import { DEFAULT_PSU_ID } from "./default-psu";
import { EXAMPLE_BASKET_ID, EXAMPLE_PAYMENT_ID, EXAMPLE_PERIODIC_ID } from "./payment-examples";
import { EXAMPLE_TRANSACTION_ID } from "./sandbox-examples";
import { schemaOf, type JsonSchema } from "./openapi-schema";
import { patternText } from "./pattern-text";
import { SIGNATURE_HEADERS } from "./openapi-security";
import type { Operation } from "./operations";
import { z } from "./zod";

/** Headers whose example a request needs (or that shows what to send), beside those the schema's own examples give. */
const headerExamples: Record<string, string> = {
  "TPP-Session-ID": "6b3f1c2a-9d8e-4f70-a1b2-c3d4e5f60718",
  "TPP-Redirect-URI": "https://tpp.example/callback",
  "PSU-IP-Address": "192.0.2.10",
  "PSU-ID": DEFAULT_PSU_ID,
  Accept: "application/json",
};

/** Path parameters: the ids the creating operation's example answer gives, and an account of the fixed data. */
function pathExample(operation: { group: string }, name: string): string | undefined {
  if (name === "paymentId") return operation.group === "Periodic payments" ? EXAMPLE_PERIODIC_ID : EXAMPLE_PAYMENT_ID;
  return { basketId: EXAMPLE_BASKET_ID, mockAccountId: "acc-001", transactionId: EXAMPLE_TRANSACTION_ID }[name];
}

/**
 * Headers whose parameter carries no example of the schema's: one fixed X-Request-ID is good for one request (each
 * operation gets its own, made when the document is), and a PSU-Corporate-ID sent for the private PSU of the other
 * examples would be refused (a tool that sends every example must get a request the sandbox accepts). x-accept-fix has
 * none either: each of its values activates a breaking change, and a request needs none of them (decision 0059).
 */
const ACCEPT_FIX = "x-accept-fix";
const NO_SHARED_EXAMPLE = ["X-Request-ID", "PSU-Corporate-ID", ACCEPT_FIX];
const ALTERNATIVE = "X-PSU-IDENTITY";

/** The PSU rule of spec 5.8 as generators can follow it (decision 0053): PSU-ID marked required, X-PSU-IDENTITY its alternative. */
export const PSU_EXACTLY_ONE = ["PSU-ID", ALTERNATIVE];
const psuNotes: Record<string, string> = {
  "PSU-ID":
    'Exactly one of PSU-ID and X-PSU-IDENTITY names the PSU (spec 5.8). OpenAPI cannot say "one of two headers", so this document marks PSU-ID, ' +
    "the one most TPPs send, as required: a generator then sends it with its example. A request that names the PSU by X-PSU-IDENTITY instead, " +
    "without PSU-ID, is accepted too; one with both is refused (400 FORMAT_ERROR).",
  [ALTERNATIVE]:
    "Instead of PSU-ID, never with it: exactly one of the two (spec 5.8; 400 FORMAT_ERROR with both), for example 15829010019. It has no example, so that a generator " +
    "that sends every example sends PSU-ID alone.",
};

/** The Date header (decision 0013): optional, signed when present, within the window of real time. */
export const dateParameter = {
  name: "Date",
  in: "header",
  required: false,
  description:
    `The time of the request, RFC 9110 IMF-fixdate (Tue, 24 Nov 2026 09:30:00 GMT). Optional; when present it must be signed (Signature's headers list it) ` +
    `and within ${String(DATE_WINDOW_MS / 60_000)} minutes of the bank's real time either way (never the sandbox clock): outside that window ` +
    "401 SIGNATURE_INVALID at path Date, not an HTTP date 400 FORMAT_ERROR. A request without Date relies on its X-Request-ID alone. " +
    "It has no example: any fixed time is outside the window five minutes later; a signing step sets it.",
  schema: {
    type: "string",
    pattern: IMF_FIXDATE.source,
    ...patternText("An IMF-fixdate: weekday, day, month, year, hh:mm:ss GMT, as Tue, 24 Nov 2026 09:30:00 GMT."),
  },
};

interface Described {
  description?: string;
  examples?: unknown[];
}

export interface ParameterSource extends Pick<Operation, "pathParams" | "query"> {
  group: string;
  headers?: z.ZodType;
}

/**
 * An operation's parameters: path, header (less the signature's, which are security schemes) and query, each
 * with the example a request needs; `requestId` is this operation's own X-Request-ID example.
 */
export function parameters(operation: ParameterSource, requestId?: string): JsonSchema[] {
  const params: JsonSchema[] = [];
  const meta: Record<string, unknown> | undefined = operation.headers && z.globalRegistry.get(operation.headers);
  const exactlyOne = meta?.["x-exactly-one-of"];
  const add = (where: "path" | "header" | "query", object: z.ZodType | undefined, io: "input" | "output") => {
    if (!object) return;
    const json = schemaOf(object, io) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      // The signature headers are security schemes: a signing step sets them, not each call.
      if (where === "header" && (SIGNATURE_HEADERS as readonly string[]).includes(name)) continue;
      const { description, examples, ...schema } = property as JsonSchema & Described;
      const psu = exactlyOne && PSU_EXACTLY_ONE.includes(name);
      const required = where === "path" || (json.required ?? []).includes(name) || (psu && name === "PSU-ID");
      const example =
        where === "path"
          ? pathExample(operation, name)
          : name === "X-Request-ID"
            ? requestId
            : name === ALTERNATIVE || NO_SHARED_EXAMPLE.includes(name)
              ? undefined
              : (headerExamples[name] ?? (where === "header" ? examples?.[0] : undefined));
      params.push({
        name,
        in: where,
        required,
        description: psu ? `${description ?? ""} ${psuNotes[name] ?? ""}`.trim() : description,
        schema: NO_SHARED_EXAMPLE.includes(name) || name === ALTERNATIVE || !examples ? schema : { ...schema, examples },
        ...(example === undefined ? {} : { example }),
        ...(psu ? { "x-exactly-one-of": PSU_EXACTLY_ONE } : {}),
      });
    }
  };
  add("path", operation.pathParams, "input");
  add("header", operation.headers, "input");
  if (operation.headers && "Signature" in (operation.headers as z.ZodObject).shape) params.push(dateParameter);
  // Query values arrive as text but mean numbers and dates: document what they mean.
  add("query", operation.query, "output");
  return params;
}

/**
 * The console's form: one react-hook-form over headers, path parameters, query and body, validated
 * by the operation's own contract schemas (zodResolver). Headers the portal computes when sending
 * (Digest, Signature, certificate, a fresh X-Request-ID) are filled with stand-ins for validation.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { Operation } from "../../contract/operations";
import { z } from "../../contract/zod";
import type { ExampleValues } from "../../lib/examples";
import { pruneEmpty, type FieldNode } from "../../lib/form-fields";

/** The form's values are the examples' values (src/lib/examples.ts), which start it. */
export interface ConsoleValues extends FieldValues, ExampleValues {}

export const COMPUTED_HEADERS = ["Digest", "Signature", "TPP-Signature-Certificate"] as const;
/** Who the request acts for: the headers a user of the console chooses, shown open. */
export const PSU_HEADERS: ReadonlySet<string> = new Set(["PSU-ID", "X-PSU-IDENTITY", "PSU-Corporate-ID"]);
/**
 * Headers the example fills with a value the portal picks (exampleRequest in src/contract/example-requests.ts):
 * folded in the console with X-Request-ID, so the headers a user came to change are in view.
 */
export const DEFAULTED_HEADERS: ReadonlySet<string> = new Set(["TPP-Session-ID", "TPP-Redirect-URI", "PSU-IP-Address", "Accept", "x-accept-fix"]);
const STAND_IN: Record<string, string> = {
  Digest: "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
  Signature: "computed-on-send",
  "TPP-Signature-Certificate": "Y29tcHV0ZWQ=",
};

export function withComputedHeaders(values: ConsoleValues): Record<string, string | undefined> {
  return {
    ...values.headers,
    ...STAND_IN,
    ...(values.newRequestId ? { "X-Request-ID": crypto.randomUUID() } : {}),
  };
}

/** The body as the form holds it: from the fields, or parsed from the JSON text in raw mode. */
export function bodyValue(values: ConsoleValues, nodes: FieldNode[]): { ok: true; value: unknown } | { ok: false; message: string } {
  if (!values.rawMode) return { ok: true, value: pruneEmpty(nodes, values.body) };
  try {
    return { ok: true, value: JSON.parse(values.rawBody) as unknown };
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export function consoleResolver(operation: Operation, nodes: FieldNode[]): Resolver<ConsoleValues> {
  const schema = z.object({
    headers: operation.headers,
    params: operation.pathParams ?? z.object({}),
    query: operation.query ?? z.object({}),
    body: operation.body ?? z.unknown(),
  });
  const validate = zodResolver(schema) as unknown as Resolver<ConsoleValues>;
  return async (values, context, options) => {
    const body = bodyValue(values, nodes);
    if (!body.ok) return { values: {}, errors: { rawBody: { type: "json", message: body.message } } };
    const result = await validate({ ...values, headers: withComputedHeaders(values), body: body.value }, context, options);
    return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
  };
}

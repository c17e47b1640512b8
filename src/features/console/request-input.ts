/** From the console's form values to the request the portal sends. */
import type { Operation } from "../../contract/operations";
import type { FieldNode } from "../../lib/form-fields";
import type { RequestInput } from "../../lib/request-draft";
import { bodyValue, COMPUTED_HEADERS, type ConsoleValues } from "./console-form";

export function requestInput(operation: Operation, values: ConsoleValues, nodes: FieldNode[], requestId: string): RequestInput {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(values.headers)) {
    if (!(COMPUTED_HEADERS as readonly string[]).includes(name)) headers[name] = value;
  }
  if (values.newRequestId || !headers["X-Request-ID"]) headers["X-Request-ID"] = requestId;
  let body: string | undefined;
  if (operation.body) {
    // In JSON mode the text goes out exactly as typed, broken or not: "send anyway" shows the sandbox's answer to it.
    const parsed = bodyValue(values, nodes);
    body = values.rawMode ? values.rawBody : JSON.stringify(parsed.ok ? (parsed.value ?? {}) : {});
  }
  return { operation, params: values.params, query: values.query, headers, body };
}

/** The console form's starting values: the operation's example request (src/contract/example-requests.ts) and the form's own switches. */
import { exampleRequest, type ExampleContext } from "../contract/example-requests";
import type { OperationId } from "../contract/operations";

export type { ExampleContext };

/** The console form's values (ConsoleValues there). */
export interface ExampleValues {
  headers: Record<string, string | undefined>;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
  /** A new X-Request-ID on every send (the default). */
  newRequestId: boolean;
  /** Edit the body as JSON text instead of fields. */
  rawMode: boolean;
  rawBody: string;
}

export function exampleValues(id: OperationId, context: ExampleContext, params: Record<string, string>): ExampleValues {
  return { ...exampleRequest(id, context, params), query: {}, newRequestId: true, rawMode: false, rawBody: "" };
}

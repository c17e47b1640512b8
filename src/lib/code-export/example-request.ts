/**
 * The code example of a reference page: the operation's example request (the console's starting
 * values, from what the sandbox holds) as the code request model. Path parameters the example
 * cannot know (a payment's id) stay as PAYMENT_ID-style placeholders to replace.
 */
import type { Operation } from "../../contract/operations";
import { exampleValues, type ExampleContext } from "../examples";
import { draftRequest } from "../request-draft";
import { codeRequestFromDraft, type CodeRequest } from "./request-model";

/** paymentId → PAYMENT_ID */
export const placeholder = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();

export function exampleCodeRequest(
  operation: Operation,
  context: ExampleContext,
  base: string,
): { request: CodeRequest; placeholders: string[]; params: Record<string, string> } {
  const values = exampleValues(operation.id, context, {});
  const names = Object.keys(operation.pathParams?.shape ?? {});
  const placeholders: string[] = [];
  const params = Object.fromEntries(
    names.map((name) => {
      const value = values.params[name];
      if (value !== undefined && value !== "") return [name, value];
      placeholders.push(placeholder(name));
      return [name, placeholder(name)];
    }),
  );
  const known = Object.keys(operation.headers.shape);
  const headers = Object.fromEntries(Object.entries(values.headers).filter(([name]) => known.includes(name)));
  const body = operation.body === undefined ? undefined : JSON.stringify(values.body ?? {});
  const draft = draftRequest({ operation, params, query: {}, headers, body }, base);
  return { request: codeRequestFromDraft(draft, base, operation.title), placeholders, params };
}

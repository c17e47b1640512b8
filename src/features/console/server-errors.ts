/** Puts the sandbox's tppMessages back onto the form fields they name (by path). */
import type { Operation } from "../../contract/operations";
import { COMPUTED_HEADERS } from "./console-form";
import { fieldNameOfPath } from "../../contract/tpp-messages";

export { tppMessagesOf, type TppMessageLike } from "../../lib/tpp-messages";

/** The form field a tppMessage's path names, if the form has one. */
export function formFieldOf(operation: Operation, path: string | undefined): string | undefined {
  if (!path) return undefined;
  const lower = path.toLowerCase();
  const header = Object.keys(operation.headers.shape).find((name) => name.toLowerCase() === lower);
  // Digest, Signature and the certificate have no field: the portal computes them.
  if (header) return (COMPUTED_HEADERS as readonly string[]).includes(header) ? undefined : `headers.${header}`;
  if (operation.pathParams && path in operation.pathParams.shape) return `params.${path}`;
  if (operation.query && ["fromDate", "toDate", "offset", "limit"].includes(path)) return `query.${path}`;
  return operation.body ? `body.${fieldNameOfPath(path)}` : undefined;
}

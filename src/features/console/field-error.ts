import type { FieldError, FieldErrors } from "react-hook-form";

/**
 * A form path as the portal writes it everywhere, the way the sandbox's tppMessages do: without the
 * form's part, a list's position in brackets from 0 (`body.monthsOfExecution.2` → `monthsOfExecution[2]`).
 */
export const displayPath = (path: string) => path.replace(/^(body|headers|query|params)\./, "").replace(/\.(\d+)(?=\.|$)/g, "[$1]");

/** The message at a form path, including those of a list's items ("monthsOfExecution[2]: …"). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[key];
  if (!node || typeof node !== "object") return undefined;
  const own = (node as FieldError).message;
  if (typeof own === "string" && own) return own;
  const items = Object.entries(node as Record<string, unknown>)
    .filter(([key, value]) => /^\d+$/.test(key) && typeof (value as FieldError | undefined)?.message === "string")
    .map(([key, value]) => `${displayPath(`${path}.${key}`)}: ${(value as FieldError).message ?? ""}`);
  const root = (node as { root?: FieldError }).root?.message;
  const all = [...(root ? [root] : []), ...items];
  return all.length > 0 ? all.join(" ") : undefined;
}

/** Whether any field at or under a form path has an error. */
export function hasErrorUnder(errors: FieldErrors, path: string): boolean {
  let node: unknown = errors;
  for (const key of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[key];
  return node !== undefined && node !== null;
}

export const fieldId = (path: string) => `field-${path.replace(/[^\w-]+/g, "-")}`;

/** The input a message about a form path belongs to: an item of a list field (`body.monthsOfExecution.2`) is shown at the list's input. */
export const fieldAnchor = (path: string) => `#${fieldId(path.replace(/\.\d+$/, ""))}`;

/**
 * The form's own validation errors; the sandbox's answers are shown at their fields and in the result
 * (`withServer` counts them too).
 */
export function formErrors(errors: FieldErrors, prefix = "", withServer = false): { path: string; message: string }[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== "object") return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const { message, type } = value as { message?: unknown; type?: unknown };
    if (typeof message === "string" && message) return type === "server" && !withServer ? [] : [{ path, message }];
    return formErrors(value as FieldErrors, path, withServer);
  });
}

/** The console's request tab a form path is on. */
export const requestTabOf = (path: string): "body" | "params" | "headers" =>
  path.startsWith("headers.") || path === "newRequestId" ? "headers" : path.startsWith("params.") || path.startsWith("query.") ? "params" : "body";

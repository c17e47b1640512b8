/** Turns contract violations into tppMessages (design, "Errors"): code, path and a text that tells the fix. */
import type { TppMessage } from "./common-objects";
import { clipCharacters } from "./characters";
import type { ErrorCode } from "./errors";
import type { z } from "./zod";

export type RequestPart = "header" | "query" | "path" | "body";

const TEXT_LIMIT = 512;

/** `creditorAccount.iban`, `remittanceInformationStructuredArray[0].reference`: how tppMessage paths read. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === "number" ? `[${String(key)}]` : `${index === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/** The react-hook-form field name of a tppMessage path (`items[0].x` → `items.0.x`). */
export function fieldNameOfPath(path: string): string {
  return path.replace(/\[(\d+)\]/g, ".$1").replace(/^\./, "");
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const missingCode: Record<RequestPart, ErrorCode> = {
  header: "HTTP_HEADER_REQUIRED",
  query: "QUERY_PARAMETER_REQUIRED",
  path: "FORMAT_ERROR",
  body: "FORMAT_ERROR",
};

const clip = (text: string) => clipCharacters(text, TEXT_LIMIT);

const partNoun: Record<RequestPart, string> = {
  header: "The header",
  query: "The query parameter",
  path: "The path parameter",
  body: "The field",
};

/** The code and text of one issue: a declared tppCode wins; a value that is absent is "required". */
function describe(issue: z.core.$ZodIssue, path: readonly PropertyKey[], part: RequestPart, input: unknown) {
  const declared = (issue as { params?: { tppCode?: ErrorCode } }).params?.tppCode;
  if (declared) return { code: declared, text: issue.message };
  const own = issue.code === "custom" || issue.code === "unrecognized_keys";
  if (!own && path.length > 0 && valueAt(input, path) === undefined)
    return { code: missingCode[part], text: `${partNoun[part]} ${formatPath(path)} is required: add it.` };
  return { code: "FORMAT_ERROR" as const, text: issue.message };
}

/** One tppMessage per issue; an unknown-field issue gives one per unknown field, pointing at it. */
export function issuesToTppMessages(issues: readonly z.core.$ZodIssue[], part: RequestPart, input: unknown): TppMessage[] {
  return issues.flatMap((issue) => {
    const paths = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    return paths.map((path) => {
      const { code, text } = describe(issue, path, part, input);
      return { category: "ERROR" as const, code, path: formatPath(path), text: clip(text) };
    });
  });
}

export const tppError = (code: ErrorCode, text: string, path?: string): TppMessage =>
  path === undefined ? { category: "ERROR", code, text: clip(text) } : { category: "ERROR", code, path, text: clip(text) };

export const tppWarning = (text: string, path?: string): TppMessage =>
  path === undefined ? { category: "WARNING", code: "WARNING", text: clip(text) } : { category: "WARNING", code: "WARNING", path, text: clip(text) };

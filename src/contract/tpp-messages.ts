/** Turns contract violations into tppMessages (design, "Errors"): code, path and a text that tells the fix. */
import type { TppMessage } from "./common-objects";
import { clipCharacters } from "./characters";
import type { ErrorCode } from "./errors";
import type { z } from "./zod";

export type RequestPart = "header" | "query" | "path" | "body";

const TEXT_LIMIT = 512;

/**
 * An answer lists at most this many tppMessages: the 19 first problems and one that says how many
 * more were found. A body of 100,000 unknown keys gave 100,000 messages (a 64 MB answer).
 */
export const MAX_TPP_MESSAGES = 20;

/** A path echoes keys of the input; a key of a megabyte would make every message that long. */
const PATH_LIMIT = 200;

/** `creditorAccount.iban`, `remittanceInformationStructuredArray[0].reference`: how tppMessage paths read. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === "number" ? `[${String(key)}]` : `${index === 0 ? "" : "."}${String(key)}`)).join("");
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
const clipPath = (text: string) => clipCharacters(text, PATH_LIMIT);

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

/** How many tppMessages these issues make: one each, and one per key of an unknown-field issue. */
const messageCount = (issues: readonly z.core.$ZodIssue[]) =>
  issues.reduce((count, issue) => count + (issue.code === "unrecognized_keys" ? issue.keys.length : 1), 0);

/**
 * One tppMessage per issue; an unknown-field issue gives one per unknown field, pointing at it.
 * At most MAX_TPP_MESSAGES, the last saying how many more there were: only those are worded.
 */
export function issuesToTppMessages(issues: readonly z.core.$ZodIssue[], part: RequestPart, input: unknown): TppMessage[] {
  const messages: TppMessage[] = [];
  for (const issue of issues) {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    for (const key of keys) {
      if (messages.length >= MAX_TPP_MESSAGES) return capMessages(messages, messageCount(issues));
      const path = key === undefined ? issue.path : [...issue.path, key];
      const { code, text } = describe(issue, path, part, input);
      messages.push({ category: "ERROR", code, path: clipPath(formatPath(path)), text: clip(text) });
    }
  }
  return capMessages(messages);
}

/**
 * At most MAX_TPP_MESSAGES: beyond that, the first ones and a last message that says how many
 * more were found (`total`, when the list given is already cut short). The status of the answer,
 * the first message's, does not change.
 */
export function capMessages(messages: readonly TppMessage[], total = messages.length): TppMessage[] {
  if (total <= MAX_TPP_MESSAGES) return [...messages];
  const shown = messages.slice(0, MAX_TPP_MESSAGES - 1);
  const first = shown[0];
  const more = total - shown.length;
  const code = first?.code === undefined || first.code === "WARNING" ? "BAD_REQUEST" : first.code;
  return [
    ...shown,
    { category: "ERROR", code, text: `${String(more)} more problems were found and are not listed; fix the ones above and send the request again.` },
  ];
}

export const tppError = (code: ErrorCode, text: string, path?: string): TppMessage =>
  path === undefined ? { category: "ERROR", code, text: clip(text) } : { category: "ERROR", code, path: clipPath(path), text: clip(text) };

export const tppWarning = (text: string, path?: string): TppMessage =>
  path === undefined
    ? { category: "WARNING", code: "WARNING", text: clip(text) }
    : { category: "WARNING", code: "WARNING", path: clipPath(path), text: clip(text) };

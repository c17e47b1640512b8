/**
 * Reads a request into what the contract validates: headers under their canonical names,
 * the query, and the body text. Every problem becomes a tppMessage; nothing here throws.
 */
import type { IncomingRequest } from "./incoming";
import type { TppMessage } from "../../src/contract/common-objects";
import { canonicalHeaderName } from "../../src/contract/headers";
import { tppError } from "../../src/contract/tpp-messages";

/** Bodies above this are refused before parsing: no real payment body comes near it. */
export const MAX_BODY_BYTES = 1024 * 1024;

export function canonicalHeaders(headers: IncomingRequest["headers"]): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    result[canonicalHeaderName(name) ?? name] = value;
  });
  return result;
}

export function readQuery(url: URL): { query: Record<string, string>; messages: TppMessage[] } {
  const query: Record<string, string> = {};
  const messages: TppMessage[] = [];
  for (const [name, value] of url.searchParams) {
    // Own keys only: `constructor` or `toString` is not "given twice" because {} inherits it.
    if (Object.hasOwn(query, name)) messages.push(tppError("FORMAT_ERROR", `The query parameter ${name} is given twice; give it once.`, name));
    query[name] = value;
  }
  return { query, messages };
}

/**
 * JSON nested deeper than this is refused before parsing. No body of the interface (nor a sandbox
 * export) comes near it, and error texts quote a wrong value with JSON.stringify, which overflows the
 * stack on a few thousand levels (`{"currency": [[[…]]]}` was a 500).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * A body of the interface holds a few dozen values; its longest lists are bounded by the contract
 * (999 structured references, 100 basket payments). Parsing is what costs before any of that is
 * checked: 100,000 keys in a 1 MB body took over 100 ms of JSON.parse alone, and as long again in
 * validation, while every other request waited. So more values than this are refused unparsed.
 */
export const MAX_JSON_VALUES = 10_000;

/**
 * Why a JSON text nests too deeply or holds too many values (fields and list items, counted by
 * their separating commas), if it does: one scan outside strings, without parsing.
 */
export function jsonNestingProblem(text: string, maxDepth = MAX_JSON_DEPTH, maxValues = Number.POSITIVE_INFINITY): string | undefined {
  let depth = 0;
  let commas = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > maxDepth) return `The body nests arrays and objects more than ${String(maxDepth)} levels deep; no body of this interface needs that.`;
    } else if (char === 0x5d || char === 0x7d) depth--;
    else if (char === 0x2c && ++commas >= maxValues)
      return `The body holds more than ${String(maxValues)} values (fields and list items); no body of this interface needs that many.`;
  }
  return undefined;
}

export type BodyRead = { ok: true; text: string; json: unknown } | { ok: false; messages: TppMessage[] };

function jsonProblem(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return `The body is not valid JSON (${detail}). Send a JSON object with Content-Type: application/json.`;
}

/** The same refusal, code and status as the standalone server's (413 CONTENT_TOO_LARGE, decision 0019). */
const tooLarge = (bytes: number): BodyRead => ({
  ok: false,
  messages: [
    tppError(
      "CONTENT_TOO_LARGE",
      `The body is ${String(bytes)} bytes; this sandbox takes at most ${String(MAX_BODY_BYTES)} bytes (1 MiB). No body of this interface comes near that.`,
    ),
  ],
});

/** The body as text (what the Digest covers) and as JSON, for operations that take one. */
export async function readBody(request: Pick<IncomingRequest, "headers" | "text">, expectsBody: boolean): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return tooLarge(declared);
  let text: string;
  try {
    text = await request.text();
  } catch {
    return { ok: false, messages: [tppError("FORMAT_ERROR", "The body could not be read as UTF-8 text.")] };
  }
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_BODY_BYTES) return tooLarge(bytes);
  if (!expectsBody) return { ok: true, text, json: undefined };
  const type = request.headers.get("content-type");
  if (type !== null && !/^application\/([\w.+-]+\+)?json\b/i.test(type.trim()))
    return { ok: false, messages: [tppError("FORMAT_ERROR", `Content-Type is ${type}; send the body as application/json.`, "Content-Type")] };
  if (text.trim() === "") return { ok: false, messages: [tppError("FORMAT_ERROR", "This operation needs a JSON body; the request has none.")] };
  const nesting = jsonNestingProblem(text, MAX_JSON_DEPTH, MAX_JSON_VALUES);
  if (nesting) return { ok: false, messages: [tppError("FORMAT_ERROR", nesting)] };
  try {
    return { ok: true, text, json: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, messages: [tppError("FORMAT_ERROR", jsonProblem(error))] };
  }
}

/**
 * Default texts for zod issues that a schema did not word itself. Each says what is wrong
 * with the value and what would be accepted, so a user can fix it without reading the spec.
 */
import type { core } from "zod";
import { characterCount, clipCharacters, neutralised } from "./characters";

type RawIssue = core.$ZodRawIssue;

const MAX_LISTED_OPTIONS = 12;

const SHOWN_LENGTH = 60;

const MAX_LISTED_KEYS = 5;

/**
 * A value as a user would write it: JSON where it has one, shortened, its controls and bidirectional controls
 * escaped (JSON leaves some as they are), so a quoted value cannot turn the text around it; never throws.
 */
export function shown(value: unknown): string {
  if (typeof value === "object" && value !== null) return Array.isArray(value) ? "This list" : "This object";
  let text: string;
  try {
    // JSON.stringify gives undefined for functions and symbols, whatever its type says.
    const json = JSON.stringify(value) as string | undefined;
    text = typeof json === "string" ? json : String(value);
  } catch {
    text = "This value";
  }
  return clipCharacters(neutralised(text), SHOWN_LENGTH);
}

function kindOf(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "an array";
  if (typeof input === "object") return "an object";
  if (typeof input === "string") return "a string";
  if (typeof input === "number") return Number.isInteger(input) ? "an integer" : "a number";
  if (typeof input === "boolean") return "a boolean";
  return typeof input;
}

const expectedNames: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "an array",
};

function listOptions(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED_OPTIONS).map((v) => String(v));
  const more = values.length - shown.length;
  return more > 0 ? `${shown.join(", ")} … (${String(more)} more)` : shown.join(", ");
}

const formatHints: Record<string, string> = {
  uuid: "a UUID such as 99391c7e-ad88-49ec-a2ad-99ddcb1f7721",
  date: "a calendar date written YYYY-MM-DD, such as 2026-11-21",
  email: "an e-mail address such as developer@tpp.example",
  url: "an absolute URL such as https://tpp.example/callback",
  ipv4: "an IPv4 address such as 192.0.2.10",
  ipv6: "an IPv6 address such as 2001:db8::10",
};

function sizeText(issue: core.$ZodRawIssue<core.$ZodIssueTooBig | core.$ZodIssueTooSmall>): string {
  const big = issue.code === "too_big";
  const limit = big ? (issue as core.$ZodIssueTooBig).maximum : (issue as core.$ZodIssueTooSmall).minimum;
  const input = issue.input;
  switch (issue.origin) {
    case "string": {
      // The unit zod's length checks count (code points): 71 emoji have 71 characters, not 142.
      const length = typeof input === "string" ? characterCount(input) : 0;
      if (!big && limit === 1) return "Must not be empty.";
      return `${big ? "At most" : "At least"} ${String(limit)} characters allowed; this value has ${String(length)}.`;
    }
    case "array":
    case "set": {
      const count = Array.isArray(input) ? input.length : 0;
      return `${big ? "At most" : "At least"} ${String(limit)} item${limit === 1 ? "" : "s"} allowed; this list has ${String(count)}.`;
    }
    default: {
      const inclusive = issue.inclusive !== false;
      const bound = big ? (inclusive ? "at most" : "less than") : inclusive ? "at least" : "greater than";
      return `Must be ${bound} ${String(limit)}; got ${String(input)}.`;
    }
  }
}

export function describeIssue(issue: RawIssue): string | undefined {
  const absent = issue.input === undefined && issue.code !== "custom" && issue.code !== "unrecognized_keys";
  if (absent) return "Required. Add this field.";
  switch (issue.code) {
    case "invalid_type": {
      const expected = expectedNames[issue.expected] ?? issue.expected;
      return `Must be ${expected}; got ${kindOf(issue.input)}.`;
    }
    case "too_big":
    case "too_small":
      return sizeText(issue);
    case "invalid_value":
      return `${shown(issue.input)} is not allowed. Use one of: ${listOptions(issue.values)}.`;
    case "invalid_format": {
      const hint = formatHints[issue.format];
      return hint ? `Must be ${hint}.` : `Does not have the expected format (${issue.format}).`;
    }
    case "unrecognized_keys": {
      // A body may hold 100,000 unknown keys; the text names the first few, each shortened.
      const named = issue.keys.slice(0, MAX_LISTED_KEYS).map((key) => (key.length > SHOWN_LENGTH ? `${key.slice(0, SHOWN_LENGTH - 1)}…` : key));
      const more = issue.keys.length - named.length;
      return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${named.join(", ")}${more > 0 ? ` and ${String(more)} more` : ""}. Remove ${issue.keys.length > 1 ? "them" : "it"} or check the spelling.`;
    }
    case "not_multiple_of":
      return `Must be a multiple of ${String(issue.divisor)}.`;
    default:
      return undefined;
  }
}

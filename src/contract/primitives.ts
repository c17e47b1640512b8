/** Field types shared by the tables of spec 2.1: text limits, dates, codes, account numbers. */
import { ValidationErrorsIBAN, getCountrySpecifications, validateIBAN } from "ibantools";
import { CONTROL_CHARACTERS, characterCount } from "./characters";
import { countryCodes } from "./countries";
import { currencyCodes } from "./currencies";
import { isValidNorwegianAccountNumber } from "./norwegian-numbers";
import { shown } from "./issue-text";
import { whenPresent, z } from "./zod";
import { patternText } from "./pattern-text";

/** A string of at most `max` characters (spec §8 limits), counted as code points (src/contract/characters.ts). */
export const text = (max: number) => z.string().max(max);

/** A non-empty string of at most `max` characters. */
export const nonEmptyText = (max: number) => z.string().min(1).max(max);

/**
 * What free text in a request never holds (decision 0049): C0 controls (NUL, TAB, CR, LF, …), DEL and the C1
 * controls, the line and paragraph separators, and the bidirectional controls (U+202A–U+202E embeddings and
 * overrides, U+2066–U+2069 isolates, U+200E/U+200F marks, U+061C). A bank's payment records (ISO 20022 text, a
 * statement line) have no place for a control or a line break, and a bidirectional control makes a creditor's
 * name or a message read as other text on the PSU's screen (the "Trojan Source" trick), so a bank refuses them.
 * As a pattern (JSON Schema, OpenAPI, forms): none of those characters (characters.ts CONTROL_CHARACTERS).
 */
export const FREE_TEXT_PATTERN = new RegExp(`^[^${CONTROL_CHARACTERS}]*$`);
const CONTROL = new RegExp(`[${CONTROL_CHARACTERS}]`);
/** Half of a surrogate pair without the other half: no Unicode character, and stored as three U+FFFD instead. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const CONTROL_NAMES: Record<number, string> = {
  0x00: "NUL",
  0x09: "TAB",
  0x0a: "LF, a line feed",
  0x0d: "CR, a carriage return",
  0x7f: "DEL",
  0x061c: "ARABIC LETTER MARK",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x2028: "LINE SEPARATOR",
  0x2029: "PARAGRAPH SEPARATOR",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
};

const codePoint = (unit: number) => `U+${unit.toString(16).toUpperCase().padStart(4, "0")}`;

/** Why `value` is no free text (which character, where, and what to do), or undefined when it is. */
export function freeTextProblem(value: string): string | undefined {
  const control = CONTROL.exec(value) ?? undefined;
  const lone = LONE_SURROGATE.exec(value) ?? undefined;
  const first = control && lone ? (control.index < lone.index ? control : lone) : (control ?? lone);
  if (!first) return undefined;
  const at = characterCount(value.slice(0, first.index)) + 1;
  const unit = value.charCodeAt(first.index);
  if (first === lone)
    return `Character ${String(at)} is ${codePoint(unit)}, half of a UTF-16 surrogate pair without its other half: no Unicode character, so it could not be kept as sent. Send the text as valid UTF-8.`;
  const name = CONTROL_NAMES[unit] ?? "a control character";
  const bidirectional = unit === 0x061c || unit === 0x200e || unit === 0x200f || (unit >= 0x202a && unit <= 0x202e) || unit >= 0x2066;
  const kind = bidirectional
    ? "a bidirectional control, which makes text read as other text"
    : "a control character or line break, which payment records have no place for";
  return `Character ${String(at)} is ${codePoint(unit)} (${name}), ${kind}. Remove it: free text is one line of printable characters, in reading order.`;
}

/**
 * Free text of a request (names, addresses, payment messages, labels): at most `max` characters when given,
 * and no control, line break, bidirectional control or lone surrogate (freeTextProblem). The one place the
 * rule lives: the sandbox, the forms and the OpenAPI document (its pattern) all read it from here.
 */
export const freeText = (max?: number) =>
  (max === undefined ? z.string() : z.string().max(max))
    .regex(FREE_TEXT_PATTERN, { error: (issue) => freeTextProblem(String(issue.input)) })
    .refine((value) => !LONE_SURROGATE.test(value), { error: (issue) => freeTextProblem(String(issue.input)) })
    .meta(patternText("text on one line: no control characters, line breaks or bidirectional controls"));

/** Free text that must not be empty. */
export const nonEmptyFreeText = (max: number) => freeText(max).min(1);

/** A calendar date, YYYY-MM-DD, checked against the calendar (no 2026-02-30). */
export const calendarDate = z.iso.date().meta({ id: "CalendarDate", description: "A calendar date, YYYY-MM-DD." });

export const currencyCode = z
  .enum(currencyCodes, {
    error: whenPresent((input) => `${shown(input)} is not one of the interface's ISO 4217 currency codes. Use three capital letters such as NOK, EUR or SEK.`),
  })
  .meta({ id: "CurrencyCode", description: "One of the 162 ISO 4217 currency codes of the interface." });

export const countryCode = z
  .enum(countryCodes, {
    error: whenPresent(
      (input) => `${shown(input)} is not one of the interface's ISO 3166-1 alpha-2 country codes. Use two capital letters such as NO, SE or DK.`,
    ),
  })
  .meta({ id: "CountryCode", description: "One of the ISO 3166-1 alpha-2 country codes of the interface." });

const ibanErrorText: Partial<Record<ValidationErrorsIBAN, string>> = {
  [ValidationErrorsIBAN.NoIBANCountry]: "starts with an unknown country code",
  [ValidationErrorsIBAN.WrongBBANLength]: "has the wrong length for its country",
  [ValidationErrorsIBAN.WrongBBANFormat]: "has characters its country's format does not allow",
  [ValidationErrorsIBAN.ChecksumNotNumber]: "needs two digits after the country code",
  [ValidationErrorsIBAN.WrongIBANChecksum]: "fails the ISO 7064 MOD 97-10 check (a digit is wrong or swapped)",
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: "contains an account number whose national check digit is wrong",
};

function ibanProblem(value: string): string | undefined {
  if (/\s/.test(value)) return `Write the IBAN without spaces: ${value.replace(/\s+/g, "")}.`;
  if (/[a-z]/.test(value.slice(0, 2))) return `The country code must be capital letters: ${value.slice(0, 2).toUpperCase()}.`;
  const { valid, errorCodes } = validateIBAN(value);
  if (valid) return undefined;
  const country = getCountrySpecifications()[value.slice(0, 2)];
  const length = country?.chars ? ` (${value.slice(0, 2)} IBANs have ${String(country.chars)} characters)` : "";
  const reason = errorCodes.map((code) => ibanErrorText[code]).find(Boolean) ?? "is not a valid IBAN";
  return `This IBAN ${reason}${length}.`;
}

/** ISO 13616-1 IBAN in electronic format (no spaces), at most 34 characters, check digits verified. */
export const iban = z
  .string()
  .max(34)
  .superRefine((value, ctx) => {
    if (characterCount(value) > 34) return;
    const problem = ibanProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
  })
  .meta({
    id: "Iban",
    pattern: "^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$",
    ...patternText("two capital letters (the ISO 3166 country code), two check digits, then 1 to 30 letters and digits; no spaces"),
    examples: ["NO9386011117947"],
  });

/** Basic bank account number: at most 30 letters and digits (spec 2.1). */
export const bban = z
  .string()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z0-9]+$/, { error: "Letters and digits only, without spaces or dots (write 86011117947, not 8601.11.17947)." })
  .meta({ id: "Bban", ...patternText("letters and digits only, no spaces or dots"), examples: ["86011117947"] });

/** A Norwegian account number (kontonummer): 11 digits with a MOD11 check digit. */
export const norwegianAccountNumber = z
  .string()
  .regex(/^\d{11}$/, {
    error: "A Norwegian account number has exactly 11 digits, without spaces or dots.",
    abort: true,
  })
  .refine(isValidNorwegianAccountNumber, {
    error: "The last digit (MOD11 check digit) does not match the first ten: check the account number for a typo.",
  })
  .meta({ id: "NorwegianAccountNumber", ...patternText("11 digits, no spaces or dots; the last is a MOD11 check digit"), examples: ["86011117947"] });

/**
 * An array of at most `max` items that must all differ; a repeated item is reported at its own index.
 * The bound is checked before any item is parsed (zod fails an oversized array at once), and the
 * duplicate check is one pass over a Map, so a list at the body limit costs no more than its length.
 */
export function uniqueList<T extends z.ZodType>(item: T, max: number, sameItem: (value: z.output<T>) => string) {
  return z
    .array(item)
    .min(1)
    .max(max)
    .superRefine((values, ctx) => {
      const seen = new Set<unknown>();
      values.forEach((value, index) => {
        if (seen.has(value)) ctx.addIssue({ code: "custom", path: [index], message: sameItem(value) });
        else seen.add(value);
      });
    })
    .meta({ uniqueItems: true });
}

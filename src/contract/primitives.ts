/** Field types shared by the tables of spec 2.1: text limits, dates, codes, account numbers. */
import { ValidationErrorsIBAN, getCountrySpecifications, validateIBAN } from "ibantools";
import { characterCount } from "./characters";
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

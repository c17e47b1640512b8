/** Customer identifiers of the sandbox: Norwegian national identity, D- and organisation numbers. */
import { isValidNationalIdentityNumber, isValidOrganisationNumber } from "./norwegian-numbers";
import { z } from "./zod";
import { patternText } from "./pattern-text";

export const nationalIdentityNumber = z
  .string()
  .regex(/^\d{11}$/, { error: "A national identity or D-number has exactly 11 digits.", abort: true })
  .refine(isValidNationalIdentityNumber, {
    error: "The two check digits (MOD11) do not match the first nine digits: check the number for a typo.",
  })
  .meta({ ...patternText("11 digits: a national identity or D-number, the last two MOD11 check digits"), examples: ["15829010019"] });

export const organisationNumber = z
  .string()
  .regex(/^\d{9}$/, { error: "An organisation number has exactly 9 digits.", abort: true })
  .refine(isValidOrganisationNumber, {
    error: "The last digit (MOD11 check digit) does not match the first eight: check the number for a typo.",
  })
  .meta({ ...patternText("9 digits: an organisation number, the last a MOD11 check digit"), examples: ["923609016"] });

/** 11 digits: a private customer; 9 digits: a corporate customer (design, "Customers"). */
export const customerNumber = z
  .string()
  .superRefine((value, ctx) => {
    const schema = value.length === 9 ? organisationNumber : value.length === 11 ? nationalIdentityNumber : undefined;
    const problem = schema
      ? schema.safeParse(value).error?.issues[0]?.message
      : "A customer number has 11 digits (a private customer's national identity or D-number) or 9 digits (a company's organisation number).";
    if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
  })
  .meta({
    pattern: "^([0-9]{9}|[0-9]{11})$",
    ...patternText("9 digits (a company's organisation number) or 11 digits (a person's national identity or D-number)"),
    examples: ["15829010019", "923609016"],
  });

export type CustomerKind = "private" | "corporate";
export const customerKindOf = (number: string): CustomerKind => (number.length === 9 ? "corporate" : "private");

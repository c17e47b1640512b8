/** The Amount object (spec 2.1): a decimal string whose fraction digits follow the currency. */
import { currencyMinorUnits, type CurrencyCode } from "./currencies";
import { currencyCode } from "./primitives";
import { strictObject } from "./strict-object";
import { z } from "./zod";
import { patternText } from "./pattern-text";

export const AMOUNT_PRECISION = 18;
export const AMOUNT_SCALE = 5;
const INTEGER_DIGITS = AMOUNT_PRECISION - AMOUNT_SCALE;

/** Why an amount string is not a plain positive decimal of precision 18 and scale 5, if it is not. */
export function amountStringProblem(value: string): string | undefined {
  if (/^\s|\s$/.test(value)) return "Remove the spaces around the amount.";
  if (value.includes(",")) return `Use a dot as the decimal separator: ${value.replace(",", ".")}.`;
  if (!/^\d+(\.\d+)?$/.test(value)) {
    if (/^[+-]/.test(value)) return "Write the amount without a sign; it is always positive.";
    if (/e/i.test(value)) return "Write the amount as a plain decimal, not in exponent notation.";
    return "Write the amount as a plain decimal number such as 125.50 (digits, optionally a dot and more digits).";
  }
  const [integer = "", fraction = ""] = value.split(".");
  if (integer.length > 1 && integer.startsWith("0")) return "Remove the leading zeros.";
  if (integer.length > INTEGER_DIGITS)
    return `At most ${String(INTEGER_DIGITS)} digits before the decimal point (precision ${String(AMOUNT_PRECISION)}, scale ${String(AMOUNT_SCALE)}); this amount has ${String(integer.length)}.`;
  if (fraction.length > AMOUNT_SCALE)
    return `At most ${String(AMOUNT_SCALE)} digits after the decimal point (scale ${String(AMOUNT_SCALE)}); this amount has ${String(fraction.length)}.`;
  if (/^[0.]+$/.test(value)) return "The amount must be greater than zero.";
  return undefined;
}

export const amountString = z
  .string()
  .superRefine((value, ctx) => {
    const problem = amountStringProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
  })
  .meta({
    description: "Plain positive decimal, precision 18, scale 5, dot as separator.",
    pattern: "^(0|[1-9][0-9]{0,12})(\\.[0-9]{1,5})?$",
    ...patternText("digits without a leading zero (at most 13), optionally a dot and 1 to 5 decimals; no sign, no spaces, no thousands separator"),
    examples: ["125.50"],
  });

/** Fraction digits an amount in this currency may have: its ISO 4217 minor units, else the scale. */
export function maxFractionDigits(currency: CurrencyCode): number {
  return currencyMinorUnits[currency] ?? AMOUNT_SCALE;
}

function fractionProblem(amount: string, currency: CurrencyCode): string | undefined {
  const digits = amount.split(".")[1]?.length ?? 0;
  const allowed = maxFractionDigits(currency);
  if (digits <= allowed) return undefined;
  if (allowed === 0) return `${currency} has no minor unit: write a whole number such as ${amount.split(".")[0] ?? "100"}.`;
  return `${currency} has ${String(allowed)} decimals (ISO 4217 minor units); ${amount} has ${String(digits)}.`;
}

interface FractionRule {
  if: Record<string, unknown>;
  then: Record<string, unknown>;
  else?: FractionRule;
}

/**
 * JSON Schema form of the currency rule, so generated clients and validators enforce it too: one
 * if/then per number of decimals, chained by else (the currency sets are disjoint, so the chain
 * means what one rule each would). A chain rather than allOf: generators such as
 * openapi-typescript read allOf members that have no type as `unknown`, and skip if/then/else.
 */
function fractionRuleSchema(): FractionRule | undefined {
  const byDigits = new Map<number, CurrencyCode[]>();
  for (const [code, units] of Object.entries(currencyMinorUnits) as [CurrencyCode, number | null][]) {
    if (units === null) continue;
    byDigits.set(units, [...(byDigits.get(units) ?? []), code]);
  }
  return [...byDigits].reduceRight<FractionRule | undefined>(
    (rest, [digits, codes]) => ({
      if: { properties: { currency: { enum: codes } }, required: ["currency"] },
      then: {
        properties: {
          amount: {
            pattern: digits === 0 ? "^[0-9]+$" : `^[0-9]+(\\.[0-9]{1,${String(digits)}})?$`,
            ...patternText(
              digits === 0 ? "a whole number: these currencies have no minor unit" : `at most ${String(digits)} decimals, these currencies' minor units`,
            ),
          },
        },
      },
      ...(rest ? { else: rest } : {}),
    }),
    undefined,
  );
}

export const Amount = strictObject({
  amount: amountString,
  currency: currencyCode,
})
  .superRefine((value, ctx) => {
    const problem = fractionProblem(value.amount, value.currency);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["amount"], input: value.amount });
  })
  .meta({
    id: "Amount",
    description: "An amount and its currency. The fraction digits must not exceed the currency's ISO 4217 minor units.",
    ...fractionRuleSchema(),
  });

export type Amount = z.infer<typeof Amount>;

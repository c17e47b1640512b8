/**
 * Amounts in minor units. The contract carries amounts as decimal strings (payments) and JSON
 * numbers (balances); arithmetic is done on integers of the currency's minor unit so that
 * balances never drift by floating-point error.
 */
import { maxFractionDigits } from "../../src/contract/amount";
import type { CurrencyCode } from "../../src/contract/currencies";

const scale = (currency: CurrencyCode) => 10 ** maxFractionDigits(currency);

/** "125.50" NOK → 12550. The contract has already limited the fraction digits. */
export function minorFromString(amount: string, currency: CurrencyCode): number {
  const digits = maxFractionDigits(currency);
  const [integer = "0", fraction = ""] = amount.split(".");
  return Number(integer) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

export function minorFromNumber(amount: number, currency: CurrencyCode): number {
  return Math.round(amount * scale(currency));
}

export function numberFromMinor(minor: number, currency: CurrencyCode): number {
  return minor / scale(currency);
}

/** 12550 NOK → "125.50": how the portal and texts show an amount. */
export function formatMinor(minor: number, currency: CurrencyCode): string {
  const digits = maxFractionDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const absolute = String(Math.abs(minor)).padStart(digits + 1, "0");
  const whole = digits === 0 ? absolute : `${absolute.slice(0, -digits)}.${absolute.slice(-digits)}`;
  return `${sign}${whole} ${currency}`;
}

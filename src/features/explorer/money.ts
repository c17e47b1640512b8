/**
 * Amounts for display. Sandbox transactions carry int32 minor units (docs/decisions/0005:
 * 12550 is 125.50 NOK); balances and credit lines are numbers in major units. Both are shown
 * with the currency's ISO 4217 decimals, a point and thin grouping, as the interface writes them.
 */
import { currencyMinorUnits } from "../../contract/currencies";

export function minorUnitsOf(currency: string): number {
  return (currencyMinorUnits as Record<string, number | null | undefined>)[currency] ?? 0;
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
}

/** -12550 in NOK → "−125.50" (a real minus sign, readable next to a plus). */
export function formatMinor(amount: number, currency: string): string {
  const decimals = minorUnitsOf(currency);
  const sign = amount < 0 ? "\u2212" : "";
  const digits = String(Math.abs(Math.trunc(amount))).padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${sign}${group(whole)}${decimals > 0 ? `.${fraction}` : ""}`;
}

/** 25430.5 in NOK → "25 430.50". */
export function formatMajor(amount: number, currency: string): string {
  const decimals = minorUnitsOf(currency);
  if (!Number.isFinite(amount)) return String(amount);
  const fixed = Math.abs(amount).toFixed(decimals);
  const [whole = "0", fraction] = fixed.split(".");
  return `${amount < 0 && Number(fixed) !== 0 ? "\u2212" : ""}${group(whole)}${fraction === undefined ? "" : `.${fraction}`}`;
}

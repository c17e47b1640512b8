/**
 * Amounts in minor units, for the sandbox's arithmetic and for every place that shows an amount.
 * The contract carries amounts as decimal strings (payments) and JSON numbers (balances); sums are
 * done on integers of the currency's minor unit so that balances never drift by floating-point
 * error, and sandbox transactions carry int32 minor units (decision 0005). The minor unit is the
 * contract's (maxFractionDigits): ISO 4217, else the amount scale.
 */
import { maxFractionDigits } from "./amount";
import { currencyMinorUnits, type CurrencyCode } from "./currencies";

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

/**
 * How an amount is written: as the interface writes amounts ("-1234.50", in tppMessage texts), or
 * for reading on a page ("−1 234.50": a real minus sign, readable next to a plus, and thin grouping).
 */
export type AmountStyle = "interface" | "display";

/** 12550 NOK → "125.50"; the currency's decimals, padded. */
export function formatMinor(minor: number, currency: CurrencyCode, style: AmountStyle = "display"): string {
  const decimals = maxFractionDigits(currency);
  const digits = String(Math.abs(Math.trunc(minor))).padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const display = style === "display";
  const sign = minor < 0 ? (display ? "\u2212" : "-") : "";
  return `${sign}${display ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f") : whole}${decimals > 0 ? `.${fraction}` : ""}`;
}

/** 25430.5 NOK → "25 430.50": a balance or credit line, in major units. */
export function formatMajor(amount: number, currency: CurrencyCode, style: AmountStyle = "display"): string {
  return Number.isFinite(amount) ? formatMinor(minorFromNumber(amount, currency), currency, style) : String(amount);
}

/**
 * An amount as the interface writes it ("1234.5", "-20.00") in the display style of formatMinor
 * ("1 234.50", "−20.00"), so a payment's amount reads as its bookings do; padded to the currency's
 * decimals when the currency is known. A text that is not a decimal number is shown as it is.
 */
export function displayAmount(amount: string, currency: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, minus = "", whole = "", fraction = ""] = match;
  const decimals = Object.hasOwn(currencyMinorUnits, currency) ? maxFractionDigits(currency as CurrencyCode) : fraction.length;
  const shownFraction = fraction.length >= decimals ? fraction : fraction.padEnd(decimals, "0");
  return `${minus ? "\u2212" : ""}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f")}${shownFraction ? `.${shownFraction}` : ""}`;
}

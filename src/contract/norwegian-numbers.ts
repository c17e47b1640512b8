/**
 * Check digits of Norwegian identifiers (reference/domain-facts.md §4): national identity and
 * D-numbers, organisation numbers, account numbers (BBAN) and KID references. Digit strings
 * throughout: a 25-digit KID does not fit a JS number, and leading zeros matter.
 */

const isDigits = (value: string, length?: number) => /^\d+$/.test(value) && (length === undefined || value.length === length);

/** Weights 2,3,4,5,6,7,2,3… from the rightmost payload digit: the common Norwegian MOD11. */
function mod11Remainder(payload: string, weights?: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    const digit = Number(payload[payload.length - 1 - i]);
    const weight = weights ? (weights[weights.length - 1 - i] ?? 0) : (i % 6) + 2;
    sum += digit * weight;
  }
  return sum % 11;
}

/** The MOD11 check value of a payload: 0–9, or 10 when no digit fits (remainder 1). */
export function mod11Check(payload: string, weights?: readonly number[]): number {
  const remainder = mod11Remainder(payload, weights);
  return remainder === 0 ? 0 : 11 - remainder;
}

/** The MOD10 (Luhn) check digit of a payload. */
export function mod10Check(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let product = Number(payload[payload.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  return (10 - (sum % 10)) % 10;
}

const nationalIdFirstWeights = [3, 7, 6, 1, 8, 9, 4, 5, 2] as const;

/** Fødselsnummer or D-number: 11 digits, two MOD11 check digits. */
export function isValidNationalIdentityNumber(value: string): boolean {
  if (!isDigits(value, 11)) return false;
  const first = mod11Check(value.slice(0, 9), nationalIdFirstWeights);
  const second = mod11Check(value.slice(0, 10));
  return first < 10 && second < 10 && first === Number(value[9]) && second === Number(value[10]);
}

/** Organisasjonsnummer: 9 digits, the last a MOD11 check digit. */
export function isValidOrganisationNumber(value: string): boolean {
  if (!isDigits(value, 9)) return false;
  const check = mod11Check(value.slice(0, 8));
  return check < 10 && check === Number(value[8]);
}

/** Kontonummer: 11 digits, the last a MOD11 check digit; remainder 1 means never issued. */
export function isValidNorwegianAccountNumber(value: string): boolean {
  if (!isDigits(value, 11)) return false;
  const check = mod11Check(value.slice(0, 10));
  return check < 10 && check === Number(value[10]);
}

export type KidCheck = "MOD10" | "MOD11";

/** Which check a KID passes, if any: 2–25 digits, the last a MOD10 or MOD11 check ('-' for MOD11's 10). */
export function kidCheckOf(value: string): KidCheck | undefined {
  if (!/^\d{1,24}[\d-]$/.test(value)) return undefined;
  const payload = value.slice(0, -1);
  const last = value.slice(-1);
  if (last !== "-" && mod10Check(payload) === Number(last)) return "MOD10";
  const mod11 = mod11Check(payload);
  return (mod11 === 10 ? "-" : String(mod11)) === last ? "MOD11" : undefined;
}

/** Appends a MOD11 check digit, or returns undefined when the payload has none (remainder 1). */
export function withMod11Check(payload: string, weights?: readonly number[]): string | undefined {
  const check = mod11Check(payload, weights);
  return check < 10 ? payload + String(check) : undefined;
}

/** Completes nine digits to a valid national identity number, or undefined when impossible. */
export function completeNationalIdentityNumber(firstNine: string): string | undefined {
  const withFirst = withMod11Check(firstNine, nationalIdFirstWeights);
  return withFirst === undefined ? undefined : withMod11Check(withFirst);
}

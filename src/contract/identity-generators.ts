/**
 * Valid Norwegian test identities for the sandbox (issue 12): national identity numbers, D-numbers,
 * organisation numbers, account numbers and KIDs, each with correct check digits. Identity numbers
 * are synthetic by default, the way Skatteetaten's test data (Tenor) makes them: the month plus 80,
 * so no generated number can be a real person's (decision 0025). The check digits come from
 * norwegian-numbers.ts, the same rules the contract validates with.
 */
import { completeNationalIdentityNumber, mod10Check, withMod11Check } from "./norwegian-numbers";

/** A random integer in [0, bound). Tests pass a seeded one; the default uses the platform's CSPRNG. */
export type RandomInt = (bound: number) => number;

export const cryptoRandomInt: RandomInt = (bound) => {
  const [value = 0] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return value % bound;
};

const digits = (count: number, random: RandomInt) => Array.from({ length: count }, () => String(random(10))).join("");

/**
 * The payload with its MOD11 check digit; when it has none (a remainder of 1), the same payload with
 * its last digit stepped on. The last digit weighs 2, so two steps always reach a valid number.
 */
function withSomeMod11Check(payload: string): string {
  const head = payload.slice(0, -1);
  const last = Number(payload.slice(-1));
  for (let step = 0; step < 10; step++) {
    const number = withMod11Check(`${head}${String((last + step) % 10)}`);
    if (number) return number;
  }
  throw new RangeError(`No MOD11 check digit fits ${payload}.`); // unreachable: see above
}
const pad = (value: number, width: number) => String(value).padStart(width, "0");

/** What kind of national identity number: an ordinary fødselsnummer, a D-number (day + 40), each synthetic (month + 80) or not. */
export interface PersonNumberOptions {
  kind?: "fodselsnummer" | "d-number";
  /** Month + 80 (Tenor): a number no real person has. Default true. */
  synthetic?: boolean;
  /** Date of birth; default a random day in 1940–2005. */
  birthDate?: { year: number; month: number; day: number };
}

/**
 * The individual number's range that encodes the century (Skatteetaten): 000–499 for 1900–1999,
 * 500–749 for 1854–1899, 500–999 for 2000–2039, 900–999 also for 1940–1999.
 */
function individualRange(year: number): [number, number] {
  if (year >= 2000 && year <= 2039) return [500, 999];
  if (year >= 1900 && year <= 1999) return [0, 499];
  if (year >= 1854 && year <= 1899) return [500, 749];
  throw new RangeError(`A national identity number encodes birth years 1854–2039, not ${String(year)}.`);
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** An 11-digit national identity or D-number with both MOD11 check digits right. */
export function generatePersonNumber(options: PersonNumberOptions = {}, random: RandomInt = cryptoRandomInt): string {
  const year = options.birthDate?.year ?? 1940 + random(66);
  const month = options.birthDate?.month ?? 1 + random(12);
  const day = options.birthDate?.day ?? 1 + random(daysIn(year, month));
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) throw new RangeError(`${String(year)}-${pad(month, 2)}-${pad(day, 2)} is not a date.`);
  const [low, high] = individualRange(year);
  const shownDay = options.kind === "d-number" ? day + 40 : day;
  const shownMonth = options.synthetic === false ? month : month + 80;
  const date = `${pad(shownDay, 2)}${pad(shownMonth, 2)}${pad(year % 100, 2)}`;
  // About one individual number in five has no check digit (a remainder of 1): try the next.
  const start = low + random(high - low + 1);
  for (let step = 0; step <= high - low; step++) {
    const individual = low + ((start - low + step) % (high - low + 1));
    const complete = completeNationalIdentityNumber(`${date}${pad(individual, 3)}`);
    if (complete) return complete;
  }
  throw new RangeError(`No national identity number exists for ${date}.`);
}

/** A 9-digit organisation number (first digit 8 or 9, as Brønnøysundregistrene issues them) with its MOD11 check digit. */
export function generateOrganisationNumber(random: RandomInt = cryptoRandomInt): string {
  return withSomeMod11Check(`${String(8 + random(2))}${digits(7, random)}`);
}

/** An 11-digit account number (kontonummer) at a bank's 4-digit registration number, with its MOD11 check digit. */
export function generateAccountNumber(bankRegistration: string, random: RandomInt = cryptoRandomInt): string {
  if (!/^\d{4}$/.test(bankRegistration)) throw new RangeError(`A bank registration number has 4 digits, not ${JSON.stringify(bankRegistration)}.`);
  return withSomeMod11Check(`${bankRegistration}${digits(6, random)}`);
}

/** A KID of `length` digits (2–25) whose last is its MOD10 (Luhn) or MOD11 check digit; MOD11 never needs "-" here. */
export function generateKid(check: "MOD10" | "MOD11", length = 10, random: RandomInt = cryptoRandomInt): string {
  if (!Number.isInteger(length) || length < 2 || length > 25) throw new RangeError(`A KID has 2 to 25 digits, not ${String(length)}.`);
  const payload = digits(length - 1, random);
  return check === "MOD10" ? `${payload}${String(mod10Check(payload))}` : withSomeMod11Check(payload);
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateAccountNumber, generateKid, generateOrganisationNumber, generatePersonNumber, type RandomInt } from "./identity-generators";

// An independent check of every generated number: the weights written out as the registries publish
// them, not the contract's own MOD11/MOD10 code (which generated the check digits).
const weighted = (value: string, weights: number[]) => weights.reduce((sum, weight, index) => sum + weight * Number(value[index]), 0);
const mod11Digit = (sum: number) => (sum % 11 === 0 ? 0 : 11 - (sum % 11));
const personOk = (n: string) =>
  /^\d{11}$/.test(n) &&
  mod11Digit(weighted(n, [3, 7, 6, 1, 8, 9, 4, 5, 2])) === Number(n[9]) &&
  mod11Digit(weighted(n, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2])) === Number(n[10]);
const organisationOk = (n: string) => /^[89]\d{8}$/.test(n) && mod11Digit(weighted(n, [3, 2, 7, 6, 5, 4, 3, 2])) === Number(n[8]);
const accountOk = (n: string) => /^\d{11}$/.test(n) && mod11Digit(weighted(n, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2])) === Number(n[10]);
const luhnOk = (n: string) =>
  Array.from(n)
    .reverse()
    .reduce((sum, digit, index) => {
      const doubled = Number(digit) * (index % 2 === 1 ? 2 : 1);
      return sum + (doubled > 9 ? doubled - 9 : doubled);
    }, 0) %
    10 ===
  0;
const kidMod11Ok = (n: string) => {
  const payload = n.slice(0, -1);
  const sum = Array.from(payload)
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * ((index % 6) + 2), 0);
  return mod11Digit(sum) === Number(n.slice(-1));
};

/** A deterministic RandomInt from fast-check's seed list. */
const seeded = (seeds: number[]): RandomInt => {
  let index = 0;
  return (bound) => (seeds[index++ % seeds.length] ?? 0) % bound;
};
const seeds = fc.array(fc.nat(), { minLength: 1, maxLength: 40 });

describe("generated test identities pass an independent check-digit check", () => {
  it("national identity numbers: synthetic (month + 80) by default, D-numbers with day + 40", () => {
    fc.assert(
      fc.property(seeds, fc.constantFrom("fodselsnummer" as const, "d-number" as const), fc.boolean(), (list, kind, synthetic) => {
        const number = generatePersonNumber({ kind, synthetic }, seeded(list));
        expect(personOk(number)).toBe(true);
        const day = Number(number.slice(0, 2));
        const month = Number(number.slice(2, 4));
        expect(kind === "d-number" ? day > 40 && day <= 71 : day >= 1 && day <= 31).toBe(true);
        expect(synthetic ? month > 80 && month <= 92 : month >= 1 && month <= 12).toBe(true);
      }),
    );
  });

  it("encodes the century in the individual number", () => {
    const born = (year: number) => generatePersonNumber({ synthetic: false, birthDate: { year, month: 5, day: 17 } });
    expect(born(1990).slice(0, 6)).toBe("170590");
    expect(Number(born(1990).slice(6, 9))).toBeLessThan(500);
    expect(Number(born(2014).slice(6, 9))).toBeGreaterThanOrEqual(500);
    expect(() => born(2041)).toThrow(/1854–2039/);
    expect(() => generatePersonNumber({ birthDate: { year: 2001, month: 2, day: 29 } })).toThrow(/not a date/);
  });

  it("organisation numbers, account numbers at a bank and KIDs", () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 2, max: 25 }), (list, length) => {
        const random = seeded(list);
        expect(organisationOk(generateOrganisationNumber(random))).toBe(true);
        const account = generateAccountNumber("9710", random);
        expect(account.startsWith("9710") && accountOk(account)).toBe(true);
        const mod10 = generateKid("MOD10", length, random);
        expect(mod10).toHaveLength(length);
        expect(luhnOk(mod10)).toBe(true);
        const mod11 = generateKid("MOD11", length, random);
        expect(mod11).toMatch(new RegExp(`^\\d{${String(length)}}$`));
        expect(kidMod11Ok(mod11)).toBe(true);
      }),
    );
    expect(() => generateKid("MOD10", 26)).toThrow(/2 to 25/);
    expect(() => generateAccountNumber("97")).toThrow(/4 digits/);
  });

  it("the default randomness gives different numbers", () => {
    const numbers = new Set(Array.from({ length: 20 }, () => generatePersonNumber()));
    expect(numbers.size).toBeGreaterThan(15);
  });
});

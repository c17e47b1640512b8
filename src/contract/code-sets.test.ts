import { describe, expect, test } from "vitest";
import { acceptFixes, executionRules, frequencies, linkVerbs, purposeCodes, transactionStatuses } from "./codes";
import { countryCodes } from "./countries";
import { currencyCodes, currencyMinorUnits } from "./currencies";
import { errorCodes, errorStatus, specErrorCodes } from "./errors";

describe("currencies (spec 2.1, ISO 4217 minor units per domain-facts §5)", () => {
  test("exactly the 162 listed codes", () => {
    expect(currencyCodes).toHaveLength(162);
    expect(new Set(currencyCodes).size).toBe(162);
    for (const code of ["AED", "NOK", "ZWD", "SPL", "TVD", "XDR", "BYR"]) expect(currencyCodes).toContain(code);
    for (const code of ["XCG", "BYN", "MRU", "VES", "SLE"]) expect(currencyCodes).not.toContain(code);
  });
  test("minor units follow ISO, not Intl", () => {
    const byDigits = (digits: number | null) =>
      Object.entries(currencyMinorUnits)
        .filter(([, units]) => units === digits)
        .map(([code]) => code)
        .sort();
    expect(byDigits(0)).toEqual("BIF BYR CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF".split(" "));
    expect(byDigits(3)).toEqual("BHD IQD JOD KWD LYD OMR TND".split(" "));
    expect(byDigits(null)).toEqual(["XDR"]);
    expect(byDigits(2)).toHaveLength(162 - 17 - 7 - 1);
    // Where CLDR disagrees with ISO, the contract follows ISO.
    expect(currencyMinorUnits.IQD).toBe(3);
    expect(currencyMinorUnits.HUF).toBe(2);
    expect(currencyMinorUnits.COP).toBe(2);
  });
});

describe("the spec's other code sets", () => {
  test("countries: the 248 listed ISO 3166-1 alpha-2 codes", () => {
    expect(countryCodes).toHaveLength(248);
    expect(new Set(countryCodes).size).toBe(248);
    for (const code of ["NO", "SE", "AX", "BQ", "SS", "ZW"]) expect(countryCodes).toContain(code);
    for (const code of ["UK", "EU", "XK"]) expect(countryCodes).not.toContain(code);
  });
  test("purpose codes, frequencies, execution rules, states, verbs, fixes", () => {
    expect(purposeCodes).toEqual(["INVS", "SALA", "IDCP", "CASH", "CORT", "INTC", "PENS", "SSBE", "SUPP", "TAXS", "TREA", "VATX", "LOAN", "OTHR"]);
    expect(frequencies).toEqual(["Daily", "Weekly", "EveryTwoWeeks", "Monthly", "EveryTwoMonths", "Quarterly", "SemiAnnual", "Annual", "MonthlyVariable"]);
    expect(executionRules).toEqual(["following", "preceeding"]);
    expect(transactionStatuses).toEqual(["ACCP", "ACSC", "ACSP", "ACTC", "ACWC", "ACWP", "RCVD", "PDNG", "RJCT", "CANC", "PART"]);
    expect(linkVerbs).toEqual(["GET", "PUT", "POST", "DELETE"]);
    expect(acceptFixes).toEqual(["cash-account-type-iso", "longer-name", "cardaccount-switch-originalamount-and-transactionamount"]);
  });
  test("error codes: the spec's 23, plus the extensions the interface needs", () => {
    expect(specErrorCodes).toHaveLength(23);
    expect(specErrorCodes).toContain("EXECUTION_DATE_INVALID");
    expect(errorCodes).toContain("REFERENCE_MIX_INVALID");
  });
  test("every error code has an HTTP status, and the spec's stated ones hold", () => {
    for (const code of errorCodes) expect(errorStatus[code], code).toBeGreaterThanOrEqual(400);
    expect(errorStatus.KID_INVALID).toBe(400);
    expect(errorStatus.KID_MISSING).toBe(400);
    expect(errorStatus.REFERENCE_MIX_INVALID).toBe(400);
    expect(errorStatus.RESOURCE_UNKNOWN).toBe(404);
    expect(errorStatus.HTTP_HEADER_REQUIRED).toBe(400);
    expect(errorStatus.SIGNATURE_INVALID).toBe(401);
    expect(errorStatus.CERTIFICATE_EXPIRED).toBe(401);
    expect(errorStatus.CERTIFICATE_INVALID).toBe(401);
    expect(errorStatus.CONTENT_TOO_LARGE).toBe(413);
    expect(errorStatus.HEADER_FIELDS_TOO_LARGE).toBe(431);
  });
});

/**
 * Free text of the interface and the controls (decision 0049): every field that takes it, in one table,
 * refuses controls, line breaks, bidirectional controls and lone surrogates at its own path, takes any
 * printable text (Norwegian letters, other scripts, emoji), and publishes the rule as its pattern.
 */
import { describe, expect, test } from "vitest";
import { firstCharacters } from "./characters";
import { buildOpenApiDocument } from "./openapi";
import { PeriodicPaymentRequest, SinglePaymentRequest } from "./payments";
import { FREE_TEXT_PATTERN, freeTextProblem } from "./primitives";
import { SandboxAccountRequest, SandboxTransactionRequest } from "./sandbox";
import { ScenarioRulesBody } from "./scenarios";
import { shown } from "./issue-text";
import type { z } from "./zod";

const account = { bban: "86011117947", currency: "NOK" };
const address = { street: "Storgata", buildingNumber: "1", postalCode: "0155", city: "Oslo", country: "NO" };
const reference = { reference: "1234567890", referenceType: "SCOR", referenceIssuer: "Kari" };
const core = {
  instructedAmount: { amount: "10.00", currency: "NOK" },
  creditorName: "Ola Nordmann",
  creditorAccount: account,
  creditorAddress: address,
  debtorAccount: { bban: "97100000028", currency: "NOK" },
  ultimateDebtor: "Kari Nordmann",
};

/** Each schema with free text, a valid body, and the paths of its free-text fields. */
const FIELDS: { name: string; schema: z.ZodType; body: Record<string, unknown>; paths: (string | number)[][] }[] = [
  {
    name: "SinglePaymentRequest (unstructured)",
    schema: SinglePaymentRequest,
    body: { ...core, remittanceInformationUnstructured: "Faktura 42" },
    paths: [
      ["creditorName"],
      ["ultimateDebtor"],
      ["remittanceInformationUnstructured"],
      ["creditorAddress", "street"],
      ["creditorAddress", "buildingNumber"],
      ["creditorAddress", "postalCode"],
      ["creditorAddress", "city"],
    ],
  },
  {
    name: "SinglePaymentRequest (structured)",
    schema: SinglePaymentRequest,
    body: { ...core, remittanceInformationStructuredArray: [reference] },
    paths: [
      ["remittanceInformationStructuredArray", 0, "reference"],
      ["remittanceInformationStructuredArray", 0, "referenceType"],
      ["remittanceInformationStructuredArray", 0, "referenceIssuer"],
    ],
  },
  {
    name: "PeriodicPaymentRequest",
    schema: PeriodicPaymentRequest,
    body: { ...core, remittanceInformationUnstructured: "Husleie", startDate: "2026-12-01", frequency: "Monthly" },
    paths: [["creditorName"], ["ultimateDebtor"], ["remittanceInformationUnstructured"], ["creditorAddress", "city"]],
  },
  {
    name: "SandboxAccountRequest",
    schema: SandboxAccountRequest,
    body: { customerNumber: "01817010055", accountName: "Brukskonto", currency: "NOK", product: "Brukskonto" },
    paths: [["accountName"], ["product"]],
  },
  {
    name: "SandboxTransactionRequest",
    schema: SandboxTransactionRequest,
    body: {
      amount: 12550,
      currency: "NOK",
      remittanceInformationUnstructured: "Middag",
      creditorName: "Restaurant AS",
      creditorAccount: { bban: "86011117947" },
      debtorName: "Kari Nordmann",
      debtorAccount: { bban: "97100000028" },
      bankTransactionCode: "PMNT-ICDT-DMCT",
      ultimateDebtor: "Kari",
      ultimateCreditor: "Ola",
      purposeCode: "OTHR",
    },
    paths: [
      ["remittanceInformationUnstructured"],
      ["creditorName"],
      ["debtorName"],
      ["ultimateDebtor"],
      ["ultimateCreditor"],
      ["bankTransactionCode"],
      ["purposeCode"],
    ],
  },
  {
    name: "ScenarioRulesBody (a control)",
    schema: ScenarioRulesBody,
    body: {
      rules: [
        {
          label: "Kari's payments fail",
          enabled: true,
          match: { psuId: "kari", debtorAccount: "97100000028", creditorAccount: "86011117947" },
          outcome: { kind: "system-error" },
        },
      ],
    },
    paths: [
      ["rules", 0, "label"],
      ["rules", 0, "match", "psuId"],
      ["rules", 0, "match", "debtorAccount"],
      ["rules", 0, "match", "creditorAccount"],
    ],
  },
];

/** One of each kind a bank refuses; the last is half a surrogate pair. */
const REFUSED = ["\u0000", "\r", "\n", "\t", "\u0085", "\u2028", "\u202e", "\u202a", "\u2066", "\u2069", "\u200f", "\u061c", "\ud83d"];
/** Printable text of other scripts: taken as it is. */
const TAKEN = ["Ærlig Østli Åsen", "Škoda", "مرحبا", "שלום", "👩‍💻", "«x»"];

/** Fields whose length limit the taken texts would pass: their first characters are used. */
const SHORT_FIELDS: Record<string, number> = { purposeCode: 4, bankTransactionCode: 14 };

/** `body` with the field at `path` set to `value`. */
function withValue(body: Record<string, unknown>, path: (string | number)[], value: string): unknown {
  const copy = structuredClone(body);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] ?? ""] = value;
  return copy;
}

describe("free text refuses controls, line breaks and bidirectional controls", () => {
  const cases = FIELDS.flatMap(({ name, schema, body, paths }) => paths.map((path) => ({ name, schema, body, path })));

  test.each(cases)("$name: $path", ({ schema, body, path }) => {
    expect(schema.safeParse(body).success).toBe(true);
    for (const character of REFUSED) {
      // Four characters, the third refused: short enough for purposeCode, long enough for bankTransactionCode.
      const result = schema.safeParse(withValue(body, path, `ab${character}c`));
      expect(result.success, `${JSON.stringify(character)} at ${path.join(".")}`).toBe(false);
      const issue = result.error?.issues.find((candidate) => candidate.path.join(".") === path.join("."));
      expect(issue?.message, JSON.stringify(character)).toMatch(/^Character 3 is U\+[0-9A-F]{4}/);
    }
    for (const text of TAKEN) {
      const value = firstCharacters(`${text}1234`, SHORT_FIELDS[String(path[path.length - 1])] ?? 1000);
      expect(schema.safeParse(withValue(body, path, value)).success, `${value} at ${path.join(".")}`).toBe(true);
    }
  });

  test("the table holds every field with the rule, and the OpenAPI document publishes it as the field's pattern", () => {
    const document = buildOpenApiDocument();
    const withRule: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node !== "object" || node === null) return;
      const schema = node as Record<string, unknown>;
      if (schema.pattern === FREE_TEXT_PATTERN.source) withRule.push(path);
      for (const [key, value] of Object.entries(schema)) walk(value, key === "properties" || key === "items" ? path : `${path}.${key}`);
    };
    walk(document, "");
    const published = new Set(withRule.map((path) => path.split(".").pop()));
    const tabled = new Set(FIELDS.flatMap(({ paths }) => paths.map((path) => String(path[path.length - 1]))));
    expect([...published].sort()).toEqual([...tabled].sort());
  });

  test("the refusal names the character, where it is, and what to do", () => {
    expect(freeTextProblem("Ola \u202eNordmann")).toBe(
      "Character 5 is U+202E (RIGHT-TO-LEFT OVERRIDE), a bidirectional control, which makes text read as other text. " +
        "Remove it: free text is one line of printable characters, in reading order.",
    );
    expect(freeTextProblem("👩‍💻\nline two")).toMatch(/^Character 4 is U\+000A \(LF, a line feed\), a control character or line break/);
    expect(freeTextProblem("a\ud800")).toMatch(/^Character 2 is U\+D800, half of a UTF-16 surrogate pair without its other half/);
    expect(freeTextProblem("Ærlig 👩‍💻")).toBeUndefined();
  });

  test("a value quoted back in an error text shows its controls escaped (neutralised), never as they act", () => {
    expect(shown("NOK\u202e\u2066x\u0085")).toBe('"NOK\\u202E\\u2066x\\u0085"');
    expect(shown("a\nb")).toBe('"a\\nb"');
  });
});

import { describe, expect, test } from "vitest";
import { buildOpenApiDocument } from "../contract/openapi";
import { fieldRows, type JsonSchema } from "./schema-rows";

const components = buildOpenApiDocument().components.schemas as Record<string, JsonSchema>;
const rowsOf = (name: string) => fieldRows({ $ref: `#/components/schemas/${name}` }, components);

describe("reference field rows from the contract's JSON Schema", () => {
  test("periodic payment: nested objects, required flags, limits and values", () => {
    const rows = rowsOf("PeriodicPaymentRequest");
    const row = (path: string) => rows.find((candidate) => candidate.path === path);
    expect(row("creditorName")).toMatchObject({ required: true, type: "string", limits: ["at most 70 characters"] });
    expect(row("instructedAmount")).toMatchObject({ required: true, type: "Amount" });
    expect(row("instructedAmount.amount")).toMatchObject({ depth: 1, required: true });
    expect(row("instructedAmount.currency")?.values).toHaveLength(162);
    expect(row("creditorAccount.bban")?.description).toMatch(/MOD11/);
    expect(row("monthsOfExecution")).toMatchObject({ required: false, type: "array of integer" });
    expect(row("monthsOfExecution")?.limits).toEqual(expect.arrayContaining(["no duplicates", "each ≥ 1", "each ≤ 11"]));
    expect(row("executionRule")?.values).toEqual(["following", "preceeding"]);
    expect(row("remittanceInformationUnstructured")?.limits).toEqual(["1–140 characters"]);
    expect(row("startDate")?.type).toBe("string (date)");
  });
  test("single payment: arrays of objects and the deprecated field", () => {
    const rows = rowsOf("SinglePaymentRequest");
    expect(rows.find((row) => row.path === "remittanceInformationStructuredArray[].referenceType")).toMatchObject({ depth: 1, required: true });
    expect(rows.find((row) => row.path === "remittanceInformationStructured")?.deprecated).toBe(true);
    expect(rows.find((row) => row.path === "creditorAccount")?.limits).toContain("needs bban or iban");
  });
});

describe("rows label what the spec does not show", () => {
  test("the single payment's guessed fields, nested ones too, and not the periodic payment's", () => {
    const single = rowsOf("SinglePaymentRequest");
    expect(single.find((row) => row.path === "creditorName")?.choice).toEqual({ decision: "0002-single-payment-fields", what: "Required" });
    expect(single.find((row) => row.path === "remittanceInformationStructuredArray[].reference")?.choice?.decision).toBe("0002-single-payment-fields");
    expect(single.find((row) => row.path === "instructedAmount.amount")?.choice).toBeUndefined();
    expect(rowsOf("PeriodicPaymentRequest").find((row) => row.path === "creditorName")?.choice).toBeUndefined();
  });
  test("a status field, whose transitions the sandbox chose", () => {
    expect(rowsOf("PaymentStatus").find((row) => row.path === "transactionStatus")?.choice?.decision).toBe("0032-payment-status-transitions");
  });
});

describe("patterns in the reference rows", () => {
  test("a pattern comes with its words from the contract", () => {
    const iban = rowsOf("DomesticAccountReference").find((row) => row.path === "iban");
    expect(iban?.pattern).toEqual({ pattern: "^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$", text: expect.stringMatching(/^two capital letters/) as unknown });
    expect(iban?.limits.some((limit) => limit.includes("^"))).toBe(false);
  });
  test("a field with a format shows the format, not its generated pattern", () => {
    expect(rowsOf("SinglePaymentRequest").find((row) => row.path === "requestedExecutionDate")?.pattern).toBeUndefined();
  });
});

import { describe, expect, test } from "vitest";
import { buildOpenApiDocument } from "../contract/openapi";
import { fieldNodes, parseInput, type FieldNode } from "./form-fields";
import type { JsonSchema } from "./schema-rows";

const components = buildOpenApiDocument().components.schemas as Record<string, JsonSchema>;
const fields = (name: string) => fieldNodes({ $ref: `#/components/schemas/${name}` }, components);
const find = (nodes: FieldNode[], path: string): FieldNode | undefined => {
  for (const field of nodes) {
    if (field.path === path) return field;
    if (field.kind === "object") {
      const inner = find(field.children, path);
      if (inner) return inner;
    }
  }
  return undefined;
};

describe("form fields from the contract", () => {
  test("periodic payment: nested objects, searchable code lists, dates, enums, lists", () => {
    const nodes = fields("PeriodicPaymentRequest");
    expect(find(nodes, "instructedAmount")?.kind).toBe("object");
    expect(find(nodes, "instructedAmount.currency")?.kind).toBe("currency");
    expect(find(nodes, "creditorAddress.country")?.kind).toBe("country");
    expect(find(nodes, "startDate")).toMatchObject({ kind: "date", required: true });
    expect(find(nodes, "frequency")).toMatchObject({ kind: "enum", values: expect.arrayContaining(["MonthlyVariable"]) as unknown });
    expect(find(nodes, "monthsOfExecution")).toMatchObject({ kind: "list", of: "integer", required: false });
    expect(find(nodes, "creditorAccount.bban")?.description).toMatch(/MOD11/);
  });
  test("single payment: an array of structured references is a repeatable group", () => {
    const array = find(fields("SinglePaymentRequest"), "remittanceInformationStructuredArray");
    expect(array?.kind).toBe("objects");
    expect(array?.kind === "objects" ? array.item.map((field) => field.name) : []).toEqual(["reference", "referenceType", "referenceIssuer"]);
  });
  test("a field whose rule the spec does not show carries the sandbox's choice, in a repeated group too", () => {
    const single = fields("SinglePaymentRequest");
    expect(find(single, "debtorAccount")?.choice?.decision).toBe("0002-single-payment-fields");
    const array = find(single, "remittanceInformationStructuredArray");
    expect(array?.kind === "objects" ? array.item[0]?.choice?.what : undefined).toBe("Required, at most 35 characters");
    expect(find(fields("PeriodicPaymentRequest"), "debtorAccount")?.choice).toBeUndefined();
    expect(find(fields("SandboxAccountRequest"), "accountName")?.choice?.decision).toBe("0008-sandbox-account-fields");
  });
  test("input text becomes contract values; empty means absent", () => {
    expect(parseInput("text")("")).toBeUndefined();
    expect(parseInput("number")("12.5")).toBe(12.5);
    expect(parseInput("number")("12,5")).toBe("12,5");
    expect(parseInput("list", "integer")("3, 5 3")).toEqual([3, 5, 3]);
    expect(parseInput("list", "integer")("3, x")).toEqual([3, "x"]);
    expect(parseInput("list", "string")("a\nb")).toEqual(["a", "b"]);
  });
});

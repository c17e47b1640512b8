import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, test } from "vitest";
import { buildOpenApiDocument } from "./openapi";
import { operations } from "./operations";

const document = buildOpenApiDocument();
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- walking generated JSON
const schemas = document.components.schemas as Json;
const operationAt = (method: string, path: string) => (document.paths[path] as Json)[method] as Json;

describe("OpenAPI 3.1 document", () => {
  test("is valid OpenAPI 3.1 for a maintained validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });
  test("the validator does catch a broken document", async () => {
    const broken = structuredClone(document) as Json;
    delete broken.info;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });
  test("holds every operation of the table", () => {
    for (const op of operations) expect(operationAt(op.method.toLowerCase(), op.path).operationId).toBe(op.id);
    expect(operationAt("post", "/v1/signing-baskets")["x-path-chosen"]).toBe(true);
  });
  test("carries the constraints: required, lengths, enums, patterns, bounds, uniqueness", () => {
    const periodic = schemas.PeriodicPaymentRequest as Json;
    expect(periodic.required).toEqual(expect.arrayContaining(["instructedAmount", "creditorName", "creditorAccount", "debtorAccount", "startDate", "frequency"]));
    expect(periodic.additionalProperties).toBe(false);
    expect(periodic.properties.creditorName.maxLength).toBe(70);
    expect(periodic.properties.remittanceInformationUnstructured).toMatchObject({ minLength: 1, maxLength: 140 });
    expect(periodic.properties.monthsOfExecution).toMatchObject({ uniqueItems: true, minItems: 1, items: { minimum: 1, maximum: 11 } });
    expect(periodic.properties.dayOfExecution.pattern).toBe("^\\d{1,2}$");
    expect(schemas.ExecutionRule.enum).toEqual(["following", "preceeding"]);
    expect(schemas.CurrencyCode.enum).toHaveLength(162);
    expect(schemas.CountryCode.enum).toHaveLength(248);
    expect(schemas.Iban.maxLength).toBe(34);
    expect(schemas.Bban.maxLength).toBe(30);
    expect(schemas.TppMessage.properties.text.maxLength).toBe(512);
    expect(schemas.SandboxTransaction.properties.bankTransactionCode).toMatchObject({ minLength: 4, maxLength: 14 });
    expect(schemas.SandboxTransaction.required).toHaveLength(15);
    expect(schemas.SinglePaymentRequest.properties.remittanceInformationStructured.deprecated).toBe(true);
  });
  test("states the currency's minor units as JSON Schema conditions", () => {
    const rules = (schemas.Amount as Json).allOf as Json[];
    const zeroDigits = rules.find((rule) => rule.if.properties.currency.enum.includes("JPY"));
    expect(zeroDigits?.then.properties.amount.pattern).toBe("^[0-9]+$");
    const threeDigits = rules.find((rule) => rule.if.properties.currency.enum.includes("KWD"));
    expect(threeDigits?.then.properties.amount.pattern).toBe("^[0-9]+(\\.[0-9]{1,3})?$");
  });
  test("headers and query parameters with their formats", () => {
    const params = operationAt("post", "/v1/periodic-payments/norwegian-domestic-credit-transfers").parameters as Json[];
    const header = (name: string) => params.find((param) => param.name === name && param.in === "header");
    expect(header("X-Request-ID")).toMatchObject({ required: true, schema: { format: "uuid" } });
    expect(header("PSU-Device-ID")).toMatchObject({ required: false, schema: { format: "uuid" } });
    expect(header("PSU-Context")?.schema.enum).toEqual(["PRIVATE", "CORPORATE"]);
    expect(header("TPP-Redirect-Preferred")?.schema.enum).toEqual(["true", "false"]);
    expect(header("x-accept-fix")?.required).toBe(true);
    const query = operationAt("get", "/v1/sandbox/accounts/{mockAccountId}/transactions").parameters as Json[];
    expect(query.find((param) => param.name === "limit")).toMatchObject({ in: "query", schema: { type: "integer", minimum: 1, maximum: 2147483647 } });
    expect(query.find((param) => param.name === "offset")).toMatchObject({ schema: { minimum: 0 } });
  });
  test("error responses by status, with their codes", () => {
    const responses = operationAt("post", "/v1/payments/norwegian-domestic-credit-transfers").responses as Json;
    expect(responses["400"].description).toMatch(/KID_INVALID/);
    expect(responses["401"].description).toMatch(/SIGNATURE_INVALID/);
    expect(responses["201"].content["application/json"].schema.$ref).toBe("#/components/schemas/PaymentInitiationResponse");
  });
});

import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, test } from "vitest";
import { buildOpenApiDocument } from "./openapi";
import { controlRoutes } from "./control";
import { operations } from "./operations";

const document = buildOpenApiDocument();

/** The value at a path into the generated JSON, or undefined. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) current = current !== null && typeof current === "object" ? (current as Record<string, unknown>)[key] : undefined;
  return current;
}
const schema = (name: string, ...path: (string | number)[]) => at(document.components.schemas, name, ...path);
const operationAt = (method: string, path: string, ...rest: (string | number)[]) => at(document.paths, path, method, ...rest);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

describe("OpenAPI 3.1 document", () => {
  test("is valid OpenAPI 3.1 for a maintained validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });
  test("the validator does catch a broken document", async () => {
    const { info: _info, ...broken } = structuredClone(document);
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });
  test("documents the scenario header as an extension of the document, never as a parameter of an operation", () => {
    expect(at(document, "x-sandbox-scenarios", "requestHeader")).toBe("X-Sandbox-Scenario");
    expect(list(at(document, "x-sandbox-scenarios", "examples"))).toContain("service-unavailable;retry-after=30");
    expect(at(document, "x-sandbox-scenarios", "scenarios", "sca-declined")).toMatch(/declines SCA/);
    const names = operations.flatMap((op) => list(operationAt(op.method.toLowerCase(), op.path, "parameters")).map((param) => String(at(param, "name"))));
    expect(names.map((name) => name.toLowerCase())).not.toContain("x-sandbox-scenario");
  });
  test("holds every operation of the table", () => {
    for (const op of operations) expect(operationAt(op.method.toLowerCase(), op.path, "operationId")).toBe(op.id);
    expect(operationAt("post", "/v1/signing-baskets", "x-path-chosen")).toBe(true);
  });
  test("publishes every control route under its own tag, unsigned and marked as the sandbox's", () => {
    for (const route of controlRoutes) {
      const method = route.method.toLowerCase();
      expect(operationAt(method, route.path, "operationId")).toBe(route.id);
      expect(operationAt(method, route.path, "tags")).toEqual(["Sandbox control"]);
      expect(operationAt(method, route.path, "x-sandbox-control")).toBe(true);
      expect(operationAt(method, route.path, "responses", "200", "content", "application/json", "schema")).toBeDefined();
    }
    expect(list(operationAt("get", "/__sandbox/sca/{subject}/{id}", "parameters")).map((param) => at(param, "name"))).toEqual(["subject", "id"]);
    expect(operationAt("post", "/__sandbox/clock/advance", "requestBody", "content", "application/json", "schema", "additionalProperties")).toBe(false);
  });
  test("carries the constraints: required, lengths, enums, patterns, bounds, uniqueness", () => {
    const periodic = (...path: (string | number)[]) => schema("PeriodicPaymentRequest", ...path);
    expect(periodic("required")).toEqual(
      expect.arrayContaining(["instructedAmount", "creditorName", "creditorAccount", "debtorAccount", "startDate", "frequency"]),
    );
    expect(periodic("additionalProperties")).toBe(false);
    expect(periodic("properties", "creditorName", "maxLength")).toBe(70);
    expect(periodic("properties", "remittanceInformationUnstructured")).toMatchObject({ minLength: 1, maxLength: 140 });
    expect(periodic("properties", "monthsOfExecution")).toMatchObject({ uniqueItems: true, minItems: 1, items: { minimum: 1, maximum: 11 } });
    expect(periodic("properties", "dayOfExecution", "pattern")).toBe("^\\d{1,2}$");
    expect(schema("ExecutionRule", "enum")).toEqual(["following", "preceeding"]);
    expect(list(schema("CurrencyCode", "enum"))).toHaveLength(162);
    expect(list(schema("CountryCode", "enum"))).toHaveLength(248);
    expect(schema("Iban", "maxLength")).toBe(34);
    expect(schema("NorwegianAccountNumber", "pattern")).toBe("^\\d{11}$");
    expect(schema("TppMessage", "properties", "text", "maxLength")).toBe(512);
    expect(schema("SandboxTransaction", "properties", "bankTransactionCode")).toMatchObject({ minLength: 4, maxLength: 14 });
    expect(list(schema("SandboxTransaction", "required"))).toHaveLength(15);
    expect(schema("SinglePaymentRequest", "properties", "remittanceInformationStructured", "deprecated")).toBe(true);
  });
  test("states the currency's minor units as JSON Schema conditions", () => {
    // One if/then per number of decimals, chained by else.
    const rules: unknown[] = [];
    for (let rule = schema("Amount"); rule !== undefined; rule = at(rule, "else")) rules.push(rule);
    const ruleFor = (code: string) => rules.find((rule) => list(at(rule, "if", "properties", "currency", "enum")).includes(code));
    expect(at(ruleFor("JPY"), "then", "properties", "amount", "pattern")).toBe("^[0-9]+$");
    expect(at(ruleFor("KWD"), "then", "properties", "amount", "pattern")).toBe("^[0-9]+(\\.[0-9]{1,3})?$");
  });
  test("headers and query parameters with their formats", () => {
    const params = list(operationAt("post", "/v1/periodic-payments/norwegian-domestic-credit-transfers", "parameters"));
    const header = (name: string) => params.find((param) => at(param, "name") === name && at(param, "in") === "header");
    expect(header("X-Request-ID")).toMatchObject({ required: true, schema: { format: "uuid" } });
    expect(header("PSU-Device-ID")).toMatchObject({ required: false, schema: { format: "uuid" } });
    expect(at(header("PSU-Context"), "schema", "enum")).toEqual(["PRIVATE", "CORPORATE"]);
    expect(at(header("TPP-Redirect-Preferred"), "schema", "enum")).toEqual(["true", "false"]);
    // Every value of x-accept-fix activates a breaking change: the document marks it optional and teaches none of them (decision 0059).
    expect(header("x-accept-fix")).toMatchObject({ required: false, description: expect.stringContaining("Leave the header out") as unknown });
    expect(header("x-accept-fix")).not.toHaveProperty("example");
    expect(at(header("x-accept-fix"), "schema")).not.toHaveProperty("examples");
    const query = list(operationAt("get", "/v1/sandbox/accounts/{mockAccountId}/transactions", "parameters"));
    const named = (name: string) => query.find((param) => at(param, "name") === name);
    expect(named("limit")).toMatchObject({ in: "query", schema: { type: "integer", minimum: 1, maximum: 2147483647 } });
    expect(named("offset")).toMatchObject({ schema: { minimum: 0 } });
  });
  test("error responses by status, with their codes", () => {
    const response = (...path: string[]) => operationAt("post", "/v1/payments/norwegian-domestic-credit-transfers", "responses", ...path);
    expect(response("400", "description")).toMatch(/KID_INVALID/);
    expect(response("401", "description")).toMatch(/SIGNATURE_INVALID/);
    expect(response("201", "content", "application/json", "schema", "$ref")).toBe("#/components/schemas/PaymentInitiationResponse");
  });
  test("the signature headers are security schemes under their exact names, required by every signed operation", () => {
    const schemes = at(document, "components", "securitySchemes");
    for (const name of ["Signature", "Digest", "TPP-Signature-Certificate"]) expect(at(schemes, name)).toMatchObject({ type: "apiKey", in: "header", name });
    // A write needs all three; a read without a body may leave Digest out; sandbox reads take none.
    expect(operationAt("post", "/v1/payments/norwegian-domestic-credit-transfers", "security")).toEqual([
      { Signature: [], Digest: [], "TPP-Signature-Certificate": [] },
    ]);
    expect(operationAt("get", "/v1/payments/norwegian-domestic-credit-transfers/{paymentId}", "security")).toEqual([
      { Signature: [], "TPP-Signature-Certificate": [] },
      { Signature: [], Digest: [], "TPP-Signature-Certificate": [] },
    ]);
    for (const op of operations) {
      expect(list(operationAt(op.method.toLowerCase(), op.path, "security")).length, op.id).toBeGreaterThan(0);
      const headers = list(operationAt(op.method.toLowerCase(), op.path, "parameters")).map((param) => at(param, "name"));
      expect(headers, op.id).not.toContain("Signature");
      expect(headers, op.id).not.toContain("Digest");
      expect(headers, op.id).toContain("X-Request-ID");
    }
    for (const route of controlRoutes) expect(operationAt(route.method.toLowerCase(), route.path, "security")).toEqual([]);
  });
  test("examples for request and success bodies, and a real tppMessage per error code", () => {
    const create = (...path: string[]) => operationAt("post", "/v1/payments/norwegian-domestic-credit-transfers", ...path);
    expect(create("requestBody", "content", "application/json", "example", "creditorName")).toBe("Ola Nordmann");
    expect(create("responses", "201", "content", "application/json", "example", "transactionStatus")).toBe("RCVD");
    const examples = create("responses", "400", "content", "application/json", "examples");
    expect(at(examples, "KID_INVALID", "value", "tppMessages", 0)).toMatchObject({ category: "ERROR", code: "KID_INVALID" });
    expect(Object.keys(examples as object)[0]).toBe("FORMAT_ERROR");
    for (const op of operations) {
      const responses = operationAt(op.method.toLowerCase(), op.path, "responses") as Record<string, unknown>;
      for (const [status, response] of Object.entries(responses)) {
        if (status.startsWith("2")) continue;
        const resolved = at(response, "$ref") ? at(document, "components", "responses", String(at(response, "$ref")).split("/").pop() ?? "") : response;
        const named = at(resolved, "content", "application/json", "examples") as Record<string, { value: unknown }>;
        expect(Object.keys(named).length, `${op.id} ${status}`).toBeGreaterThan(0);
      }
    }
  });
  test("the statuses and headers the sandbox sends", () => {
    const responses = (method: string, path: string) => Object.keys(operationAt(method, path, "responses") as object);
    expect(responses("post", "/v1/payments/norwegian-domestic-credit-transfers")).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "404", "405", "413", "431", "500"]),
    );
    expect(operationAt("post", "/v1/payments/norwegian-domestic-credit-transfers", "responses", "201", "headers", "Location", "schema")).toEqual({
      type: "string",
      format: "uri",
    });
    const list200 = (...path: string[]) => operationAt("get", "/v1/sandbox/accounts/{mockAccountId}/transactions", "responses", "200", "headers", ...path);
    expect(list200("X-Total-Count", "schema", "type")).toBe("integer");
    expect(list200("Link")).toBeDefined();
    expect(at(document, "components", "responses", "MethodNotAllowed", "headers", "Allow")).toBeDefined();
    const query = list(operationAt("get", "/v1/sandbox/accounts/{mockAccountId}/transactions", "parameters")).filter((param) => at(param, "in") === "query");
    expect(query.map((param) => at(param, "name"))).toEqual(["fromDate", "toDate", "offset", "limit", "after", "before"]);
  });
  test("bban-or-iban as typed alternatives, with every required property defined", () => {
    expect(schema("DomesticAccountReference", "allOf", 0, "anyOf")).toEqual([
      { type: "object", properties: { bban: schema("DomesticAccountReference", "properties", "bban") }, required: ["bban"] },
      { type: "object", properties: { iban: schema("DomesticAccountReference", "properties", "iban") }, required: ["iban"] },
    ]);
    expect(schema("DomesticAccountReference", "anyOf")).toBeUndefined();
  });
  test("servers: the origin it is served from", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: "/" })]);
    expect(buildOpenApiDocument({ origin: "http://127.0.0.1:5123" }).servers).toEqual([expect.objectContaining({ url: "http://127.0.0.1:5123" })]);
  });
  test("every component is used by an operation", () => {
    const text = JSON.stringify(document.paths);
    const components = JSON.stringify(document.components);
    for (const name of Object.keys(document.components.schemas))
      expect(text.includes(`"#/components/schemas/${name}"`) || components.includes(`"#/components/schemas/${name}"`), name).toBe(true);
  });
  test("409 for a reused X-Request-ID on every operation that takes one, with the replay guard's own example", () => {
    for (const op of operations) {
      const conflict = operationAt(op.method.toLowerCase(), op.path, "responses", "409");
      expect(at(conflict, "description"), op.id).toMatch(/X-Request-ID this certificate's key has used before/);
      expect(at(conflict, "content", "application/json", "examples", "REQUEST_ID_REUSED", "value", "tppMessages", 0), op.id).toMatchObject({
        code: "CONFLICT",
        path: "X-Request-ID",
      });
    }
    // An operation's own CONFLICT stays beside it.
    const remove = operationAt("delete", "/v1/payments/norwegian-domestic-credit-transfers/{paymentId}", "responses", "409", "content", "application/json");
    expect(Object.keys(at(remove, "examples") as object)).toEqual(["CONFLICT", "REQUEST_ID_REUSED"]);
  });
  test("the forced 429 and 503 as the sandbox's scenarios, with Retry-After", () => {
    for (const op of operations) {
      expect(operationAt(op.method.toLowerCase(), op.path, "responses", "429"), op.id).toEqual({ $ref: "#/components/responses/TooManyRequests" });
      expect(operationAt(op.method.toLowerCase(), op.path, "responses", "503"), op.id).toEqual({ $ref: "#/components/responses/ServiceUnavailable" });
    }
    const tooMany = at(document, "components", "responses", "TooManyRequests");
    expect(at(tooMany, "description")).toMatch(/Sandbox scenario: only when a TPP forces it, by the request header X-Sandbox-Scenario: too-many-requests/);
    expect(at(tooMany, "headers", "Retry-After")).toEqual({ $ref: "#/components/headers/Retry-After" });
    expect(at(document, "components", "responses", "ServiceUnavailable", "description")).toMatch(/service-unavailable;retry-after=30/);
  });
  test("the Date header and its window on every signed operation, with no example that goes stale", () => {
    for (const op of operations) {
      const date = list(operationAt(op.method.toLowerCase(), op.path, "parameters")).find((param) => at(param, "name") === "Date");
      expect(date, op.id).toMatchObject({ in: "header", required: false });
      expect(at(date, "description"), op.id).toMatch(/within 5 minutes of the bank's real time/);
      expect(at(date, "example"), op.id).toBeUndefined();
      expect(new RegExp(String(at(date, "schema", "pattern"))).test(new Date().toUTCString())).toBe(true);
    }
  });
  test("HEAD beside every GET, with its own operationId and request id and no body", () => {
    for (const op of operations.filter((row) => row.method === "GET")) {
      const head = (...path: (string | number)[]) => operationAt("head", op.path, ...path);
      expect(head("operationId")).toBe(`${op.id}Head`);
      expect(head("responses", "200", "content")).toBeUndefined();
      expect(head("responses", "200", "headers")).toBeDefined();
      const id = (method: string) =>
        at(
          list(operationAt(method, op.path, "parameters")).find((param) => at(param, "name") === "X-Request-ID"),
          "example",
        );
      expect(id("head")).not.toBe(id("get"));
    }
  });
  test("exactly one of PSU-ID and X-PSU-IDENTITY as generators see it: PSU-ID required with its example, the alternative without one", () => {
    for (const id of ["createPayment", "createPeriodicPayment", "createSigningBasket"]) {
      const op = operations.find((row) => row.id === id);
      const params = list(operationAt("post", op?.path ?? "", "parameters"));
      const named = (name: string) => params.find((param) => at(param, "name") === name);
      expect(named("PSU-ID"), id).toMatchObject({
        required: true,
        example: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
        "x-exactly-one-of": ["PSU-ID", "X-PSU-IDENTITY"],
      });
      expect(named("X-PSU-IDENTITY"), id).toMatchObject({ required: false });
      expect(at(named("X-PSU-IDENTITY"), "description"), id).toMatch(/Instead of PSU-ID, never with it/);
      expect(at(named("X-PSU-IDENTITY"), "example"), id).toBeUndefined();
      expect(at(named("X-PSU-IDENTITY"), "schema", "examples"), id).toBeUndefined();
    }
  });
  test("every parameter a request needs has an example; each operation's X-Request-ID its own, new with each document", () => {
    const ids = new Set<unknown>();
    for (const op of operations)
      for (const param of list(operationAt(op.method.toLowerCase(), op.path, "parameters"))) {
        if (at(param, "required") === true) expect(at(param, "example"), `${op.id} ${String(at(param, "name"))}`).toBeDefined();
        if (at(param, "name") === "X-Request-ID") ids.add(at(param, "example"));
      }
    expect(ids.size).toBe(operations.length);
    const again = buildOpenApiDocument();
    const idOf = (doc: unknown) =>
      at(
        list(at(doc, "paths", "/v1/sandbox/initialize", "post", "parameters")).find((param) => at(param, "name") === "X-Request-ID"),
        "example",
      );
    expect(idOf(again)).not.toBe(idOf(document));
  });
  test("the examples are dated for the day the document is made: a payment today, a standing order from the first of next month", () => {
    const dated = buildOpenApiDocument({ today: "2027-12-15" });
    const body = (path: string) => at(dated, "paths", path, "post", "requestBody", "content", "application/json", "example");
    expect(at(body("/v1/payments/norwegian-domestic-credit-transfers"), "requestedExecutionDate")).toBe("2027-12-15");
    expect(at(body("/v1/periodic-payments/norwegian-domestic-credit-transfers"), "startDate")).toBe("2028-01-01");
  });
  test("links lead from what an operation makes to the operations that take its id, whose path examples are that id", () => {
    const links = operationAt("post", "/v1/payments/norwegian-domestic-credit-transfers", "responses", "201", "links") as Record<string, unknown>;
    expect(Object.keys(links)).toEqual(["getPayment", "getPaymentStatus", "deletePayment"]);
    const made = operationAt(
      "post",
      "/v1/payments/norwegian-domestic-credit-transfers",
      "responses",
      "201",
      "content",
      "application/json",
      "example",
      "paymentId",
    );
    const path = list(operationAt("get", "/v1/payments/norwegian-domestic-credit-transfers/{paymentId}", "parameters")).find(
      (param) => at(param, "name") === "paymentId",
    );
    expect(at(path, "example")).toBe(made);
  });
});

describe("why a payment is RJCT (decision 0058)", () => {
  test("the status record and both payment reads declare tppMessages and psuMessage, saying they tell why", () => {
    const schemas = buildOpenApiDocument().components.schemas as Record<string, { properties?: Record<string, { description?: string }> }>;
    for (const component of ["PaymentStatus", "SinglePayment", "PeriodicPayment"]) {
      const properties = schemas[component]?.properties ?? {};
      expect(properties.tppMessages?.description, component).toMatch(/When RJCT: one message saying why/);
      expect(properties.psuMessage?.description, component).toMatch(/When RJCT: why/);
    }
  });
});

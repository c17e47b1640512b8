import { describe, expect, test } from "vitest";
import { ErrorBody } from "./common-objects";
import { controlRoutes, type ControlRoute } from "./control";
import { controlExamples } from "./control-examples";
import { errorExample } from "./error-examples";
import { errorCodes, errorStatus } from "./errors";
import { osloToday } from "./example-dates";
import { operationExamples as examplesOn } from "./operation-examples";
import { operations, type Operation } from "./operations";

/** The table's rows as the general row type, whose body and success body may be absent. */
const rows: readonly Operation[] = operations;
const operationExamples = examplesOn(osloToday());
const problems = (result: { success: boolean; error?: { issues: unknown[] } }) => (result.success ? [] : result.error?.issues);

describe("the contract's examples", () => {
  test.each(rows.map((operation) => [operation.id, operation] as const))(
    "%s: a request body the sandbox accepts, exactly when it takes one",
    (id, operation) => {
      const { request } = operationExamples[id];
      expect(request !== undefined).toBe(operation.body !== undefined);
      if (operation.body) expect(problems(operation.body.safeParse(request))).toEqual([]);
    },
  );
  test.each(rows.map((operation) => [operation.id, operation] as const))(
    "%s: a success body of its schema, exactly when the answer has one",
    (id, operation) => {
      const { response } = operationExamples[id];
      const schema = operation.success.body;
      expect(response !== undefined).toBe(schema !== undefined);
      if (schema) expect(problems(schema.safeParse(response))).toEqual([]);
    },
  );
  test.each(controlRoutes.map((route): [string, ControlRoute] => [route.id, route]))(
    "control route %s: its request and answer examples parse",
    (_id, route) => {
      const example = controlExamples[route.id];
      expect(example.request !== undefined).toBe(route.body !== undefined);
      if (route.body) expect(problems(route.body.safeParse(example.request))).toEqual([]);
      expect(problems(route.response.safeParse(example.response))).toEqual([]);
    },
  );
  test("every error code has an example error body with that code", () => {
    for (const code of errorCodes) {
      const body = { tppMessages: [errorExample(code)] };
      expect(problems(ErrorBody.safeParse(body)), code).toEqual([]);
      expect(body.tppMessages[0]?.code).toBe(code);
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
    }
  });
  test("a broken example is caught", () => {
    const { request } = operationExamples.createPayment;
    const operation = rows.find((candidate) => candidate.id === "createPayment");
    expect(operation?.body?.safeParse({ ...(request as object), creditorName: 5 }).success).toBe(false);
  });
});

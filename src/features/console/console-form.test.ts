import { describe, expect, test } from "vitest";
import { exampleRequest, type ExampleContext } from "../../contract/example-requests";
import { operations } from "../../contract/operations";
import { DEFAULTED_HEADERS, PSU_HEADERS } from "./console-form";

const context: ExampleContext = {
  accounts: [],
  customers: [{ customerNumber: "01817010055", kind: "private", psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21", name: "Kari Nordmann", createdAt: 0 }],
  today: "2026-03-02",
  origin: "http://127.0.0.1:4010",
  psuId: "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21",
  sessionId: "0b6c1e3a-7f0d-4c5e-9a2b-8d1f3e5a7c9b",
};

describe("the console's folded headers", () => {
  test("every header an example fills, but the PSU's, is folded as one the portal fills in", () => {
    const filled = operations.flatMap((operation) =>
      Object.entries(exampleRequest(operation.id, context, {}).headers)
        .filter(([name, value]) => value !== undefined && !PSU_HEADERS.has(name))
        .map(([name]) => name),
    );
    expect(filled.length).toBeGreaterThan(0);
    expect([...new Set(filled)].filter((name) => !DEFAULTED_HEADERS.has(name))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { buildOpenApiDocument } from "../contract/openapi";
import { loadOpenApi, parametersOf } from "./openapi-document";

beforeAll(async () => {
  vi.stubGlobal("fetch", () => Promise.resolve(new Response(JSON.stringify(buildOpenApiDocument()))));
  await loadOpenApi();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe("the pages' parameters of an operation", () => {
  test("show the signature headers the document states as security schemes, required where every alternative names them", () => {
    const headers = (method: string, path: string) =>
      Object.fromEntries(
        parametersOf(method, path)
          .filter((parameter) => parameter.in === "header")
          .map((parameter) => [parameter.name, parameter.required]),
      );
    expect(headers("POST", "/v1/payments/norwegian-domestic-credit-transfers")).toMatchObject({
      "X-Request-ID": true,
      Signature: true,
      Digest: true,
      "TPP-Signature-Certificate": true,
    });
    expect(headers("GET", "/v1/payments/norwegian-domestic-credit-transfers/{paymentId}")).toMatchObject({ Signature: true, Digest: false });
    expect(headers("GET", "/v1/sandbox/accounts/{mockAccountId}/transactions")).not.toHaveProperty("Digest");
    expect(parametersOf("POST", "/__sandbox/batch/run")).toEqual([]);
  });
});

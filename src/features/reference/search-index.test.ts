import { describe, expect, test } from "vitest";
import { buildOpenApiDocument } from "../../contract/openapi";
import { operations } from "../../contract/operations";
import { buildSearchIndex, searchEntries } from "./search-index";

const document = buildOpenApiDocument();
interface Parameter {
  name: string;
  in: "path" | "header" | "query";
  description?: string;
}
const paths = document.paths as Record<string, Record<string, { parameters?: Parameter[] }>>;
const index = buildSearchIndex({
  operations,
  components: document.components.schemas,
  parametersOf: (operation) => paths[operation.path]?.[operation.method.toLowerCase()]?.parameters ?? [],
});
const search = (query: string) => searchEntries(index, query);

describe("reference search", () => {
  test("an error code is found by its name first, and leads to the error table", () => {
    const [first] = search("kid_invalid");
    expect(first).toMatchObject({ kind: "error code", label: "KID_INVALID", href: "/reference#error-KID_INVALID" });
    expect(first?.detail).toMatch(/^400: /);
  });

  test("an error code is found by its HTTP status", () => {
    expect(search("409").map((entry) => entry.label)).toContain("CONFLICT");
  });

  test("an operation is found by words of its title, in any order, and by its id", () => {
    expect(search("periodic create")[0]).toMatchObject({ kind: "operation", href: "/reference/createPeriodicPayment" });
    expect(search("getSigningBasketStatus")[0]?.href).toBe("/reference/getSigningBasketStatus");
  });

  test("a field is found by its path, with the operation and body it belongs to and the row it leads to", () => {
    const results = search("creditorAccount.bban");
    expect(results.map((entry) => entry.href)).toContain("/reference/createPayment#request-field-creditorAccount.bban");
    expect(results.find((entry) => entry.href.endsWith("createPayment#request-field-creditorAccount.bban"))?.detail).toBe(
      "request body of Create NDCT payment",
    );
    expect(search("nextExecutionDates").map((entry) => entry.href)).toContain("/reference/getPeriodicPayment#response-field-nextExecutionDates");
  });

  test("a header is found as a parameter of each operation that takes it", () => {
    const results = search("tpp-redirect-uri").filter((entry) => entry.kind === "parameter");
    expect(results.map((entry) => entry.href)).toContain("/reference/createPayment#header-TPP-Redirect-URI");
  });

  test("exact names rank before names that merely contain the query", () => {
    const labels = search("bban").map((entry) => entry.label);
    expect(labels.indexOf("bban")).toBeLessThan(labels.indexOf("creditorAccount.bban"));
  });

  test("an empty query or one that matches nothing finds nothing", () => {
    expect(search("   ")).toEqual([]);
    expect(search("no such thing anywhere")).toEqual([]);
  });
});

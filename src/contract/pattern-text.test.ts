import { describe, expect, test } from "vitest";
import { buildOpenApiDocument } from "./openapi";
import { PATTERN_TEXT } from "./pattern-text";

type Node = Record<string, unknown>;

/** Every schema in the document that has a pattern, with where it sits. */
function patterned(node: unknown, at = "#"): { at: string; schema: Node }[] {
  if (node === null || typeof node !== "object") return [];
  const own = typeof (node as Node).pattern === "string" ? [{ at, schema: node as Node }] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => patterned(value, `${at}/${key}`))];
}

describe("patterns explained in words", () => {
  const all = patterned(buildOpenApiDocument());

  test("every pattern the reference shows (one without a format) has its words beside it in the contract", () => {
    const shown = all.filter(({ schema }) => schema.format === undefined);
    expect(shown.length).toBeGreaterThan(20);
    const missing = shown.filter(({ schema }) => typeof schema[PATTERN_TEXT] !== "string" || schema[PATTERN_TEXT] === "").map(({ at }) => at);
    expect(missing).toEqual([]);
  });

  test("the words say what the pattern asks for", () => {
    const words = (pattern: string) => all.find(({ schema }) => schema.pattern === pattern)?.schema[PATTERN_TEXT];
    expect(words("^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$")).toMatch(/two capital letters \(the ISO 3166 country code\)/);
    expect(words("^([0-9]{9}|[0-9]{11})$")).toMatch(/9 digits .* or 11 digits/);
    expect(words("^\\d{11}$")).toMatch(/^11 digits/);
  });
});

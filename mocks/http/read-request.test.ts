import { describe, expect, test } from "vitest";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, MAX_JSON_VALUES, canonicalHeaders, jsonNestingProblem, readBody, readQuery } from "./read-request";

const post = (body: string, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
  new Request("http://sandbox.test/v1/x", { method: "POST", body, headers });

describe("canonicalHeaders", () => {
  test("known headers under their canonical names, others as the Headers object gives them", () => {
    const headers = new Headers({ "psu-id": "a", "X-REQUEST-ID": "b", "X-Custom": "c", "X-Accept-Fix": "longer-name" });
    expect(canonicalHeaders(headers)).toEqual({ "PSU-ID": "a", "X-Request-ID": "b", "x-custom": "c", "x-accept-fix": "longer-name" });
  });
  test("a header sent twice arrives joined with a comma", () => {
    const headers = new Headers();
    headers.append("PSU-ID", "a");
    headers.append("psu-id", "b");
    expect(canonicalHeaders(headers)["PSU-ID"]).toBe("a, b");
  });
});

describe("readQuery", () => {
  test("each parameter once; a repeated one is a FORMAT_ERROR at its name", () => {
    expect(readQuery(new URL("http://x/?limit=1&offset=2"))).toEqual({ query: { limit: "1", offset: "2" }, messages: [] });
    expect(readQuery(new URL("http://x/?limit=1&limit=2")).messages).toEqual([expect.objectContaining({ code: "FORMAT_ERROR", path: "limit" })]);
  });
  test("regression: names of Object.prototype members are ordinary parameters", () => {
    expect(readQuery(new URL("http://x/?constructor=1&toString=2&hasOwnProperty=3")).messages).toEqual([]);
    expect(readQuery(new URL("http://x/?constructor=1&constructor=2")).messages).toHaveLength(1);
  });
});

describe("jsonNestingProblem", () => {
  test("counts brackets outside strings only", () => {
    expect(jsonNestingProblem(`{"a": "${"[".repeat(1000)}"}`)).toBeUndefined();
    expect(jsonNestingProblem(`{"a": "\\"${"{".repeat(1000)}"}`)).toBeUndefined();
    expect(jsonNestingProblem("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonNestingProblem("[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1))).toMatch(/more than 64 levels/);
    expect(jsonNestingProblem("[]".repeat(10_000))).toBeUndefined();
  });
  test("counts values by their commas outside strings, and stops at the limit", () => {
    const list = (count: number) => `[${Array<string>(count).fill("1").join(",")}]`;
    expect(jsonNestingProblem(list(MAX_JSON_VALUES), MAX_JSON_DEPTH, MAX_JSON_VALUES)).toBeUndefined();
    expect(jsonNestingProblem(list(MAX_JSON_VALUES + 1), MAX_JSON_DEPTH, MAX_JSON_VALUES)).toMatch(/more than 10000 values/);
    expect(jsonNestingProblem(`["${",".repeat(50_000)}"]`, MAX_JSON_DEPTH, MAX_JSON_VALUES)).toBeUndefined();
    expect(jsonNestingProblem(list(MAX_JSON_VALUES + 1))).toBeUndefined();
  });
});

describe("readBody", () => {
  test("the text and its JSON", async () => {
    expect(await readBody(post('{"a":1}'), true)).toEqual({ ok: true, text: '{"a":1}', json: { a: 1 } });
    expect(await readBody(post("{", { "Content-Type": "application/json" }), false)).toEqual({ ok: true, text: "{", json: undefined });
  });
  test("refusals are FORMAT_ERROR messages, never exceptions", async () => {
    const cases: [Request, RegExp][] = [
      [post("{"), /not valid JSON/],
      [post("   "), /needs a JSON body/],
      [post('{"a":1}', { "Content-Type": "text/plain" }), /Content-Type is text\/plain/],
      [post(`{"a":${"[".repeat(10_000)}${"]".repeat(10_000)}}`), /levels deep/],
      [post(JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`k${String(index)}`, 1])))), /more than 10000 values/],
    ];
    for (const [request, text] of cases) {
      const read = await readBody(request, true);
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.messages).toEqual([expect.objectContaining({ code: "FORMAT_ERROR", text: expect.stringMatching(text) as string })]);
    }
  });
  test("a body over 1 MiB is CONTENT_TOO_LARGE (413), as the standalone server answers it", async () => {
    const read = await readBody(post("x".repeat(MAX_BODY_BYTES + 1)), true);
    expect(read).toEqual({
      ok: false,
      messages: [expect.objectContaining({ code: "CONTENT_TOO_LARGE", text: expect.stringContaining(`${String(MAX_BODY_BYTES + 1)} bytes`) as string })],
    });
  });
  test("a vendor JSON type (application/vnd.x+json) is JSON", async () => {
    expect((await readBody(post("{}", { "Content-Type": "application/vnd.tpp+json; charset=utf-8" }), true)).ok).toBe(true);
  });
});

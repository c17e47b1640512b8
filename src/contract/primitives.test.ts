import { describe, expect, test } from "vitest";
import { uniqueList } from "./primitives";
import { z } from "./zod";

describe("uniqueList", () => {
  const ids = uniqueList(z.string(), 200_000, (id) => `${id} is listed twice.`);

  test("reports each repeat at its own index, the first occurrence stays", () => {
    const issues = ids.safeParse(["a", "b", "a", "c", "b"]).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[2], "a is listed twice."],
      [[4], "b is listed twice."],
    ]);
  });

  test("the duplicate check is linear: 150,000 distinct ids take well under a second (the quadratic one took 10 s)", () => {
    const many = Array.from({ length: 150_000 }, (_, index) => index.toString(36));
    const started = performance.now();
    expect(ids.safeParse(many).success).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  test("a list over the bound is one issue, found before any item is parsed", () => {
    const short = uniqueList(z.string().min(3), 2, (id) => `${id} twice`);
    const issues = short.safeParse(["a", "a", "a"]).error?.issues ?? [];
    expect(issues).toEqual([expect.objectContaining({ code: "too_big", path: [], maximum: 2 })]);
  });
});

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

  // No timer here (a busy machine made one fail): the quadratic check this replaced took 10 s for this list, past the
  // test's own timeout on any machine; what the check costs is the benchmark's to measure.
  test("150,000 distinct ids pass, and the one repeated at the end of such a list is found at its index", () => {
    const many = Array.from({ length: 150_000 }, (_, index) => index.toString(36));
    expect(ids.safeParse(many).success).toBe(true);
    const repeated = [...many, many[75_000] ?? ""];
    expect(ids.safeParse(repeated).error?.issues.map((issue) => issue.path)).toEqual([[150_000]]);
  });

  test("a list over the bound is one issue, found before any item is parsed", () => {
    const short = uniqueList(z.string().min(3), 2, (id) => `${id} twice`);
    const issues = short.safeParse(["a", "a", "a"]).error?.issues ?? [];
    expect(issues).toEqual([expect.objectContaining({ code: "too_big", path: [], maximum: 2 })]);
  });
});

/** Helpers for the contract's table-driven tests (imported by *.test.ts only). */
import { expect } from "vitest";
import { formatPath } from "./tpp-messages";
import type { z } from "./zod";

/** A copy of `base` with the value at a dotted path replaced (`undefined` removes it). */
export function withValue<T>(base: T, path: string, value: unknown): T {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.split(".");
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1] ?? "";
  if (value === undefined) Reflect.deleteProperty(target, last);
  else target[last] = value;
  return copy as T;
}

export function expectAccepted(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.error?.issues ?? [], JSON.stringify(value)).toEqual([]);
}

/** Parsing fails with an issue at exactly `path`, whose message matches `message` when given. */
export function expectRejected(schema: z.ZodType, value: unknown, path: string, message?: RegExp) {
  const result = schema.safeParse(value);
  expect(result.success, `${JSON.stringify(value)} should be rejected`).toBe(false);
  const issues = (result.error?.issues ?? []).map((issue) => {
    const keys = issue.code === "unrecognized_keys" ? [...issue.path, ...issue.keys] : issue.path;
    return { path: formatPath(keys), message: issue.message };
  });
  const atPath = issues.filter((issue) => issue.path === path);
  expect(atPath, `issues: ${JSON.stringify(issues)}`).not.toHaveLength(0);
  if (message) expect(atPath.map((issue) => issue.message).join(" | ")).toMatch(message);
}

export interface FieldRow {
  path: string;
  accepted: unknown[];
  /** `at`: where the issue lands when not at the row's path (an element of a list, say). */
  rejected: { value: unknown; message?: RegExp; at?: string }[];
}

/** Every row: each accepted value parses in `base`; each rejected value fails at the row's path. */
export function checkRows(schema: z.ZodType, base: unknown, rows: readonly FieldRow[]) {
  for (const row of rows) {
    for (const value of row.accepted) expectAccepted(schema, withValue(base, row.path, value));
    const expectedPath = row.path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
    for (const { value, message, at } of row.rejected) expectRejected(schema, withValue(base, row.path, value), at ?? expectedPath, message);
  }
}

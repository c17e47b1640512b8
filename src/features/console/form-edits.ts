/**
 * What the user changed in a form, kept apart from the example it started from: a list of edits,
 * each a path and the value there. The form always shows the example with the edits laid over it,
 * so new sandbox data can fill every field the user has not touched and never one they have.
 */

import { z } from "../../contract/zod";

/** One change: a path into the form's values (object keys and array indices, as react-hook-form names them) and the value there. */
export const editSchema = z.object({ path: z.array(z.string()), value: z.unknown() });
export type Edit = z.infer<typeof editSchema>;
export type FieldPath = Edit["path"];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Nothing given: what an empty input, an untouched optional group and a missing key all mean to the request. */
const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (isRecord(value) && Object.values(value).every(isEmpty));

export const pathKey = (path: FieldPath) => path.join(".");

export function valueAt(values: unknown, path: FieldPath): unknown {
  let node = values;
  for (const key of path) {
    if (!isRecord(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * The paths where `after` differs from `before`, as high up as the difference starts: a list that
 * grew or shrank is one difference (the whole list), a changed field inside a list item is that field.
 */
export function differences(before: unknown, after: unknown, path: FieldPath = []): FieldPath[] {
  if (isEmpty(before) && isEmpty(after)) return [];
  if ((isRecord(before) || isEmpty(before)) && (isRecord(after) || isEmpty(after)) && (isRecord(before) || isRecord(after))) {
    const left = isRecord(before) ? before : {};
    const right = isRecord(after) ? after : {};
    return [...new Set([...Object.keys(left), ...Object.keys(right)])].flatMap((key) => differences(left[key], right[key], [...path, key]));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length)
    return before.flatMap((item, index) => differences(item, after[index], [...path, String(index)]));
  return before === after ? [] : [path];
}

const isWithin = (path: FieldPath, ancestor: FieldPath) => ancestor.length < path.length && ancestor.every((key, index) => path[index] === key);

/**
 * The edits after the user changed the form from `shown` (what the form was last given) to
 * `current`: every path that differs becomes an edit, and every earlier edit takes its current
 * value (a field once touched stays the user's, even typed back to the example's value). An edit
 * inside another one is dropped: the outer one carries the whole value.
 */
export function updateEdits(edits: Edit[], shown: unknown, current: unknown): Edit[] {
  const paths = [...edits.map((edit) => edit.path), ...differences(shown, current)];
  const unique = [...new Map(paths.map((path) => [pathKey(path), path])).values()];
  return unique.filter((path) => !unique.some((other) => isWithin(path, other))).map((path) => ({ path, value: structuredClone(valueAt(current, path)) }));
}

function setAt(target: Record<string, unknown>, path: FieldPath, value: unknown) {
  let node: Record<string, unknown> = target;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (!isRecord(next) && !Array.isArray(next)) node[key] = /^\d+$/.test(path[index + 1] ?? "") ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
}

/** The example with the edits laid over it, outer paths first. */
export function applyEdits<T extends object>(example: T, edits: Edit[]): T {
  const result = structuredClone(example) as Record<string, unknown>;
  for (const edit of [...edits].sort((a, b) => a.path.length - b.path.length)) {
    if (edit.path.length > 0) setAt(result, edit.path, structuredClone(edit.value));
  }
  return result as T;
}

/** The fields an example leaves empty: those the sandbox's data fills when it arrives. */
export function emptyLeaves(values: unknown, path: FieldPath = []): FieldPath[] {
  if (values === "") return [path];
  if (isRecord(values)) return Object.entries(values).flatMap(([key, value]) => emptyLeaves(value, [...path, key]));
  if (Array.isArray(values)) return values.flatMap((value, index) => emptyLeaves(value, [...path, String(index)]));
  return [];
}

/** Whether a path is one of the edits or lies inside one. */
export const isEdited = (edits: Edit[], path: FieldPath) => edits.some((edit) => pathKey(edit.path) === pathKey(path) || isWithin(path, edit.path));

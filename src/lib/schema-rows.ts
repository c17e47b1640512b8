/**
 * Flattens a JSON Schema (as the OpenAPI document holds it) into the rows of a nested field
 * table: one row per field, with its type, whether it is required, and its limits in words.
 */
import { fieldChoice, valueChoice, type SandboxChoice } from "../contract/sandbox-choices";
import { PATTERN_TEXT } from "../contract/pattern-text";

export type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  description?: string;
  deprecated?: boolean;
  additionalProperties?: JsonSchema | boolean;
  allOf?: JsonSchema[];
  if?: JsonSchema;
  anyOf?: JsonSchema[];
  not?: JsonSchema;
};

/** A field's pattern and, from the contract, what it means in words. */
export interface PatternRule {
  pattern: string;
  text?: string;
  /** The pattern applies to each item of an array. */
  each?: boolean;
}

export interface FieldRow {
  /** `creditorAccount.iban`, `monthsOfExecution[]`. */
  path: string;
  name: string;
  depth: number;
  type: string;
  required: boolean;
  limits: string[];
  values?: string[];
  pattern?: PatternRule;
  description?: string;
  deprecated: boolean;
  /** The spec does not show this field's rule: what this sandbox chose, and its decision record. */
  choice?: SandboxChoice;
}

const MAX_DEPTH = 6;

export function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const name = current.$ref.split("/").pop() ?? "";
    const { $ref: _ref, ...siblings } = current;
    current = { ...(components[name] ?? {}), ...siblings };
  }
  return current;
}

export function typeName(schema: JsonSchema, components: Record<string, JsonSchema>): string {
  const name = schema.$ref?.split("/").pop();
  const resolved = resolve(schema, components);
  if (resolved.type === "array" && resolved.items) return `array of ${typeName(resolved.items, components)}`;
  if (resolved.type === "object" && name) return name;
  if (resolved.type === "object" && resolved.additionalProperties && typeof resolved.additionalProperties === "object")
    return `map of ${typeName(resolved.additionalProperties, components)}`;
  const format = typeof resolved.format === "string" ? ` (${resolved.format})` : "";
  return `${Array.isArray(resolved.type) ? resolved.type.join(" | ") : (resolved.type ?? "any")}${format}`;
}

const listOf = (values: unknown[]) => values.map((value) => String(value));

/** Limits and rules of one schema, in words a developer reads at a glance. */
export function limitsOf(schema: JsonSchema): string[] {
  const limits: string[] = [];
  const n = (key: string) => (typeof schema[key] === "number" ? schema[key] : undefined);
  const minLength = n("minLength");
  const maxLength = n("maxLength");
  if (minLength !== undefined && maxLength !== undefined) limits.push(`${String(minLength)}–${String(maxLength)} characters`);
  else if (maxLength !== undefined) limits.push(`at most ${String(maxLength)} characters`);
  else if (minLength === 1) limits.push("non-empty");
  else if (minLength !== undefined) limits.push(`at least ${String(minLength)} characters`);
  const minimum = n("minimum");
  const maximum = n("maximum");
  if (minimum !== undefined) limits.push(`≥ ${String(minimum)}`);
  if (maximum !== undefined) limits.push(`≤ ${String(maximum)}`);
  const minItems = n("minItems");
  if (minItems !== undefined) limits.push(`at least ${String(minItems)} item${minItems === 1 ? "" : "s"}`);
  if (schema.uniqueItems === true) limits.push("no duplicates");
  // The document states "bban or iban" as allOf: [{ anyOf }] (src/contract/openapi-alternatives.ts).
  const alternatives = schema.anyOf ?? schema.allOf?.find((rule) => Array.isArray(rule.anyOf))?.anyOf;
  if (Array.isArray(alternatives) && alternatives.every((option) => Array.isArray(option.required)))
    limits.push(`needs ${alternatives.map((option) => option.required?.join(" + ")).join(" or ")}`);
  const never = schema.not?.anyOf;
  if (Array.isArray(never)) limits.push(`never together: ${never.map((option) => option.required?.join(" + ")).join("; ")}`);
  if (schema.if !== undefined || (Array.isArray(schema.allOf) && schema.allOf.some((rule) => "if" in rule)))
    limits.push("decimals limited by the currency's minor units");
  return limits;
}

/** The named schema (component) a reference points to, whose fields the choices table names. */
export const componentName = (schema: JsonSchema | undefined) => schema?.$ref?.split("/").pop();

/** The pattern of a schema that has no format (a format, such as uuid or date, says it better), with its words. */
export function patternOf(schema: JsonSchema): PatternRule | undefined {
  if (typeof schema.pattern !== "string" || schema.format !== undefined) return undefined;
  const text = schema[PATTERN_TEXT];
  return { pattern: schema.pattern, ...(typeof text === "string" ? { text } : {}) };
}

export function fieldRows(schema: JsonSchema, components: Record<string, JsonSchema>, prefix = "", depth = 0): FieldRow[] {
  const owner = componentName(schema);
  const object = resolve(schema, components);
  if (depth > MAX_DEPTH || !object.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const resolved = resolve(property, components);
    const path = prefix ? `${prefix}.${name}` : name;
    const values = resolved.enum ? listOf(resolved.enum) : undefined;
    const items = resolved.type === "array" && resolved.items ? resolve(resolved.items, components) : undefined;
    const itemPattern = items ? patternOf(items) : undefined;
    const pattern = patternOf(resolved) ?? (itemPattern ? { ...itemPattern, each: true } : undefined);
    const row: FieldRow = {
      path,
      name,
      depth,
      type: typeName(property, components),
      required: required.has(name),
      limits: limitsOf(resolved),
      ...(values ? { values } : {}),
      ...(pattern ? { pattern } : {}),
      ...(resolved.description ? { description: resolved.description } : {}),
      deprecated: resolved.deprecated === true,
    };
    const choice = fieldChoice(owner, name) ?? valueChoice(componentName(property));
    if (choice) row.choice = choice;
    if (items) row.limits.push(...limitsOf(items).map((limit) => `each ${limit}`));
    if (items?.enum) row.values = listOf(items.enum);
    // Unresolved, so that the nested rows know the named schema that holds them.
    const nested =
      resolved.type === "array" && resolved.items
        ? fieldRows(resolved.items, components, `${path}[]`, depth + 1)
        : fieldRows(property, components, path, depth + 1);
    return [row, ...nested];
  });
}

/**
 * What a form renders for a body: a tree of fields derived from the contract's JSON Schema (the
 * same one the reference and /openapi.json show). Fields carry the spec's notes; the rules stay in
 * the zod schema that validates the form.
 */
import { fieldChoice, valueChoice, type SandboxChoice } from "../contract/sandbox-choices";
import { componentName, resolve, type JsonSchema } from "./schema-rows";

interface Common {
  name: string;
  /** react-hook-form path, e.g. "instructedAmount.amount". */
  path: string;
  required: boolean;
  description?: string | undefined;
  deprecated: boolean;
  /** The spec does not show this field's rule: what this sandbox chose, and its decision record. */
  choice?: SandboxChoice | undefined;
}

export type FieldNode =
  | (Common & { kind: "text" | "date" | "currency" | "country" | "boolean" })
  | (Common & { kind: "number"; integer: boolean })
  | (Common & { kind: "enum"; values: string[] })
  | (Common & { kind: "list"; of: "string" | "integer" })
  | (Common & { kind: "object"; children: FieldNode[] })
  | (Common & { kind: "objects"; item: FieldNode[] });

const MAX_DEPTH = 5;
const refName = (schema: JsonSchema) => schema.$ref?.split("/").pop();

function node(
  name: string,
  path: string,
  property: JsonSchema,
  required: boolean,
  components: Record<string, JsonSchema>,
  depth: number,
  owner: string | undefined,
): FieldNode | undefined {
  const resolved = resolve(property, components);
  const choice = fieldChoice(owner, name) ?? valueChoice(componentName(property));
  const common: Common = { name, path, required, description: resolved.description, deprecated: resolved.deprecated === true, choice };
  const ref = refName(property);
  if (ref === "CurrencyCode") return { ...common, kind: "currency" };
  if (ref === "CountryCode") return { ...common, kind: "country" };
  if (resolved.enum) return { ...common, kind: "enum", values: resolved.enum.map(String) };
  switch (resolved.type) {
    case "string":
      return { ...common, kind: resolved.format === "date" ? "date" : "text" };
    case "integer":
    case "number":
      return { ...common, kind: "number", integer: resolved.type === "integer" };
    case "boolean":
      return { ...common, kind: "boolean" };
    case "array": {
      const items = resolve(resolved.items ?? {}, components);
      if (items.type === "object") return { ...common, kind: "objects", item: fieldNodes(resolved.items ?? items, components, "", depth + 1) };
      return { ...common, kind: "list", of: items.type === "integer" ? "integer" : "string" };
    }
    case "object":
      return depth >= MAX_DEPTH ? undefined : { ...common, kind: "object", children: fieldNodes(property, components, path, depth + 1) };
    default:
      return undefined;
  }
}

/** The fields of an object schema; `prefix` is the path of the object itself. */
export function fieldNodes(schema: JsonSchema, components: Record<string, JsonSchema>, prefix = "", depth = 0): FieldNode[] {
  const owner = componentName(schema);
  const object = resolve(schema, components);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) => {
    const field = node(name, prefix ? `${prefix}.${name}` : name, property, required.has(name), components, depth, owner);
    return field ? [field] : [];
  });
}

/** How an input's text becomes the value the contract checks; empty means "not given". */
export function parseInput(kind: FieldNode["kind"], of?: "string" | "integer") {
  return (raw: unknown): unknown => {
    if (typeof raw !== "string") return raw;
    const text = raw.trim();
    if (text === "") return undefined;
    if (kind === "number") return Number.isFinite(Number(text)) ? Number(text) : text;
    if (kind === "list") {
      const items = text.split(/[\s,;]+/).filter(Boolean);
      return of === "integer" ? items.map((item) => (/^-?\d+$/.test(item) ? Number(item) : item)) : items;
    }
    return raw;
  };
}

const isEmpty = (value: unknown) =>
  value === undefined || (typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every(isEmpty));

/**
 * The body a form's fields describe: an optional group left entirely empty (an address, say) is
 * left out rather than sent half-filled; a required one stays, so its fields report what is missing.
 */
export function pruneEmpty(nodes: FieldNode[], value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const result: Record<string, unknown> = { ...record };
  for (const field of nodes) {
    const inner = record[field.name];
    if (field.kind === "object") {
      const pruned = pruneEmpty(field.children, inner);
      result[field.name] = !field.required && isEmpty(pruned) ? undefined : pruned;
    } else if (field.kind === "objects" && Array.isArray(inner)) {
      const items = inner.map((item) => pruneEmpty(field.item, item));
      result[field.name] = !field.required && items.length === 0 ? undefined : items;
    }
  }
  return result;
}

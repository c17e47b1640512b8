/**
 * Deprecated fields are marked once, in their schema's metadata (`deprecated: true`). This walks a
 * parsed value alongside its schema and returns a WARNING for each deprecated field it uses, so
 * the sandbox warns, the OpenAPI document marks, and the reference shows, from that one mark.
 */
import type { TppMessage } from "./common-objects";
import { formatPath, tppWarning } from "./tpp-messages";
import { z } from "./zod";

interface DeprecationMeta {
  deprecated?: boolean;
  description?: string;
}

function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType; out?: z.core.$ZodType };
  if ((def.type === "optional" || def.type === "nullable" || def.type === "default") && def.innerType) return unwrap(def.innerType);
  if (def.type === "pipe" && def.out) return unwrap(def.out);
  return schema;
}

const isDeprecated = (field: z.core.$ZodType) => (z.globalRegistry.get(field) as DeprecationMeta | undefined)?.deprecated === true;

/** Whether a schema holds a deprecated field anywhere: most hold none, and their values need no walk on every request. */
const holdsDeprecated = new WeakMap<z.core.$ZodType, boolean>();

function mayWarn(schema: z.core.$ZodType): boolean {
  const known = holdsDeprecated.get(schema);
  if (known !== undefined) return known;
  holdsDeprecated.set(schema, false); // a schema that refers to itself is not walked twice
  const def = unwrap(schema)._zod.def as { type: string; shape?: Record<string, z.core.$ZodType>; element?: z.core.$ZodType };
  const holds =
    def.type === "array" && def.element
      ? mayWarn(def.element)
      : def.type === "object" && def.shape
        ? Object.values(def.shape).some((field) => isDeprecated(field) || mayWarn(field))
        : false;
  holdsDeprecated.set(schema, holds);
  return holds;
}

interface WalkedField {
  key: string;
  field: z.core.$ZodType;
  /** The warning's text, when the field itself is deprecated. */
  deprecation: string | undefined;
}

/** Per object schema, the fields worth a look: deprecated ones, and those that hold one (looked up once, not on every request). */
const walkedFields = new WeakMap<object, WalkedField[]>();

function fieldsToWalk(shape: Record<string, z.core.$ZodType>): WalkedField[] {
  const known = walkedFields.get(shape);
  if (known) return known;
  const fields = Object.entries(shape).flatMap(([key, field]) => {
    const meta = z.globalRegistry.get(field) as DeprecationMeta | undefined;
    const deprecation = meta?.deprecated ? (meta.description ?? `${key} is deprecated.`) : undefined;
    return deprecation !== undefined || mayWarn(field) ? [{ key, field, deprecation }] : [];
  });
  walkedFields.set(shape, fields);
  return fields;
}

export function deprecationWarnings(schema: z.core.$ZodType, value: unknown, path: PropertyKey[] = []): TppMessage[] {
  if (value === null || typeof value !== "object" || !mayWarn(schema)) return [];
  const inner = unwrap(schema);
  const def = inner._zod.def as { type: string; shape?: Record<string, z.core.$ZodType>; element?: z.core.$ZodType };
  if (def.type === "array" && def.element && Array.isArray(value)) {
    const element = def.element;
    return value.flatMap((item, index) => deprecationWarnings(element, item, [...path, index]));
  }
  if (def.type !== "object" || !def.shape) return [];
  const record = value as Record<string, unknown>;
  return fieldsToWalk(def.shape).flatMap(({ key, field, deprecation }) => {
    if (record[key] === undefined) return [];
    const here = deprecation === undefined ? [] : [tppWarning(deprecation, formatPath([...path, key]))];
    return [...here, ...deprecationWarnings(field, record[key], [...path, key])];
  });
}

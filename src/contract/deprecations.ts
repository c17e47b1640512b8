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

export function deprecationWarnings(schema: z.core.$ZodType, value: unknown, path: PropertyKey[] = []): TppMessage[] {
  if (value === null || typeof value !== "object") return [];
  const inner = unwrap(schema);
  const def = inner._zod.def as { type: string; shape?: Record<string, z.core.$ZodType>; element?: z.core.$ZodType };
  if (def.type === "array" && def.element && Array.isArray(value)) {
    const element = def.element;
    return value.flatMap((item, index) => deprecationWarnings(element, item, [...path, index]));
  }
  if (def.type !== "object" || !def.shape) return [];
  const record = value as Record<string, unknown>;
  return Object.entries(def.shape).flatMap(([key, field]) => {
    if (record[key] === undefined) return [];
    const meta = z.globalRegistry.get(field) as DeprecationMeta | undefined;
    const here = meta?.deprecated ? [tppWarning(meta.description ?? `${key} is deprecated.`, formatPath([...path, key]))] : [];
    return [...here, ...deprecationWarnings(field, record[key], [...path, key])];
  });
}

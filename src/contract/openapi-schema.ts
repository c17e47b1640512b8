/** A zod schema as the OpenAPI document's JSON Schema: named schemas are components, referenced. */
import { componentUri } from "./component-ref";
import { z } from "./zod";

export type JsonSchema = Record<string, unknown>;

/**
 * One schema on its own. Named schemas inside it come back as local $defs; they are components
 * already, so the references are pointed there and the copies dropped.
 */
export function schemaOf(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
  const { $schema: _schema, $defs: _defs, ...rest } = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  return rest;
}

/** A named schema is referenced; a list of one becomes an array of references; others are inlined. */
export function refOrInline(schema: z.ZodType): JsonSchema {
  const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
  if (id) return { $ref: componentUri(id) };
  const def = schema._zod.def as { type: string; element?: z.ZodType };
  if (def.type === "array" && def.element) return { type: "array", items: refOrInline(def.element) };
  return schemaOf(schema);
}

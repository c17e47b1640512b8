/**
 * Where a named schema (meta `id`) sits in the OpenAPI document. Apart from openapi.ts so that the
 * pages that link a body to its component do not load the document's builder.
 */
import { z } from "./zod";

export const componentUri = (id: string) => `#/components/schemas/${id}`;

/** The component a body schema is (or, for a list, holds), if it is a named one. */
export function componentRef(schema: z.ZodType): { $ref: string } | undefined {
  const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
  if (id) return { $ref: componentUri(id) };
  const def = schema._zod.def as { type: string; element?: z.ZodType };
  return def.type === "array" && def.element ? componentRef(def.element) : undefined;
}

import { buildOpenApiDocument } from "../contract/openapi";
import type { JsonSchema } from "./schema-rows";

type Document = ReturnType<typeof buildOpenApiDocument>;
let cached: Document | undefined;

/** The OpenAPI document, built once per page load from the contract (the same one /openapi.json serves). */
export function openApiDocument(): Document {
  cached ??= buildOpenApiDocument();
  return cached;
}

export const components = () => openApiDocument().components.schemas as Record<string, JsonSchema>;

export interface Parameter {
  name: string;
  in: "path" | "header" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export function parametersOf(method: string, path: string): Parameter[] {
  const item = (openApiDocument().paths as Record<string, Record<string, { parameters: Parameter[] }>>)[path]?.[method.toLowerCase()];
  return item?.parameters ?? [];
}

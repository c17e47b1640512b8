/**
 * The OpenAPI document the build wrote from the contract (/openapi.json). Pages read it rather
 * than generating it in the browser: the generation is the same, and the main thread stays free.
 * `useOpenApi()` suspends the page until it has arrived; after that the lookups are synchronous.
 */
import { use } from "react";
import type { buildOpenApiDocument } from "../contract/openapi";
import type { JsonSchema } from "./schema-rows";

type Document = ReturnType<typeof buildOpenApiDocument>;
/** A promise as React's `use` reads it: once `status` is "fulfilled", `use` returns `value` without suspending. */
type Tracked<T> = Promise<T> & { status?: "fulfilled"; value?: T };
let cached: Document | undefined;
let loading: Tracked<Document> | undefined;

export function loadOpenApi(): Promise<Document> {
  if (loading) return loading;
  const request: Tracked<Document> = fetch("/openapi.json")
    .then(async (response) => {
      if (!response.ok) throw new Error(`The OpenAPI document could not be loaded (${String(response.status)}).`);
      return (await response.json()) as Document;
    })
    .then(
      (document) => {
        cached = document;
        request.status = "fulfilled";
        request.value = document;
        return document;
      },
      (error: unknown) => {
        loading = undefined; // a later visit tries again
        throw error;
      },
    );
  loading = request;
  return request;
}

/**
 * The document, suspending the calling page until it has loaded. `use` is called on every render, never
 * only while the document is missing: React replays a component that suspended once the promise has
 * settled, and a replay that skips the `use` it suspended on goes on with the hooks after it as updates
 * of a component that never mounted (React's error 467, recovered by rendering the whole root again
 * and reported as error 520).
 */
export function useOpenApi(): Document {
  return use(loadOpenApi());
}

function documentOrThrow(): Document {
  if (!cached) throw new Error("The OpenAPI document is not loaded yet: the page must call useOpenApi() first.");
  return cached;
}

export const components = () => documentOrThrow().components.schemas as Record<string, JsonSchema>;

export interface Parameter {
  name: string;
  in: "path" | "header" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

interface OperationItem {
  parameters: Parameter[];
  security?: Record<string, string[]>[];
}

/**
 * The signature headers are security schemes in the document, so that generated clients leave
 * them to one signing step; the pages show them as the headers they are, required when every
 * alternative of the operation's security names them.
 */
function signatureHeaders(security: Record<string, string[]>[]): Parameter[] {
  const schemes = documentOrThrow().components.securitySchemes as Record<string, { name: string; description?: string } | undefined>;
  const names = [...new Set(security.flatMap((alternative) => Object.keys(alternative)))];
  return names.map((name) => ({
    name: schemes[name]?.name ?? name,
    in: "header",
    required: security.every((alternative) => name in alternative),
    ...(schemes[name]?.description ? { description: schemes[name].description } : {}),
    schema: { type: "string" },
  }));
}

export function parametersOf(method: string, path: string): Parameter[] {
  const item = (documentOrThrow().paths as Record<string, Record<string, OperationItem>>)[path]?.[method.toLowerCase()];
  return item ? [...item.parameters, ...signatureHeaders(item.security ?? [])] : [];
}

/**
 * OpenAPI 3.1 document generated from the operation table. JSON Schema draft 2020-12 is what
 * OpenAPI 3.1 uses as is, so zod's own converter produces the schemas; named schemas (meta `id`)
 * become components.
 */
import { CONTROL_GROUP, controlRoutes, type ControlRoute } from "./control";
import { controlSummaries } from "./control-summaries";
import { errorStatus, type ErrorCode } from "./errors";
import { operations, type Operation } from "./operations";
import { z } from "./zod";

type JsonSchema = Record<string, unknown>;

export const SPEC_RELEASE = "1.21.26";
import { componentUri } from "./component-ref";

/**
 * One schema on its own. Named schemas inside it come back as local $defs; they are components
 * already, so the references are pointed there and the copies dropped.
 */
function schemaOf(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
  const { $schema: _schema, $defs: _defs, ...rest } = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  return rest;
}

/** A named schema is referenced; a list of one becomes an array of references; others are inlined. */
function refOrInline(schema: z.ZodType): JsonSchema {
  const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
  if (id) return { $ref: componentUri(id) };
  const def = schema._zod.def as { type: string; element?: z.ZodType };
  if (def.type === "array" && def.element) return { type: "array", items: refOrInline(def.element) };
  return schemaOf(schema);
}

interface Described {
  description?: string;
  "x-exactly-one-of"?: string[];
}

function parameters(operation: Pick<Operation, "pathParams" | "query"> & { headers?: z.ZodType }): JsonSchema[] {
  const params: JsonSchema[] = [];
  const add = (where: "path" | "header" | "query", object: z.ZodType | undefined, io: "input" | "output") => {
    if (!object) return;
    const json = schemaOf(object, io) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, ...schema } = property as JsonSchema & Described;
      params.push({ name, in: where, required: where === "path" || (json.required ?? []).includes(name), description, schema });
    }
  };
  add("path", operation.pathParams, "input");
  add("header", operation.headers, "input");
  // Query values arrive as text but mean numbers and dates: document what they mean.
  add("query", operation.query, "output");
  return params;
}

function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: `tppMessages with code ${list.join(", ")}.`,
        content: { "application/json": { schema: { $ref: componentUri("Error") } } },
      },
    ]),
  );
}

function describeOperation(operation: Operation): string {
  const headerRule = (z.globalRegistry.get(operation.headers) as Described | undefined)?.description;
  return [
    operation.summary,
    operation.pathChosen ? "**Path chosen by this sandbox**: the spec names this operation without a path." : "",
    headerRule ?? "",
    ...(operation.notes ?? []),
  ]
    .filter(Boolean)
    .join("\n\n");
}

function pathItem(operation: Operation) {
  const { success } = operation;
  return {
    operationId: operation.id,
    summary: operation.title,
    description: describeOperation(operation),
    tags: [operation.group],
    "x-spec-section": operation.specSection,
    "x-path-chosen": operation.pathChosen,
    "x-base-address": operation.base === "api" ? "{base_url}" : "{sandbox_base_url}",
    parameters: parameters(operation),
    ...(operation.body ? { requestBody: { required: true, content: { "application/json": { schema: refOrInline(operation.body) } } } } : {}),
    responses: {
      [String(success.status)]: {
        description: success.description,
        ...(success.headers
          ? { headers: Object.fromEntries(Object.entries(success.headers).map(([name, text]) => [name, { description: text, schema: { type: "string" } }])) }
          : {}),
        ...(success.body ? { content: { "application/json": { schema: refOrInline(success.body) } } } : {}),
      },
      ...errorResponses(operation.errors),
    },
  };
}

/**
 * A route of the sandbox's own control API, published beside the interface under its own tag
 * (decision 0024): unsigned, not part of the spec, marked x-sandbox-control.
 */
function controlItem(route: ControlRoute) {
  return {
    operationId: route.id,
    summary: controlSummaries[route.id],
    description: `${controlSummaries[route.id]}\n\n**Sandbox control**: not part of the interface; unsigned. A state-changing call takes JSON only.`,
    tags: [CONTROL_GROUP],
    "x-sandbox-control": true,
    parameters: parameters(route),
    ...(route.body ? { requestBody: { required: true, content: { "application/json": { schema: refOrInline(route.body) } } } } : {}),
    responses: {
      "200": {
        description: "eventStream" in route ? "The state now; with Accept: text/event-stream, a stream of `change` events whose data is this JSON." : "Done.",
        content: {
          "application/json": { schema: refOrInline(route.response) },
          ...("eventStream" in route
            ? { "text/event-stream": { schema: { type: "string", description: "Server-sent events: `event: change`, `data:` the JSON above." } } }
            : {}),
        },
      },
      "4XX": { description: "tppMessages saying what was wrong.", content: { "application/json": { schema: { $ref: componentUri("Error") } } } },
    },
  };
}

export function buildOpenApiDocument() {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: componentUri, io: "input", unrepresentable: "any" }) as {
    schemas: Record<string, JsonSchema>;
  };
  const components = Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _ignored, $id: _id, ...schema }]) => [id, schema]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = pathItem(operation);
  }
  for (const route of controlRoutes) (paths[route.path] ??= {})[route.method.toLowerCase()] = controlItem(route);
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Payment Initiation and Sandbox Data Interface",
      version: SPEC_RELEASE,
      description:
        "Norwegian domestic credit transfers (single and periodic), signing baskets and sandbox data, as served by this sandbox. " +
        "Generated from the contract in src/contract; every request to /v1/ must be signed (see the Signature header). " +
        'The sandbox\'s own unsigned controls are listed under the tag "Sandbox control".',
    },
    servers: [
      { url: "/", description: "The portal's own origin: {base_url} and {sandbox_base_url} of the in-browser sandbox." },
      { url: "http://127.0.0.1:4010", description: "The standalone sandbox server (npm run sandbox)." },
    ],
    tags: [
      ...[...new Set(operations.map((operation) => operation.group))].map((name) => ({ name })),
      {
        name: CONTROL_GROUP,
        description: "The sandbox's own controls (/__sandbox/…): clock, batch, explorer views, SCA, export and import. Unsigned; not part of the interface.",
      },
    ],
    paths,
    components: { schemas: components },
  };
}

/**
 * OpenAPI 3.1 document generated from the operation table. JSON Schema draft 2020-12 is what
 * OpenAPI 3.1 uses as is, so zod's own converter produces the schemas; named schemas (meta `id`)
 * become components.
 */
import { SCENARIO_APPLIED_HEADER, SCENARIO_HEADER, ScenarioOutcome, scenarioHeaderExamples } from "./scenarios";
import { componentUri } from "./component-ref";
import { CONTROL_GROUP, controlRoutes, type ControlRoute } from "./control";
import { controlExamples } from "./control-examples";
import { controlSummaries } from "./control-summaries";
import { typedAlternatives } from "./openapi-alternatives";
import { operationExamples } from "./operation-examples";
import { commonHeaders, commonResponses, controlErrorResponses, errorResponses, successHeaders } from "./openapi-responses";
import { securityOf, securitySchemes } from "./openapi-security";
import { operations, type Operation, type OperationRow } from "./operations";
import { z } from "./zod";
import { refOrInline, type JsonSchema } from "./openapi-schema";
import { parameters } from "./openapi-parameters";
import { osloToday } from "./example-dates";
import { operationLinks } from "./openapi-links";

export const SPEC_RELEASE = "1.21.26";

function describeOperation(operation: Operation): string {
  const headerRule = (z.globalRegistry.get(operation.headers) as { description?: string } | undefined)?.description;
  return [
    operation.summary,
    operation.pathChosen ? "**Path chosen by this sandbox**: the spec names this operation without a path." : "",
    headerRule ?? "",
    ...(operation.notes ?? []),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** A JSON body: its schema and, when the contract has one, its example. */
const jsonContent = (schema: z.ZodType, example: unknown) => ({
  "application/json": { schema: refOrInline(schema), ...(example === undefined ? {} : { example }) },
});

/** What the examples of one document are made for: the day they are dated for, and each operation's own request id. */
interface ExampleContext {
  examples: ReturnType<typeof operationExamples>;
  requestId: (operationId: string) => string;
}

function pathItem(operation: Operation, context: ExampleContext) {
  const { success } = operation;
  const example = context.examples[operation.id];
  const links = operationLinks[operation.id];
  return {
    operationId: operation.id,
    summary: operation.title,
    description: describeOperation(operation),
    tags: [operation.group],
    "x-spec-section": operation.specSection,
    "x-path-chosen": operation.pathChosen,
    "x-base-address": operation.base === "api" ? "{base_url}" : "{sandbox_base_url}",
    security: securityOf(operation.headers),
    parameters: parameters(operation, context.requestId(operation.id)),
    ...(operation.body ? { requestBody: { required: true, content: jsonContent(operation.body, example.request) } } : {}),
    responses: {
      [String(success.status)]: {
        description: success.description,
        headers: successHeaders(success.headers),
        ...(success.body ? { content: jsonContent(success.body, example.response) } : {}),
        ...(links ? { links } : {}),
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
  const example = controlExamples[route.id];
  return {
    operationId: route.id,
    summary: controlSummaries[route.id],
    description: `${controlSummaries[route.id]}\n\n**Sandbox control**: not part of the interface; unsigned. A state-changing call takes JSON only.`,
    tags: [CONTROL_GROUP],
    "x-sandbox-control": true,
    security: [],
    parameters: parameters(route),
    ...(route.body ? { requestBody: { required: true, content: jsonContent(route.body, example.request) } } : {}),
    responses: {
      "200": {
        description: "eventStream" in route ? "The state now; with Accept: text/event-stream, a stream of `change` events whose data is this JSON." : "Done.",
        content: {
          ...jsonContent(route.response, example.response),
          ...("eventStream" in route
            ? { "text/event-stream": { schema: { type: "string", description: "Server-sent events: `event: change`, `data:` the JSON above." } } }
            : {}),
        },
      },
      ...controlErrorResponses,
    },
  };
}

const groupDescriptions: Record<OperationRow["group"], string> = {
  Payments: "Single Norwegian domestic credit transfers: initiate, read, read the status, cancel.",
  "Periodic payments": "Standing orders: initiate, read, read the status, cancel. The sandbox batch never books them.",
  "Signing baskets": "Several single payments authorised with one SCA.",
  "Sandbox data": "The sandbox's accounts, balances, transactions and agreements (signed, like the payments).",
  TPP: "The TPP's own settings at the bank.",
};

/** Every `#/components/schemas/…` a value refers to. */
function schemaRefs(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1] ?? "");
}

/**
 * The components reachable from the roots: a schema no operation reaches is no part of the interface.
 * By name: zod's registry lists schemas in the order their modules happened to load, and a server
 * that loaded the signing code sooner once served (and generated types from) the same document in
 * another order.
 */
function reachableSchemas(all: Record<string, JsonSchema>, roots: unknown): Record<string, JsonSchema> {
  const seen = new Set<string>();
  const pending = schemaRefs(roots);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (seen.has(name) || !all[name]) continue;
    seen.add(name);
    pending.push(...schemaRefs(all[name]));
  }
  return Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => seen.has(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

export interface DocumentOptions {
  /**
   * The origin the document is served from (the standalone server knows its Host). Left out, the
   * server is "/", which OpenAPI resolves against wherever the document was loaded from: the
   * portal's static /openapi.json names its own origin that way (docs/decisions/0030-openapi-for-generators.md).
   */
  origin?: string;
  /** The day (YYYY-MM-DD) the examples are dated for: the day the document is served. Default today in Oslo. */
  today?: string;
  /** Each operation's example X-Request-ID (one request's id: never shared). Default a fresh UUID each. */
  requestId?: (operationId: string) => string;
}

/**
 * HEAD of a GET: the same checks and headers, no body (RFC 9110 9.3.2; the sandbox answers it on every path that
 * takes GET). Its own operation, so a generator and a contract test see it; no example body to send or expect.
 */
function headOf(get: Record<string, unknown>, requestId: ExampleContext["requestId"]): Record<string, unknown> {
  const { operationId, summary, responses, parameters, ...rest } = get as {
    operationId: string;
    summary: string;
    parameters: JsonSchema[];
    responses: Record<string, JsonSchema>;
  };
  const id = `${operationId}Head`;
  const bodiless = Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if (response.$ref) return [status, response];
      const { content: _content, links: _responseLinks, ...head } = response;
      return [status, head];
    }),
  );
  return {
    ...rest,
    operationId: id,
    parameters: parameters.map((parameter) =>
      parameter.name === "X-Request-ID" && "example" in parameter ? { ...parameter, example: requestId(id) } : parameter,
    ),
    summary: `${summary} (HEAD)`,
    description: `HEAD of ${operationId}: the status and headers its GET answers, without the body.`,
    responses: bodiless,
  };
}

/**
 * The scenario header, published as a documented extension and never as a parameter of an operation:
 * it is not part of the interface, and a client generated from this document must not send it by default.
 */
const scenarioExtension = {
  requestHeader: SCENARIO_HEADER,
  appliedHeader: SCENARIO_APPLIED_HEADER,
  description:
    `Sandbox only. A signed, valid request with the header ${SCENARIO_HEADER}: <scenario>[;name=value]… gets the forced outcome instead of (or, ` +
    "for a delay, besides) the usual answer; without the header, the first enabled rule of GET /__sandbox/scenarios that matches forces one. " +
    `Every forced answer carries ${SCENARIO_APPLIED_HEADER}: header (<scenario>) or rule <id> (<scenario>). SCA, settlement, hold and ` +
    "accepted-with-change act later on the payment an initiation creates; the others on any operation. A held or ACWC payment goes on " +
    "after POST /__sandbox/payments/{paymentId}/release.",
  examples: scenarioHeaderExamples,
  scenarios: Object.fromEntries(ScenarioOutcome.options.map((option) => [option.shape.kind.value, option.description ?? ""])),
};

export function buildOpenApiDocument(options: DocumentOptions = {}) {
  const context: ExampleContext = {
    examples: operationExamples(options.today ?? osloToday()),
    requestId: options.requestId ?? (() => crypto.randomUUID()),
  };
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: componentUri, io: "input", unrepresentable: "any" }) as {
    schemas: Record<string, JsonSchema>;
  };
  const allSchemas = Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _ignored, $id: _id, ...schema }]) => [id, schema]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = pathItem(operation, context);
  }
  for (const route of controlRoutes) (paths[route.path] ??= {})[route.method.toLowerCase()] = controlItem(route);
  for (const item of Object.values(paths)) if (item.get) item.head = headOf(item.get as Record<string, unknown>, context.requestId);
  const used = reachableSchemas(allSchemas, [paths, commonResponses, commonHeaders]);
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Payment Initiation and Sandbox Data Interface",
      version: SPEC_RELEASE,
      description:
        "Norwegian domestic credit transfers (single and periodic), signing baskets and sandbox data, as served by this sandbox. " +
        "Generated from the contract in src/contract. Every request to /v1/ is signed: the security schemes Signature, Digest and " +
        "TPP-Signature-Certificate are the three headers of an HTTP message signature (OpenAPI cannot express one; their descriptions say how to compute them). " +
        'The sandbox\'s own unsigned controls are listed under the tag "Sandbox control".',
    },
    servers: [
      options.origin
        ? { url: options.origin, description: "This sandbox server: {base_url} and {sandbox_base_url}." }
        : { url: "/", description: "The origin this document was served from: {base_url} and {sandbox_base_url} of that sandbox." },
    ],
    tags: [
      ...[...new Set(operations.map((operation) => operation.group))].map((name) => ({ name, description: groupDescriptions[name] })),
      {
        name: CONTROL_GROUP,
        description: "The sandbox's own controls (/__sandbox/…): clock, batch, explorer views, SCA, export and import. Unsigned; not part of the interface.",
      },
    ],
    "x-sandbox-scenarios": scenarioExtension,
    paths: typedAlternatives(paths) as typeof paths,
    components: {
      schemas: typedAlternatives(used) as typeof used,
      securitySchemes,
      headers: commonHeaders,
      responses: commonResponses,
    },
  };
}

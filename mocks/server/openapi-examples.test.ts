/**
 * The OpenAPI document's examples as a tool that knows only the document sends them (issue 27, point 3): every
 * operation of the interface, HEAD too, with the parameters and body the document served by a fresh server gives,
 * path ids taken through the document's `links` from the answer of the operation that made them, gets its
 * documented success. A second fetch of the document gives other request ids, so running it again is no replay.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { httpClient, type HttpClient } from "./http-client.test-helpers";
import { openApiResponse } from "./index-page";
import { startSandboxServer, type SandboxServer } from "./start";

interface Parameter {
  name: string;
  in: "path" | "header" | "query";
  required?: boolean;
  example?: unknown;
}
interface Link {
  operationId: string;
  parameters: Record<string, string>;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { links?: Record<string, Link> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}
interface Documented {
  method: string;
  path: string;
  operation: Operation;
}

/** The order a TPP's test would send them in: what an operation reads or deletes is made before it. */
const ORDER = [
  "initializeSandbox",
  "registerContactEmail",
  "createSandboxAccount",
  "getSandboxAccount",
  "getSandboxAccountHead",
  "createAgreement",
  "createSandboxTransaction",
  "getSandboxTransaction",
  "getSandboxTransactionHead",
  "listSandboxTransactions",
  "listSandboxTransactionsHead",
  "updateSandboxBalances",
  "createPayment",
  "getPayment",
  "getPaymentHead",
  "getPaymentStatus",
  "getPaymentStatusHead",
  "createSigningBasket",
  "getSigningBasket",
  "getSigningBasketHead",
  "getSigningBasketStatus",
  "getSigningBasketStatusHead",
  "deleteSigningBasket",
  "deletePayment",
  "createPeriodicPayment",
  "getPeriodicPayment",
  "getPeriodicPaymentHead",
  "getPeriodicPaymentStatus",
  "getPeriodicPaymentStatusHead",
  "deletePeriodicPayment",
];

let server: SandboxServer;
let client: HttpClient;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0 });
  client = httpClient(server.url);
});
afterAll(async () => {
  await server.close();
});

function operationOf(operations: Map<string, Documented>, id: string): Documented {
  const found = operations.get(id);
  if (!found) throw new Error(`The document has no operation ${id}`);
  return found;
}

async function servedDocument(): Promise<Map<string, Documented>> {
  const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as Document;
  const operations = new Map<string, Documented>();
  for (const [path, item] of Object.entries(document.paths))
    if (path.startsWith("/v1/"))
      for (const [method, operation] of Object.entries(item)) operations.set(operation.operationId, { method: method.toUpperCase(), path, operation });
  return operations;
}

/** A JSON Pointer (`#/paymentId`) into a parsed body. */
const pointer = (body: unknown, expression: string) =>
  expression
    .replace(/^.*#\//, "")
    .split("/")
    .reduce<unknown>((value, key) => (value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), body);

const replaceAll = (text: string, made: Map<string, string>) => [...made].reduce((result, [example, real]) => result.replaceAll(example, real), text);

/** Sends one operation as its examples describe it; records, by the documented links, what its answer made. */
async function sendExample({ method, path, operation }: Documented, made: Map<string, string>, operations: Map<string, Documented>) {
  const parameters = operation.parameters ?? [];
  for (const parameter of parameters) if (parameter.required) expect(parameter.example, `${operation.operationId} ${parameter.name}`).toBeDefined();
  const withExample = parameters.filter((parameter) => parameter.example !== undefined);
  const pathParams = Object.fromEntries(withExample.filter((p) => p.in === "path").map((p) => [p.name, replaceAll(String(p.example), made)]));
  const target = path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(pathParams[name] ?? ""));
  const headers = Object.fromEntries(withExample.filter((p) => p.in === "header").map((p) => [p.name, String(p.example)]));
  const example = operation.requestBody?.content["application/json"]?.example;
  const body = example === undefined ? undefined : (JSON.parse(replaceAll(JSON.stringify(example), made)) as unknown);
  const response = await client.send(method, target, { headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  const success = Object.keys(operation.responses).find((status) => status.startsWith("2")) ?? "";
  expect(`${String(response.status)} ${text}`, `${method} ${target}`).toMatch(new RegExp(`^${success} `));
  for (const link of Object.values(operation.responses[success]?.links ?? {})) {
    const linked = operations.get(link.operationId)?.operation.parameters ?? [];
    for (const [name, expression] of Object.entries(link.parameters)) {
      const exampleValue = linked.find((parameter) => parameter.name === name)?.example;
      const value = expression.startsWith("$response.body") ? pointer(JSON.parse(text), expression) : pathParams[expression.replace(/^.*\./, "")];
      if (typeof exampleValue === "string" && typeof value === "string") made.set(exampleValue, value);
    }
  }
  return headers["X-Request-ID"];
}

describe("the OpenAPI document's examples, sent to a fresh server", { timeout: 60_000 }, () => {
  test("every operation's example gets its documented success, twice over (a new document, new request ids)", async () => {
    for (let round = 0; round < 2; round += 1) {
      const operations = await servedDocument();
      expect([...operations.keys()].sort()).toEqual([...ORDER].sort());
      const made = new Map<string, string>();
      const ids: (string | undefined)[] = [];
      for (const id of ORDER) ids.push(await sendExample(operationOf(operations, id), made, operations));
      expect(new Set(ids).size).toBe(ORDER.length);
    }
  });
  test("the documented reuse of an X-Request-ID is what the server answers", async () => {
    const operations = await servedDocument();
    const read = operationOf(operations, "listSandboxTransactions");
    const id = await sendExample(read, new Map(), operations);
    const again = await client.send("GET", read.path.replace("{mockAccountId}", "acc-001"), { headers: { "X-Request-ID": id ?? "" } });
    expect(again.status).toBe(409);
    const documented = read.operation.responses["409"] as { content?: Record<string, { examples?: Record<string, { value: unknown }> }> };
    const example = documented.content?.["application/json"]?.examples?.REQUEST_ID_REUSED?.value as { tppMessages: { code: string; path: string }[] };
    expect(((await again.json()) as typeof example).tppMessages[0]).toMatchObject({ code: example.tppMessages[0]?.code, path: example.tppMessages[0]?.path });
  });
  test("the document is dated for the day it is served in Oslo, a new day a new date", async () => {
    const startDate = async (now: number) => {
      const document = (await openApiResponse("http://127.0.0.1:1", now).json()) as Document;
      const create = document.paths["/v1/periodic-payments/norwegian-domestic-credit-transfers"]?.post;
      return (create?.requestBody?.content["application/json"]?.example as { startDate: string }).startDate;
    };
    // 22:30 UTC on 31 March is 1 April in Oslo: next month is May.
    expect(await startDate(Date.parse("2027-03-31T22:30:00Z"))).toBe("2027-05-01");
    expect(await startDate(Date.parse("2027-04-30T12:00:00Z"))).toBe("2027-05-01");
    expect(await startDate(Date.parse("2027-05-02T12:00:00Z"))).toBe("2027-06-01");
  });
});

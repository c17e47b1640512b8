/**
 * Random and malformed requests for the robustness properties, and the invariant every answer must
 * keep: a 4xx with well-formed tppMessages (status = the table's status of the first code) and the
 * store unchanged, or a 2xx only for a request that is signed and that the contract accepts.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { ErrorBody } from "../../src/contract/common-objects";
import type { ErrorBody as ErrorBodyType } from "../../src/contract/common-objects";
import { errorStatus } from "../../src/contract/errors";
import type { Operation } from "../../src/contract/operations";
import { signRequest } from "../../src/signing/index";
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, canonicalHeaders, jsonNestingProblem, readQuery } from "../http/read-request";
import { matchRoute } from "../http/route-table";
import { validateExport } from "../store/import-validation";
import type { SandboxExport } from "../store/port";
import { ORIGIN, testCertificate } from "../test-helpers";

// ------------------------------------------------------------------------------------------------
// Strings
// ------------------------------------------------------------------------------------------------

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const tricky = fc.constantFrom(
  "%",
  "%2",
  "%zz",
  "..",
  "/",
  "\\",
  '"',
  "{",
  "[",
  "]",
  "}",
  "\u0000",
  "\u0007",
  "😀",
  "𝔘",
  "æøå",
  " ",
  "&",
  "=",
  "?",
  "#",
  ",",
  ";",
  "\u202e",
  "\ufeff",
);

/** Any text: unicode incl. astral characters, lone surrogates, and the characters parsers trip on. */
export const nastyString = (maxLength = 40) =>
  fc.string({
    unit: fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: loneSurrogate },
      { weight: 2, arbitrary: tricky },
    ),
    maxLength,
  });

/** Up to ~200 KB of one repeated piece. */
export const hugeString = fc
  .tuple(fc.constantFrom("x", "ø", "😀", "9", " ", "\ud800", "a\u0301"), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([piece, times]) => piece.repeat(times).slice(0, 200_000));

/** A header value the transport carries (ISO-8859-1, no controls), without surrounding whitespace. */
export const headerValue = fc.string({
  unit: fc
    .integer({ min: 0x21, max: 0xff })
    .filter((code) => code !== 0x7f && (code < 0x80 || code > 0x9f))
    .map((code) => String.fromCharCode(code)),
  minLength: 1,
  maxLength: 60,
});

/** Keys that name Object.prototype's members: a parser or a lookup that trusts `in` trips on them. */
export const prototypeKey = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf");

/** An object whose own keys are prototype names (JSON.parse makes `__proto__` an own key, as a server receives it). */
const prototypeObject = fc
  .tuple(prototypeKey, fc.oneof(fc.constant({ polluted: true }), fc.constant(1), fc.constant([])))
  .map(([key, value]) => JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value)}}`) as unknown);

/**
 * The attacks on cost: a list far over every bound of the contract (and over the 10,000 values a
 * body may hold), and an object of thousands of unknown keys (a 1 MB one gave a 64 MB answer).
 */
export const hugeArray = fc
  .tuple(fc.integer({ min: 12, max: 20_000 }), fc.constantFrom<unknown>(1, "a", 11, { reference: "12344", referenceType: "KID" }))
  .map(([length, item]) => Array<unknown>(length).fill(item));
export const manyKeys = fc
  .integer({ min: 100, max: 20_000 })
  .map((count) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${String(index)}`, index])));

/** JSON values of every shape, with nasty strings. */
export const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: nastyString(30) },
  { weight: 1, arbitrary: hugeString },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e21, 0.1, -0)),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, "", "NOK", "2026-02-30", "86011117947", "1.005") },
  { weight: 1, arbitrary: fc.integer({ min: 60, max: 50_000 }).map(deeplyNested) },
  { weight: 1, arbitrary: fc.oneof(hugeArray, manyKeys, prototypeObject) },
);

/**
 * A stand-in for arrays nested `depth` deep: JSON.stringify of the real thing would overflow the
 * test's own stack, so the body text gets the brackets spliced in by `withDeepNesting`.
 */
export function deeplyNested(depth: number): string {
  return `__NESTED_${String(depth)}__`;
}
const withDeepNesting = (text: string) => text.replace(/"__NESTED_(\d+)__"/g, (_match, depth: string) => "[".repeat(Number(depth)) + "]".repeat(Number(depth)));

/** Percent-encodes what it can; a lone surrogate cannot be, so the raw text is used. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

// ------------------------------------------------------------------------------------------------
// Requests built from a valid seed
// ------------------------------------------------------------------------------------------------

export interface Seed {
  params: Record<string, string>;
  headers: Record<string, string>;
  query?: string;
  body?: unknown;
  /** Values that mean something in this sandbox (its account numbers, PSU-IDs, dates), to reach the handlers' own rules. */
  values?: readonly unknown[];
  headerValues?: readonly string[];
}

type Json = Record<string, unknown> | unknown[];

export type Mutation =
  | { kind: "as-is" }
  | { kind: "remove-header"; name: string }
  | { kind: "duplicate-header"; name: string; second: string; afterSigning: boolean }
  | { kind: "header-value"; name: string; value: string }
  | { kind: "path-params"; values: string[]; encode: boolean }
  | { kind: "query"; query: string }
  | { kind: "raw-body"; text: string }
  | { kind: "body-value"; value: unknown }
  | { kind: "body-field"; path: (string | number)[]; value: unknown }
  | { kind: "body-remove"; path: (string | number)[] }
  | { kind: "body-extra-key"; path: (string | number)[]; key: string; value: unknown }
  | { kind: "content-type"; value: string };

export interface Generated {
  mutation: Mutation;
  sign: boolean;
}

/** Headers whose formats reject "a, b", so a duplicated header is always an error. */
const COMMA_REJECTING = [
  "X-Request-ID",
  "PSU-ID",
  "X-PSU-IDENTITY",
  "PSU-Corporate-ID",
  "PSU-IP-Address",
  "PSU-IP-Port",
  "PSU-Device-ID",
  "PSU-Context",
  "PSU-HTTP-Method",
  "TPP-Redirect-Preferred",
  "PSU-Geo-Location",
];
const SIGNATURE_HEADERS = ["Signature", "TPP-Signature-Certificate"];
/** Optional body fields of the contract, so that an added key is sometimes a real one. */
const OPTIONAL_FIELDS = [
  "iban",
  "bban",
  "requestedExecutionDate",
  "remittanceInformationStructuredArray",
  "remittanceInformationStructured",
  "remittanceInformationUnstructured",
  "ultimateDebtor",
  "endDate",
  "purposeCode",
  "product",
  "cashAccountType",
  "kidRequired",
  "bookingDate",
  "valueDate",
  "bankTransactionCode",
  "ultimateCreditor",
  "debtorName",
  "creditLine",
  "referenceIssuer",
  "buildingNumber",
  "postalCode",
];

export const headerNamesOf = (operation: Operation) => Object.keys(operation.headers.shape);
export function requiredHeadersOf(operation: Operation, seed: Seed): string[] {
  const shape = operation.headers.shape as Record<string, { safeParse: (value: unknown) => { success: boolean } }>;
  const required = Object.entries(shape)
    .filter(([, schema]) => !schema.safeParse(undefined).success)
    .map(([name]) => name);
  return [...required, ...(seed.headers["PSU-ID"] !== undefined ? ["PSU-ID"] : [])];
}

/** Every path into a JSON value (objects and arrays), the root excluded. */
export function jsonPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => [[...prefix, index], ...jsonPaths(item, [...prefix, index])]);
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...jsonPaths(item, [...prefix, key])]);
  return [];
}
const objectPaths = (value: unknown): (string | number)[][] => [
  [],
  ...jsonPaths(value).filter((path) => {
    const target = valueAt(value, path);
    return target !== null && typeof target === "object" && !Array.isArray(target);
  }),
];

const arrayPaths = (value: unknown): (string | number)[][] => jsonPaths(value).filter((path) => Array.isArray(valueAt(value, path)));

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of path) current = (current as Record<string | number, unknown> | undefined)?.[key];
  return current;
}

function changedAt(value: unknown, path: readonly (string | number)[], change: (parent: Json, key: string | number) => void): unknown {
  const copy = structuredClone(value);
  const parent = valueAt(copy, path.slice(0, -1)) as Json;
  change(parent, path[path.length - 1] ?? "");
  return copy;
}

/** The mutations that make sense for this operation and seed. */
export function mutations(operation: Operation, seed: Seed): fc.Arbitrary<Mutation> {
  const headers = headerNamesOf(operation);
  const meaningful = seed.values && seed.values.length > 0 ? fc.constantFrom(...seed.values) : jsonValue;
  const fieldValue = fc.oneof({ weight: 2, arbitrary: jsonValue }, { weight: 1, arbitrary: meaningful });
  const meaningfulHeader = seed.headerValues && seed.headerValues.length > 0 ? fc.constantFrom(...seed.headerValues) : headerValue;
  const duplicable = COMMA_REJECTING.filter((name) => headers.includes(name));
  const options: fc.Arbitrary<Mutation>[] = [
    fc.constant<Mutation>({ kind: "as-is" }),
    fc.constantFrom(...requiredHeadersOf(operation, seed)).map((name): Mutation => ({ kind: "remove-header", name })),
    fc
      .record({ name: fc.constantFrom(...duplicable), second: headerValue })
      .map(({ name, second }): Mutation => ({ kind: "duplicate-header", name, second, afterSigning: false })),
    fc
      .record({ name: fc.constantFrom(...SIGNATURE_HEADERS), second: headerValue })
      .map(({ name, second }): Mutation => ({ kind: "duplicate-header", name, second, afterSigning: true })),
    fc
      .record({
        name: fc.constantFrom(...headers.filter((name) => !["Digest", ...SIGNATURE_HEADERS].includes(name))),
        value: fc.oneof(headerValue, meaningfulHeader),
      })
      .map(({ name, value }): Mutation => ({ kind: "header-value", name, value })),
    fc
      .array(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom("a", "b", "&", "=", "%", "%25", "+", "#", "ø", "😀", "[", "]"),
            fc.constantFrom("limit", "offset", "fromDate", "toDate", "after", "before"),
          ),
          maxLength: 12,
        }),
        { maxLength: 4 },
      )
      .map((parts): Mutation => ({ kind: "query", query: parts.join("&") })),
    fc
      .tuple(fc.constantFrom("limit", "offset", "fromDate", "toDate", "after", "before", "x"), nastyString(20), fc.boolean())
      .map(([name, value, encode]): Mutation => ({ kind: "query", query: `${name}=${encode ? encodeSegment(value) : value}` })),
  ];
  if (Object.keys(seed.params).length > 0)
    options.push(
      fc
        .record({
          values: fc.array(fc.oneof(nastyString(30), fc.constantFrom("..", ".", "%", "%2e%2e", "a/b", "", " ", "null", "undefined", "__proto__")), {
            minLength: Object.keys(seed.params).length,
            maxLength: Object.keys(seed.params).length,
          }),
          encode: fc.boolean(),
        })
        .map(({ values, encode }): Mutation => ({ kind: "path-params", values, encode })),
    );
  if (operation.body !== undefined && seed.body !== undefined) {
    const text = JSON.stringify(seed.body);
    const paths = jsonPaths(seed.body);
    options.push(
      fc
        .oneof(
          fc.integer({ min: 0, max: text.length - 1 }).map((end) => text.slice(0, end)),
          nastyString(60).filter((candidate) => !parses(candidate)),
          fc.constantFrom(
            "{",
            "{}}",
            "[",
            "{'a': 1}",
            '{"a":1,}',
            "NaN",
            "\ufeff{}",
            '{"a":"\\ud800"',
            `{"a":${"[".repeat(5000)}`,
            `${"[".repeat(70)}${"]".repeat(70)}`,
          ),
        )
        .map((body): Mutation => ({ kind: "raw-body", text: body })),
      fc
        .oneof(fc.integer(), nastyString(), fc.boolean(), fc.constant(null), fc.array(jsonValue, { maxLength: 3 }), hugeString)
        .map((value): Mutation => ({ kind: "body-value", value })),
      fc.dictionary(nastyString(12), jsonValue, { minKeys: 1, maxKeys: 4 }).map((value): Mutation => ({ kind: "body-value", value })),
      fc.record({ path: fc.constantFrom(...paths), value: fieldValue }).map(({ path, value }): Mutation => ({ kind: "body-field", path, value })),
      fc.record({ path: fc.constantFrom(...paths), value: fieldValue }).map(({ path, value }): Mutation => ({ kind: "body-field", path, value })),
      fc
        .record({ path: fc.constantFrom(...paths), depth: fc.integer({ min: 1_000, max: 50_000 }) })
        .map(({ path, depth }): Mutation => ({ kind: "body-field", path, value: deeplyNested(depth) })),
      fc.constantFrom(...paths).map((path): Mutation => ({ kind: "body-remove", path })),
      fc
        .record({
          path: fc.constantFrom(...objectPaths(seed.body)),
          key: fc.oneof(nastyString(12), fc.constantFrom(...OPTIONAL_FIELDS), prototypeKey),
          value: fieldValue,
        })
        .map(({ path, key, value }): Mutation => ({ kind: "body-extra-key", path, key, value })),
      // Every list of the body, replaced by one far over its bound.
      ...(arrayPaths(seed.body).length > 0
        ? [
            fc
              .record({ path: fc.constantFrom(...arrayPaths(seed.body)), value: hugeArray })
              .map(({ path, value }): Mutation => ({ kind: "body-field", path, value })),
          ]
        : []),
      fc
        .constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/jsonp", "json")
        .map((value): Mutation => ({ kind: "content-type", value })),
    );
  } else if (operation.method !== "GET") {
    options.push(fc.oneof(nastyString(60), hugeString).map((text): Mutation => ({ kind: "raw-body", text })));
  }
  return fc.oneof(...options);
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const generated = (operation: Operation, seed: Seed): fc.Arbitrary<Generated> =>
  fc.record({ mutation: mutations(operation, seed), sign: fc.integer({ min: 0, max: 6 }).map((draw) => draw !== 0) });

export interface Built {
  method: string;
  /** Path and query as the client wrote them (the URL parser may normalise them). */
  target: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** What the request carries, for the oracle. */
  sign: boolean;
  signatureIntact: boolean;
}

function pathOf(operation: Operation, params: Record<string, string>, raw: Record<string, string> = {}): string {
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => raw[name] ?? encodeSegment(params[name] ?? ""));
}

/** Applies the mutation to the seed and signs the result (after the mutation, so the signature is valid). */
export async function build(operation: Operation, seed: Seed, { mutation, sign }: Generated): Promise<Built> {
  let params = seed.params;
  let raw: Record<string, string> = {};
  let query = seed.query ?? "";
  const headers: Record<string, string> = { "X-Request-ID": crypto.randomUUID(), ...seed.headers };
  let body: string | undefined = seed.body === undefined ? undefined : JSON.stringify(seed.body);
  let contentType = body === undefined ? undefined : "application/json";
  switch (mutation.kind) {
    case "duplicate-header":
      if (!mutation.afterSigning) headers[mutation.name] = `${headers[mutation.name] ?? mutation.second}, ${mutation.second}`;
      break;
    case "header-value":
      headers[mutation.name] = mutation.value;
      break;
    case "path-params": {
      const names = Object.keys(params);
      const values = Object.fromEntries(names.map((name, index) => [name, mutation.values[index] ?? ""]));
      if (mutation.encode) params = values;
      else raw = values;
      break;
    }
    case "query":
      query = query === "" ? `?${mutation.query}` : `${query}&${mutation.query}`;
      break;
    case "raw-body":
      body = mutation.text;
      contentType ??= "application/json";
      break;
    case "body-value":
      body = JSON.stringify(mutation.value);
      break;
    case "body-field":
      body = JSON.stringify(
        changedAt(seed.body, mutation.path, (parent, key) => {
          (parent as Record<string | number, unknown>)[key] = mutation.value;
        }),
      );
      break;
    case "body-remove":
      body = JSON.stringify(
        changedAt(seed.body, mutation.path, (parent, key) => {
          if (Array.isArray(parent) && typeof key === "number") parent.splice(key, 1);
          else Reflect.deleteProperty(parent, key);
        }),
      );
      break;
    case "body-extra-key":
      body = JSON.stringify(
        changedAt(seed.body, [...mutation.path, mutation.key], (parent, key) => {
          Object.defineProperty(parent, key, { value: mutation.value, enumerable: true, configurable: true, writable: true });
        }),
      );
      break;
    case "content-type":
      contentType = mutation.value;
      break;
    case "as-is":
    case "remove-header":
      break;
  }
  if (body !== undefined) body = withDeepNesting(body);
  if (contentType !== undefined) headers["Content-Type"] = contentType;
  const target = pathOf(operation, params, raw) + query;
  // Sign what the sandbox will see: the URL as the parser normalises it.
  const url = new URL(ORIGIN + target);
  let signatureIntact = sign;
  if (sign) {
    const cert = await testCertificate();
    const signed = await signRequest(
      { method: operation.method, url: url.pathname + url.search, headers, body },
      { privateKey: cert.privateKey, certificate: cert.certificatePem },
    );
    Object.assign(headers, signed.headers);
  }
  if (mutation.kind === "remove-header") {
    Reflect.deleteProperty(headers, mutation.name);
    if (["Signature", "TPP-Signature-Certificate", "Digest", "X-Request-ID", "PSU-ID"].includes(mutation.name)) signatureIntact = false;
  }
  if (mutation.kind === "duplicate-header" && mutation.afterSigning) {
    headers[mutation.name] = `${headers[mutation.name] ?? mutation.second}, ${mutation.second}`;
    // A second Signature value read as an unknown auth-param is ignored (cavage-10 §2.2), so that one may still verify.
    if (mutation.name !== "Signature") signatureIntact = false;
  }
  return { method: operation.method, target, headers, body, sign, signatureIntact };
}

export const toRequest = (built: Pick<Built, "method" | "target" | "headers" | "body">) =>
  new Request(ORIGIN + built.target, { method: built.method, headers: built.headers, ...(built.body === undefined ? {} : { body: built.body }) });

/** Whether the contract accepts the request as the sandbox receives it (the oracle for a 2xx). */
export function contractAccepts(operation: Operation, built: Built): boolean {
  const url = new URL(ORIGIN + built.target);
  const route = matchRoute(operation.method, url.pathname);
  if (route.kind !== "operation" || route.operation.id !== operation.id) return false;
  const headers = canonicalHeaders(new Headers(built.headers));
  if (!operation.headers.safeParse(headers).success) return false;
  if (operation.pathParams && !operation.pathParams.safeParse(route.params).success) return false;
  const { query, messages } = readQuery(url);
  if (messages.length > 0 || (operation.query && !operation.query.safeParse(query).success)) return false;
  if (operation.body === undefined) return true;
  const type = headers["Content-Type"] ?? headers["content-type"];
  if (built.body === undefined || (type !== undefined && !/^application\/([\w.+-]+\+)?json\b/i.test(type.trim()))) return false;
  if (jsonNestingProblem(built.body, MAX_JSON_DEPTH, MAX_JSON_VALUES) !== undefined) return false;
  try {
    return operation.body.safeParse(JSON.parse(built.body)).success;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------------------------
// The invariant
// ------------------------------------------------------------------------------------------------

export type Stores = SandboxExport["stores"];

/** A refused request: a 4xx whose body is the contract's ErrorBody, status that of the first code. */
export async function expectRefusal(response: Response, label: string): Promise<ErrorBodyType> {
  expect(response.status, label).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  expect(response.headers.get("Content-Type"), label).toBe("application/json");
  const parsed = ErrorBody.safeParse(await response.json());
  expect(parsed.error?.issues ?? [], label).toEqual([]);
  const messages = parsed.data?.tppMessages ?? [];
  for (const message of messages) expect(Object.hasOwn(errorStatus, message.code), `${label}: ${message.code}`).toBe(true);
  const first = messages[0]?.code as keyof typeof errorStatus;
  expect(response.status, `${label}: first code ${first}`).toBe(errorStatus[first]);
  return { tppMessages: messages };
}

/**
 * After a request that succeeded: the store still holds what an import would accept (every record
 * valid, int32 amounts, unique keys), each account's iban names its bban, and its transactionCount
 * is the number of its transactions.
 */
export function expectConsistent(exported: SandboxExport, label: string): void {
  expect(() => validateExport(exported), label).not.toThrow();
  const { accounts, transactions } = exported.stores;
  for (const account of accounts) {
    if (account.iban.startsWith("NO")) expect(account.iban.slice(4), `${label}: account ${account.resourceId}`).toBe(account.bban);
    expect(transactions.filter((t) => t.accountId === account.resourceId).length, `${label}: transactionCount of ${account.resourceId}`).toBe(
      account.transactionCount,
    );
  }
}

export function describeBuilt(built: Built, mutation?: Mutation): string {
  const body =
    built.body === undefined ? "" : ` body ${built.body.length > 300 ? `${built.body.slice(0, 300)}… (${String(built.body.length)} chars)` : built.body}`;
  return `${built.method} ${built.target}${body} sign=${String(built.sign)}${mutation ? ` mutation=${JSON.stringify(mutation).slice(0, 300)}` : ""}`;
}

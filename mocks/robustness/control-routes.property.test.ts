/**
 * The sandbox controls under /__sandbox/ (unsigned), thrown random paths, methods, queries and
 * bodies: never a 5xx; a refusal is a 4xx with tppMessages and changes nothing; a read changes
 * nothing; a write that succeeds had a body its schema accepts and leaves a consistent store.
 */
import fc from "fast-check";
import { expect, test } from "vitest";
import { AdvanceClock, BatchTimes, ScaDecisionBody } from "../../src/contract/control-schemas";
import { validateExport } from "../store/import-validation";
import { KARI, ORIGIN, initiationHeaders, testClient, type TestClient, kariAndOla } from "../test-helpers";
import { deeplyNested, encodeSegment, expectConsistent, expectRefusal, jsonPaths, jsonValue, nastyString } from "./requests.test-helpers";

const NUM_RUNS = 250;

interface ControlRequest {
  method: string;
  target: string;
  body?: string;
  /** The parsed body, when it is JSON, for the oracle. */
  json?: unknown;
}

const withDeep = (text: string) => text.replace(/"__NESTED_(\d+)__"/g, (_match, depth: string) => "[".repeat(Number(depth)) + "]".repeat(Number(depth)));
const jsonRequest = (method: string, target: string, value: unknown): ControlRequest => {
  const text = withDeep(JSON.stringify(value));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { method, target, body: text, json };
};

function withFieldReplaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1] ?? ""] = replacement;
  return copy;
}

async function world(): Promise<{ client: TestClient; paymentId: string; exported: unknown }> {
  const client = await testClient();
  await client.send("POST", "/v1/sandbox/initialize");
  const accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as { bban: string; customerNumber: string; accountName: string }[];
  const { kari, ola } = kariAndOla(accounts);
  const created = await client.send("POST", "/v1/payments/norwegian-domestic-credit-transfers", {
    headers: initiationHeaders(KARI),
    body: {
      instructedAmount: { amount: "1.00", currency: "NOK" },
      creditorName: "Ola",
      creditorAccount: { bban: ola.bban, currency: "NOK" },
      debtorAccount: { bban: kari.bban, currency: "NOK" },
    },
  });
  const { paymentId } = (await created.json()) as { paymentId: string };
  return { client, paymentId, exported: await client.sandbox.env.store.exportAll() };
}

function requests(paymentId: string, exported: unknown): fc.Arbitrary<ControlRequest> {
  const segment = fc.oneof(nastyString(20), fc.constantFrom("%", "%E0%A4%A", "..", "%2e%2e", "", "payment", "basket", paymentId, "nope"));
  const method = fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH");
  const anyBody = fc.oneof(
    jsonValue,
    fc.dictionary(nastyString(10), jsonValue, { maxKeys: 3 }),
    fc.integer({ min: 1_000, max: 50_000 }).map((depth) => ({ decision: deeplyNested(depth), days: deeplyNested(depth) })),
  );
  const rawBody = fc.oneof(nastyString(40), fc.constantFrom("", "{", '{"days": 1', "[", "\u0000", "{}}"));
  const exportPaths = jsonPaths(exported).filter((path) => path.length <= 5);
  const lastKey = (path: (string | number)[]) => path[path.length - 1];
  const references = ["customerNumber", "accountId", "debtorAccountId", "creditorAccountId", "paymentId", "basketId", "psuId", "accountIds", "paymentIds"];
  const referencePaths = jsonPaths(exported).filter(
    (path) =>
      (path[1] !== "meta" && references.includes(String(lastKey(path)))) ||
      (typeof lastKey(path) === "number" && references.includes(String(path[path.length - 2]))),
  );
  const numberPaths = jsonPaths(exported).filter((path) =>
    ["seq", "transactionCount", "createdAt", "at", "value", "amount", "creditLine"].includes(String(lastKey(path))),
  );
  return fc.oneof(
    // Reads, with random queries.
    fc
      .tuple(
        fc.constantFrom(
          "/__sandbox/clock",
          "/__sandbox/customers",
          "/__sandbox/accounts",
          "/__sandbox/agreements",
          "/__sandbox/payments",
          "/__sandbox/settings",
        ),
        fc.oneof(nastyString(20), fc.double().map(String), fc.constantFrom("2.5", "1e3", "-1", "Infinity", "0x10")),
      )
      .map(([path, query]): ControlRequest => ({ method: "GET", target: `${path}?limit=${query}` })),
    // Random paths and ids, raw or encoded, with any method.
    fc
      .tuple(
        method,
        fc.constantFrom("/__sandbox/payments/", "/__sandbox/sca/payment/", "/__sandbox/sca/basket/", "/__sandbox/sca/", "/__sandbox/"),
        segment,
        fc.boolean(),
      )
      .map(([m, prefix, id, encode]): ControlRequest => ({ method: m, target: prefix + (encode ? encodeSegment(id) : id) })),
    // Known paths with the wrong method.
    fc
      .tuple(
        fc.constantFrom("PUT", "DELETE", "PATCH", "GET"),
        fc.constantFrom("/__sandbox/reset", "/__sandbox/batch/run", "/__sandbox/batch/catch-up", "/__sandbox/import", "/__sandbox/clock/advance"),
      )
      .map(([m, target]): ControlRequest => ({ method: m, target })),
    // Bodies: random JSON, raw text, and valid bodies with one field replaced.
    fc
      .tuple(
        fc.constantFrom(
          ["POST", "/__sandbox/clock/advance"],
          ["PUT", "/__sandbox/batch/times"],
          ["POST", `/__sandbox/sca/payment/${paymentId}`],
          ["POST", "/__sandbox/sca/basket/nope"],
          ["POST", "/__sandbox/import"],
        ),
        anyBody,
      )
      .map(([[m, target], value]) => jsonRequest(m, target, value)),
    fc
      .tuple(
        fc.constantFrom(
          ["POST", "/__sandbox/clock/advance"],
          ["PUT", "/__sandbox/batch/times"],
          ["POST", `/__sandbox/sca/payment/${paymentId}`],
          ["POST", "/__sandbox/import"],
        ),
        rawBody,
      )
      .map(([[m, target], text]): ControlRequest => ({ method: m, target, body: text })),
    fc
      .oneof(
        jsonValue,
        fc.constantFrom(0, 1, 3661, -1, 1.5, "1", "2001-01-01T00:00:00Z", "2999-01-01T00:00:00Z", "2026-13-01T00:00:00Z", "2099-01-01T00:00:00+01"),
      )
      .chain((value) => fc.constantFrom({ days: value }, { hours: value }, { minutes: value }, { to: value }, { days: 1, to: value }))
      .map((body) => jsonRequest("POST", "/__sandbox/clock/advance", body)),
    fc
      .array(fc.oneof(fc.constantFrom("06:00", "24:00", "6:00", "23:59", "00:00", "06:00 "), nastyString(6)), { maxLength: 4 })
      .map((times) => jsonRequest("PUT", "/__sandbox/batch/times", { batchTimes: times })),
    fc
      .tuple(fc.constantFrom(...exportPaths), jsonValue)
      .map(([path, value]) => jsonRequest("POST", "/__sandbox/import", withFieldReplaced(exported, path, value))),
    // Inconsistent imports: a reference to nothing, a counter out of step, numbers out of range.
    fc
      .tuple(fc.constantFrom(...referencePaths), fc.constantFrom("nope", "", "__proto__", "constructor"))
      .map(([path, value]) => jsonRequest("POST", "/__sandbox/import", withFieldReplaced(exported, path, value))),
    fc
      .tuple(fc.constantFrom(...numberPaths), fc.constantFrom(9e15, -9e15, 2 ** 53 - 1, 2 ** 31, -1, 1e20, 0.5))
      .map(([path, value]) => jsonRequest("POST", "/__sandbox/import", withFieldReplaced(exported, path, value))),
    // Oversized: one store's first record repeated thousands of times.
    fc.tuple(fc.constantFrom("customers", "accounts", "payments", "transactions", "meta"), fc.integer({ min: 1_000, max: 20_000 })).map(([name, times]) => {
      const stores = (exported as { stores: Record<string, unknown[]> }).stores;
      return jsonRequest("POST", "/__sandbox/import", withFieldReplaced(exported, ["stores", name], Array<unknown>(times).fill(stores[name]?.[0] ?? {})));
    }),
  );
}

/** Whether the route's own schema accepts the body (the oracle for a write that succeeded). */
function bodyAccepted(request: ControlRequest): boolean {
  const { pathname } = new URL(ORIGIN + request.target);
  if (pathname === "/__sandbox/clock/advance") return AdvanceClock.safeParse(request.json).success;
  if (pathname === "/__sandbox/batch/times") return BatchTimes.safeParse(request.json).success;
  if (pathname.startsWith("/__sandbox/sca/")) return ScaDecisionBody.safeParse(request.json).success;
  if (pathname === "/__sandbox/import") {
    try {
      validateExport(request.json);
      return true;
    } catch {
      return false;
    }
  }
  return pathname === "/__sandbox/batch/run" || pathname === "/__sandbox/batch/catch-up";
}

test("control routes: random input never gives a 5xx, and refused or read-only requests change nothing", async () => {
  const { client, paymentId, exported } = await world();
  let before = (await client.sandbox.env.store.exportAll()).stores;
  await fc.assert(
    fc.asyncProperty(requests(paymentId, exported), async (request) => {
      const label = `${request.method} ${request.target} ${(request.body ?? "").slice(0, 200)}`;
      const init: RequestInit = {
        method: request.method,
        ...(request.body === undefined ? {} : { body: request.body, headers: { "Content-Type": "application/json" } }),
      };
      const response = await client.sandbox.dispatch(new Request(ORIGIN + request.target, init));
      if (!response) {
        expect(new URL(ORIGIN + request.target).pathname, label).not.toMatch(/^\/(v1|__sandbox)\//);
        return;
      }
      if (response.status >= 400) await expectRefusal(response, label);
      else expect(response.status, label).toBe(200);
      const now = await client.sandbox.env.store.exportAll();
      if (response.status < 400 && request.method !== "GET") {
        expect(bodyAccepted(request), `a write succeeded with a body its route refuses: ${label}`).toBe(true);
        // An import is checked for consistency too, so every write keeps the store consistent.
        expectConsistent(now, label);
        before = now.stores;
        return;
      }
      if (JSON.stringify(now.stores) !== JSON.stringify(before)) expect(now.stores, `state changed: ${label}`).toEqual(before);
    }),
    // The runs share one sandbox, so a shrunk case would replay against a changed store: report the first failure as it is.
    { numRuns: NUM_RUNS, endOnFailure: true },
  );
}, 60_000);

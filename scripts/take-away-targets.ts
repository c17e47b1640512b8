/**
 * Where the take-away tests run what the portal gave away (issue 27, point 4): a server started with --empty and one
 * holding other clients' data, and what "leaves that data as it was" means: every record an export of the server held
 * before is still there, unchanged, after.
 */
import { expect } from "vitest";
import { DEFAULT_PSU_ID } from "../src/contract/default-psu";
import { operationById } from "../src/contract/operations";
import type { ExampleContext } from "../src/lib/examples";
import { startSandboxServer, type SandboxServer } from "../mocks/server/start";
import { httpClient } from "../mocks/server/http-client.test-helpers";

/** What the portal reads from the sandbox it works with to fill its examples. */
export async function contextOf(url: string): Promise<ExampleContext> {
  const read = async (path: string): Promise<unknown> => (await fetch(`${url}${path}`)).json();
  const [accounts, customers, clock] = await Promise.all([read("/__sandbox/accounts"), read("/__sandbox/customers"), read("/__sandbox/clock")]);
  return {
    accounts: accounts as ExampleContext["accounts"],
    customers: customers as ExampleContext["customers"],
    today: (clock as { today: string }).today,
    origin: "https://tpp.example.no",
    psuId: DEFAULT_PSU_ID,
    sessionId: crypto.randomUUID(),
  };
}

/** Every record a sandbox holds, by store, as JSON text: what an export gives. */
export async function recordsOf(url: string): Promise<Map<string, Set<string>>> {
  const exported = (await (await fetch(`${url}/__sandbox/export`)).json()) as { stores: Record<string, unknown[]> };
  return new Map(Object.entries(exported.stores).map(([store, records]) => [store, new Set(records.map((record) => JSON.stringify(record)))]));
}

/** The sandbox's own bookkeeping, no client's data: its id counter and when its batch last ran. */
const BOOKKEEPING = new Set(['{"key":"nextSeq"', '{"key":"lastBatchRunAt"']);

/** The records of `before` that `after` no longer holds as they were: what a run changed or removed of the data it found. */
export const changedOf = (before: Map<string, Set<string>>, after: Map<string, Set<string>>) =>
  [...before].flatMap(([store, records]) =>
    [...records]
      .filter((record) => !after.get(store)?.has(record) && !BOOKKEEPING.has(record.split(",")[0] ?? ""))
      .map((record) => `${store}: ${record.slice(0, 300)}`),
  );

export interface Target {
  name: string;
  server: SandboxServer;
  /** The records it held when the tests began. */
  before: Map<string, Set<string>>;
}

/**
 * The two servers a take-away must run on: one started with --empty, and one with the fixed data set and another
 * client's payment waiting for its SCA (signed by a certificate of its own).
 */
export async function startTargets(): Promise<Target[]> {
  const empty = await startSandboxServer({ port: 0, empty: true });
  const other = await startSandboxServer({ port: 0 });
  const created = await httpClient(other.url).send("POST", operationById("createPayment").path, {
    headers: {
      "PSU-ID": DEFAULT_PSU_ID,
      "PSU-IP-Address": "192.0.2.99",
      "TPP-Redirect-URI": "https://other.example/cb",
      "TPP-Session-ID": crypto.randomUUID(),
    },
    body: {
      instructedAmount: { amount: "3.00", currency: "NOK" },
      creditorName: "Ola Nordmann",
      creditorAccount: { bban: "97100000044", currency: "NOK" },
      debtorAccount: { bban: "97100000028", currency: "NOK" },
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return [
    { name: "a server started with --empty", server: empty, before: await recordsOf(empty.url) },
    { name: "a server holding other clients' data", server: other, before: await recordsOf(other.url) },
  ];
}

/** Each target still holds every record it held before, unchanged. */
export async function expectDataKept(targets: readonly Target[]) {
  for (const target of targets) expect(changedOf(target.before, await recordsOf(target.server.url)), target.name).toEqual([]);
}

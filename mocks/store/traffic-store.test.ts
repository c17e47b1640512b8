/**
 * The traffic record through the storage port, on every adapter (IndexedDB, SQLite, and PostgreSQL in the postgres
 * suite): pages newest first by keyset with their filters, one record whole, the retention bound in records and bytes
 * with the oldest dropped first, and none of it the sandbox's data (no commit heard, no export, no reset).
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { TrafficRecord } from "../../src/contract/traffic";
import { adapterCases, type TestStore } from "./adapters.test-helpers";
import { newTrafficId, trafficIdAt } from "./traffic-rows";
import { trafficEntry, trafficRow } from "./traffic.test-helpers";

const LIMITS = { maxRecords: 1000, maxBytes: 10_000_000 };

function record(at: number, fields: Partial<TrafficRecord> = {}): TrafficRecord {
  return {
    id: newTrafficId(at),
    at: new Date(at).toISOString(),
    method: "GET",
    path: "/__sandbox/clock",
    operation: "sandboxClock",
    status: 200,
    ms: 1.5,
    tpp: null,
    requestId: null,
    scenario: null,
    changes: [],
    query: "",
    request: { headers: {}, body: { text: "", bytes: 0, keptBytes: 0 } },
    response: { headers: { "content-type": "application/json" }, body: { text: "{}", bytes: 2, keptBytes: 2 } },
    diagnosis: [],
    ...fields,
  };
}

const tpp = (certificateSha256: string) => ({ keySha256: "a".repeat(64), certificateSha256, subject: "CN=TPP", verified: true });

describe.each(adapterCases)("%s", (_name, adapter) => {
  let store: TestStore;
  beforeEach(async () => {
    store = await adapter.fresh();
  });
  afterEach(async () => {
    await store.dispose();
  });

  test("pages newest first by cursor, filtered by status, operation (or all but some), TPP and time; one record whole", async () => {
    const start = Date.UTC(2026, 10, 27, 10);
    const made = Array.from({ length: 9 }, (_, n) =>
      record(start + n * 1000, {
        status: n % 3 === 0 ? 401 : 201,
        // The last of no operation (an unknown path): kept by a filter that leaves operations out.
        operation: n === 8 ? null : n % 2 === 0 ? "createPayment" : "sandboxClock",
        tpp: n < 4 ? tpp("b".repeat(64)) : null,
      }),
    );
    for (const each of made) await store.recordTraffic(trafficEntry(each), LIMITS);
    const newestFirst = made.map((each) => each.id).reverse();

    const first = await store.trafficPage({ limit: 4 });
    const second = await store.trafficPage({ limit: 4, ...(first.next === null ? {} : { before: first.next }) });
    const third = await store.trafficPage({ limit: 4, ...(second.next === null ? {} : { before: second.next }) });
    expect([...first.requests, ...second.requests, ...third.requests].map((each) => each.id)).toEqual(newestFirst);
    expect(third.next).toBeNull();
    expect(first.requests[0]).not.toHaveProperty("request");
    // The client report's read: the same keyset pages, each record whole.
    const whole = await store.trafficRecords({ limit: 6, tpp: "b".repeat(64) });
    expect(whole.records.map((each) => each.id)).toEqual(newestFirst.filter((id) => made.slice(0, 4).some((each) => each.id === id)));
    expect(whole.records[0]).toEqual(made[3]);
    expect(whole.next).toBeNull();
    const paged = await store.trafficRecords({ limit: 5 });
    expect(paged.next).toBe(paged.records.at(-1)?.id);

    const ids = async (query: Omit<Parameters<TestStore["trafficPage"]>[0], "limit">) =>
      (await store.trafficPage({ limit: 200, ...query })).requests.map((each) => each.id);
    expect(await ids({ statusFrom: 400, statusTo: 499 })).toEqual(
      made
        .filter((_, n) => n % 3 === 0)
        .map((each) => each.id)
        .reverse(),
    );
    expect(await ids({ operation: "sandboxClock" })).toEqual(
      made
        .filter((_, n) => n % 2 === 1)
        .map((each) => each.id)
        .reverse(),
    );
    expect(await ids({ withoutOperations: ["sandboxClock", "sandboxAccounts"] })).toEqual(
      made
        .filter((_, n) => n % 2 === 0)
        .map((each) => each.id)
        .reverse(),
    );
    expect(await ids({ tpp: "b".repeat(64) })).toEqual(
      made
        .slice(0, 4)
        .map((each) => each.id)
        .reverse(),
    );
    expect(await ids({ from: trafficIdAt(start + 2000), to: trafficIdAt(start + 5000) })).toEqual(
      made
        .slice(2, 5)
        .map((each) => each.id)
        .reverse(),
    );
    expect(await ids({ from: trafficIdAt(start + 5000), to: trafficIdAt(start + 2000) })).toEqual([]);

    expect(await store.trafficRecord(made[3]?.id ?? "")).toEqual(made[3]);
    expect(await store.trafficRecord("0000000000000000-000000000000")).toBeUndefined();
  });

  test("the bound holds in records and in bytes with more records than it keeps: the oldest go first", async () => {
    const start = Date.UTC(2026, 10, 27, 10);
    const made = Array.from({ length: 30 }, (_, n) => record(start + n));
    for (const each of made) await store.recordTraffic(trafficEntry(each), { maxRecords: 7, maxBytes: 10_000_000 });
    expect((await store.trafficPage({ limit: 200 })).requests.map((each) => each.id)).toEqual(
      made
        .slice(-7)
        .map((each) => each.id)
        .reverse(),
    );

    // Lower the bytes bound below what seven hold: the oldest go until it fits.
    const size = trafficRow(made[0] ?? record(start)).bytes;
    const more = record(start + 100);
    await store.recordTraffic(trafficEntry(more), { maxRecords: 7, maxBytes: size * 3 });
    const kept = (await store.trafficPage({ limit: 200 })).requests.map((each) => each.id);
    expect(kept).toEqual([
      more.id,
      ...made
        .slice(-2)
        .map((each) => each.id)
        .reverse(),
    ]);
  });

  test("a full sandbox drops a 64th of its bound at once, in records, and never more than a 64th of its bytes", async () => {
    const start = Date.UTC(2026, 10, 27, 11);
    const limits = { maxRecords: 128, maxBytes: 10_000_000 };
    for (let n = 0; n < 140; n++) {
      await store.recordTraffic(trafficEntry(record(start + n)), limits);
      const kept = (await store.trafficPage({ limit: 200 })).requests.length;
      expect(kept).toBeLessThanOrEqual(128);
      expect(kept).toBeGreaterThanOrEqual(Math.min(n + 1, 126));
    }
    // Held by its bytes with a large count bound: the newest that fit stay, never none.
    const size = trafficRow(record(start)).bytes;
    for (let n = 0; n < 20; n++) await store.recordTraffic(trafficEntry(record(start + 1000 + n)), { maxRecords: 10_000, maxBytes: size * 10 });
    const held = (await store.trafficPage({ limit: 200 })).requests.length;
    expect(held).toBeGreaterThanOrEqual(9);
    expect(held).toBeLessThanOrEqual(10);
  });

  test("records arriving together (a server under load) are each kept once, within the bound, the oldest dropped first", async () => {
    const start = Date.UTC(2026, 10, 27, 12);
    const made = Array.from({ length: 150 }, (_, n) => record(start + n, { status: 200 + (n % 3) }));
    await Promise.all(made.map((each) => store.recordTraffic(trafficEntry(each), { maxRecords: 100, maxBytes: 10_000_000 })));
    const kept = (await store.trafficPage({ limit: 200 })).requests;
    // The newest stay, in order; a full sandbox drops a 64th of its bound beyond it (100 kept: 99 or 100).
    expect(kept.length).toBeGreaterThanOrEqual(99);
    expect(kept.map((each) => each.id)).toEqual(
      made
        .slice(-kept.length)
        .map((each) => each.id)
        .reverse(),
    );
    expect(await store.trafficRecord(made.at(-1)?.id ?? "")).toEqual(made.at(-1));
    // The totals still count what is kept: with the bytes bound at what two more hold, the oldest go until it fits.
    const size = trafficRow(record(start)).bytes;
    await Promise.all([1, 2].map((n) => store.recordTraffic(trafficEntry(record(start + 1000 + n)), { maxRecords: 100, maxBytes: size * 2 })));
    expect((await store.trafficPage({ limit: 200 })).requests.length).toBe(2);
  });

  test("every record comes back with the certificate header it carried, also after the oldest were dropped", async () => {
    const start = Date.UTC(2026, 10, 27, 13);
    const certificates = ["A", "B", "C"].map((letter) => `MIIC${letter.repeat(1200)}`);
    const made = Array.from({ length: 40 }, (_, n) =>
      record(start + n, {
        request: {
          headers: { "x-request-id": `r${String(n)}`, "tpp-signature-certificate": certificates[n % 3] ?? "", digest: "SHA-256=x" },
          body: { text: "", bytes: 0, keptBytes: 0 },
        },
      }),
    );
    // A record without a certificate header, and one with an empty one, stay as they were.
    made.push(
      record(start + 50),
      record(start + 51, { request: { headers: { "tpp-signature-certificate": "" }, body: { text: "", bytes: 0, keptBytes: 0 } } }),
    );
    for (const each of made) await store.recordTraffic(trafficEntry(each), { maxRecords: 10, maxBytes: 10_000_000 });
    const kept = await store.trafficRecords({ limit: 200 });
    expect(kept.records.length).toBeGreaterThanOrEqual(9);
    expect(kept.records).toEqual(made.slice(-kept.records.length).reverse());
    // In the order sent: the header keeps its place among the others.
    expect(Object.keys(kept.records.at(-1)?.request.headers ?? {})).toEqual(["x-request-id", "tpp-signature-certificate", "digest"]);
    for (const each of made.slice(-3)) expect(await store.trafficRecord(each.id)).toEqual(each);
  });

  test("traffic is not the sandbox's data: no commit is heard, an export leaves it out, a reset leaves it be", async () => {
    let commits = 0;
    store.onCommit(() => (commits += 1));
    const kept = record(Date.UTC(2026, 10, 27, 10));
    await store.recordTraffic(trafficEntry(kept), LIMITS);
    expect(commits).toBe(0);
    expect(JSON.stringify(await store.exportAll())).not.toContain(kept.id);
    await store.clear();
    expect((await store.trafficPage({ limit: 10 })).requests.map((each) => each.id)).toEqual([kept.id]);
  });
});

/**
 * The certificate header kept once per certificate on SQL (decision 0055, schema version 4), seen in SQLite's own
 * tables: one text however many records carry it, counted once by the bytes bound, dropped once no kept record names
 * it; a row written by version 3 (the header inline) is read as it was.
 */
import type { Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import type { TrafficRecord } from "../../../src/contract/traffic";
import { newTrafficId } from "../traffic-rows";
import { trafficEntry, trafficRow } from "../traffic.test-helpers";
import { openSqlite, type SqliteConnection } from "../sqlite/sqlite";
import { sqliteStoreOn } from "../sqlite/sqlite-store";
import { sqliteMigrations } from "../sqlite/sqlite-migrations";
import { migrateToLatest } from "./migrations";

const opened: SqliteConnection[] = [];
afterEach(async () => {
  for (const connection of opened.splice(0)) await connection.db.destroy();
});

async function migrated(steps = sqliteMigrations) {
  const connection = openSqlite();
  opened.push(connection);
  await migrateToLatest(connection.db as Kysely<unknown>, steps);
  return connection;
}

const certificate = (letter: string) => `MIIC${letter.repeat(1200)}`;

function carrying(at: number, text: string | undefined): TrafficRecord {
  return {
    id: newTrafficId(at),
    at: new Date(at).toISOString(),
    method: "POST",
    path: "/v1/payments/norwegian-domestic-credit-transfers",
    operation: "createPayment",
    status: 201,
    ms: 3,
    tpp: null,
    requestId: null,
    scenario: null,
    changes: [],
    query: "",
    request: {
      headers: { "x-request-id": "r", ...(text === undefined ? {} : { "tpp-signature-certificate": text }) },
      body: { text: "{}", bytes: 2, keptBytes: 2 },
    },
    response: { headers: {}, body: { text: "{}", bytes: 2, keptBytes: 2 } },
    diagnosis: [],
  };
}

const counts = (native: SqliteConnection["native"]) => ({
  certificates: (native.prepare("select count(*) as n from traffic_certificates").get() as { n: number }).n,
  totals: native.prepare("select records, bytes from traffic_totals").get() as { records: number; bytes: number },
  stored: native.prepare("select count(*) as records, coalesce(sum(bytes), 0) as bytes from traffic").get() as { records: number; bytes: number },
  certificateChars: (native.prepare("select coalesce(sum(length(text)), 0) as n from traffic_certificates").get() as { n: number }).n,
});

test("a certificate carried by many records is stored once, counted once, and its rows stay under a page", async () => {
  const connection = await migrated();
  const store = sqliteStoreOn(connection);
  const start = Date.UTC(2026, 10, 27, 10);
  const made = Array.from({ length: 20 }, (_, n) => carrying(start + n, certificate(n % 2 === 0 ? "A" : "B")));
  for (const each of made) await store.recordTraffic(trafficEntry(each), { maxRecords: 1000, maxBytes: 10_000_000 });
  const now = counts(connection.native);
  expect(now.certificates).toBe(2);
  // The bound counts what is stored: the rows, and each certificate once.
  expect(now.totals).toEqual({ records: 20, bytes: now.stored.bytes + now.certificateChars });
  expect(now.stored.bytes / 20).toBeLessThan(1000);
  expect(await store.trafficRecord(made[3]?.id ?? "")).toEqual(made[3]);
});

test("a certificate no kept record names is dropped with the last row that named it, and the totals fall by its text", async () => {
  const connection = await migrated();
  const store = sqliteStoreOn(connection);
  const start = Date.UTC(2026, 10, 27, 11);
  const limits = { maxRecords: 10, maxBytes: 10_000_000 };
  await store.recordTraffic(trafficEntry(carrying(start, certificate("Z"))), limits);
  // Sent as a server under load sends them, a few at once (each batch waits for the records that join it).
  for (let n = 1; n <= 40; n += 8)
    await Promise.all(Array.from({ length: 8 }, (_, k) => store.recordTraffic(trafficEntry(carrying(start + n + k, certificate("Y"))), limits)));
  const now = counts(connection.native);
  expect(now.certificates).toBe(1);
  expect(now.totals).toEqual({ records: now.stored.records, bytes: now.stored.bytes + now.certificateChars });
});

test("a row written by version 3, its certificate header inline, is read as it was after the upgrade", async () => {
  const connection = await migrated(sqliteMigrations.filter((step) => step.version < 4));
  const old = carrying(Date.UTC(2026, 10, 27, 12), certificate("V"));
  await (connection.db as unknown as Kysely<{ traffic: ReturnType<typeof trafficRow> }>).insertInto("traffic").values(trafficRow(old)).execute();
  await migrateToLatest(connection.db as Kysely<unknown>, sqliteMigrations);
  const store = sqliteStoreOn(connection);
  expect(await store.trafficRecord(old.id)).toEqual(old);
  expect((await store.trafficRecords({ limit: 10 })).records).toEqual([old]);
});

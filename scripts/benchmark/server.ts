/**
 * The standalone server's figures, through HTTP only (so they hold whatever store the server runs
 * on): throughput of a signed 50-row read and a signed payment creation at concurrency 10, beside
 * the stateless mock; write latency at 1,000 and 100,000 transactions; 200-row pages at offsets 0,
 * 50,000 and 99,800 of a 100,000-transaction account; a batch run over 10,000 due payments.
 * The server runs in a child process with a --data file (durable writes), as Prism runs in its own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { SandboxExport } from "../../mocks/store/port";
import { runLoad, type LoadRequest, type LoadResult } from "./load";
import { startPrism } from "./prism";
import { withDuePayments, withTransactions } from "./seed-data";
import type { TestCertificate } from "../../src/signing/index";
import { signed, signedMany } from "./signed";
import { percentile, round } from "./stats";

export const CONCURRENCY = 10;
const PAYMENTS = "/v1/payments/norwegian-domestic-credit-transfers";

interface Account {
  resourceId: string;
  customerNumber: string;
  bban: string;
  currency: string;
  transactionCount: number;
  accountName: string;
}
interface Customer {
  customerNumber: string;
  psuId: string;
  kind: string;
}

export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
  /** The process whose main thread is the server's event loop (its CPU in /proc/<pid>/task/<pid>; tsx starts it as a child of the command). */
  eventLoopPid: number;
}

/** Starts scripts/benchmark/server-process.ts with a fresh --data file (or on this PostgreSQL schema) and waits for its URL. */
export async function startServerProcess(
  postgres?: { url: string; schema: string; multiTenant?: boolean; extra?: string[] },
  extra: readonly string[] = [],
): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "psd2-bench-"));
  const store = postgres
    ? ["--database", postgres.url, "--database-schema", postgres.schema, ...(postgres.multiTenant ? ["--multi-tenant"] : []), ...(postgres.extra ?? [])]
    : ["--data", join(dir, "sandbox.json"), ...extra];
  const child: ChildProcess = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/benchmark/server-process.ts", ...store], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const output = child.stdout;
  if (!output) throw new Error("The sandbox server's output is not readable.");
  const started = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: output });
    const timer = setTimeout(() => reject(new Error("The sandbox server did not start within 60 s.")), 60_000);
    lines.once("line", (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    child.once("exit", (code) => reject(new Error(`The sandbox server exited (${String(code)}) before it listened.`)));
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000); // a server stuck in a long request does not end by itself
      await new Promise((resolve) => child.once("exit", resolve));
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const [origin = "", eventLoopPid = ""] = started.split(" ");
  return { origin, eventLoopPid: Number(eventLoopPid), stop };
}

async function control<T>(origin: string, method: string, path: string, body?: unknown, timeoutMs = 120_000, as?: Promise<TestCertificate>): Promise<T> {
  // A hosted server's controls are signed, by the TPP whose sandbox they act on.
  const signedHeaders = as ? (await signed(method, path, {}, body, as)).headers : undefined;
  const response = await fetch(`${origin}${path}`, {
    method,
    signal: AbortSignal.timeout(timeoutMs),
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...signedHeaders },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** One signed request through fetch; its time in ms, or null when it did not answer within `timeoutMs`. */
async function timed(origin: string, request: LoadRequest, timeoutMs: number, expected: number): Promise<number | null> {
  const started = performance.now();
  try {
    const response = await fetch(`${origin}${request.path}`, {
      method: request.method,
      headers: request.headers,
      signal: AbortSignal.timeout(timeoutMs),
      ...(request.body ? { body: request.body } : {}),
    });
    const text = await response.text();
    if (response.status !== expected) throw new Error(`${request.method} ${request.path}: ${String(response.status)} ${text.slice(0, 300)}`);
    return performance.now() - started;
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") return null;
    throw error;
  }
}

/** `count` sequential writes (a sandbox transaction each): p50 and p99 in ms. */
async function writeLatency(origin: string, account: Account, count: number) {
  const requests = await signedMany(count + 5, (index) =>
    signed(
      "POST",
      `/v1/sandbox/accounts/${account.resourceId}/transactions`,
      {},
      {
        amount: 1,
        currency: account.currency,
        creditorName: "Latency probe",
        creditorAccount: { bban: "86011117947" },
        debtorAccount: { bban: account.bban },
        remittanceInformationUnstructured: `probe ${String(index)}`,
      },
    ),
  );
  const times: number[] = [];
  for (const [index, request] of requests.entries()) {
    const ms = await timed(origin, request, 30_000, 201);
    if (ms === null) return { timedOut: true };
    if (index >= 5) times.push(ms); // the first few warm up
  }
  return { count, p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)) };
}

/** A 200-row page at each offset, 5 times (median); an offset whose page does not answer in 20 s ends the list (the server may still be busy with it). */
async function deepPages(origin: string, accountId: string, offsets: number[]) {
  const result: Record<string, number | "no answer within 20 s"> = {};
  for (const offset of offsets) {
    const requests = await signedMany(5, () => signed("GET", `/v1/sandbox/accounts/${accountId}/transactions?limit=200&offset=${String(offset)}`));
    const times: number[] = [];
    for (const request of requests) {
      const ms = await timed(origin, request, 20_000, 200);
      if (ms === null) {
        result[`offset${String(offset)}Ms`] = "no answer within 20 s";
        return result;
      }
      times.push(ms);
    }
    result[`offset${String(offset)}Ms`] = round(percentile(times, 50));
  }
  return result;
}

export interface BenchParties {
  /** The NOK account with the most transactions: the 50-row read's. */
  reader: Account;
  payer: Customer;
  debtor: Account;
  creditor: Account;
}

/** The fixed data's accounts and customer the benchmark reads and pays with. */
export async function benchParties(origin: string, as?: Promise<TestCertificate>): Promise<BenchParties> {
  const accounts = await control<Account[]>(origin, "GET", "/__sandbox/accounts", undefined, 120_000, as);
  const customers = await control<Customer[]>(origin, "GET", "/__sandbox/customers", undefined, 120_000, as);
  const nok = accounts.filter((account) => account.currency === "NOK");
  const reader = [...nok].sort((a, b) => b.transactionCount - a.transactionCount)[0];
  const payer = customers.find((customer) => customer.kind === "private" && nok.some((account) => account.customerNumber === customer.customerNumber));
  const debtor = nok.find((account) => account.customerNumber === payer?.customerNumber);
  const creditor = nok.find((account) => account.customerNumber !== payer?.customerNumber);
  if (!reader || !payer || !debtor || !creditor) throw new Error("The fixed data lacks the accounts the benchmark uses.");
  return { reader, payer, debtor, creditor };
}

/** `count` signed reads of the account's 50 newest transactions. */
export const signedReads = (reader: Account, count: number) =>
  signedMany(count, () => signed("GET", `/v1/sandbox/accounts/${reader.resourceId}/transactions?limit=50`));

/** `count` signed creations of a 1 NOK payment, each with its own X-Request-ID. */
export const signedCreations = ({ payer, debtor, creditor }: BenchParties, count: number, as?: Promise<TestCertificate>) =>
  signedMany(count, (index) =>
    signed(
      "POST",
      PAYMENTS,
      { "PSU-ID": payer.psuId, "TPP-Session-ID": "bench", "TPP-Redirect-URI": "https://tpp.example/callback", "PSU-IP-Address": "192.0.2.10" },
      {
        instructedAmount: { amount: "1.00", currency: "NOK" },
        creditorName: creditor.accountName,
        creditorAccount: { bban: creditor.bban, currency: "NOK" },
        debtorAccount: { bban: debtor.bban, currency: "NOK" },
        remittanceInformationUnstructured: `Bench ${String(index)}`,
      },
      as,
    ),
  );

export interface Throughput {
  read50: LoadResult;
  createPayment: LoadResult;
}

/** Requests of each kind sent before the measured ones (JIT, connections, statement caches), to the server and to Prism alike. */
export const WARM_UP = { reads: 2000, creations: 2000 };

/**
 * After a warm-up of each kind, the signed 50-row read and then the signed payment creation at
 * concurrency 10. `reads` and `creates` start with their warm-up requests (WARM_UP). The creations
 * were measured cold until decision 0043: the server's got about a fifth faster over its first
 * thousands, Prism's too, and a figure of 1,500 creations was mostly that (the reads had 100).
 */
export async function throughput(origin: string, reads: LoadRequest[], creates: LoadRequest[], maxSeconds: number): Promise<Throughput> {
  const warmUp = { origin, concurrency: CONCURRENCY, maxSeconds, ok: () => true };
  await runLoad(reads.slice(0, WARM_UP.reads), warmUp);
  const read50 = await runLoad(reads.slice(WARM_UP.reads), { origin, concurrency: CONCURRENCY, maxSeconds, ok: (status) => status === 200 });
  await runLoad(creates.slice(0, WARM_UP.creations), warmUp);
  const createPayment = await runLoad(creates.slice(WARM_UP.creations), { origin, concurrency: CONCURRENCY, maxSeconds, ok: (status) => status === 201 });
  return { read50, createPayment };
}

/** One kind's figures beside another server: the median round's load result, and every round's rate. */
export type RoundsResult = LoadResult & { roundsPerSecond: number[] };

/** The median round of `measured` (by rate), with every round's rate. */
export function medianRound(measured: readonly LoadResult[]): RoundsResult {
  const sorted = [...measured].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error("benchmark: no rounds were measured.");
  return { ...middle, roundsPerSecond: measured.map((result) => result.requestsPerSecond) };
}

export interface RoundsThroughput {
  read50: RoundsResult;
  createPayment: RoundsResult;
}

/**
 * The server and Prism measured in alternating rounds (server, Prism; then Prism, server; …), each
 * after the same warm-up, each round the same requests to both. One pass of each, one after the
 * other, put a minute of this shared machine's noise (±25%) on one side only: the same code measured
 * 0.95× and 1.29× Prism's rate in two runs. The median round is the figure; every round is kept.
 */
export async function throughputBeside(
  servers: { name: string; origin: string }[],
  reads: LoadRequest[],
  creates: LoadRequest[],
  rounds: number,
  maxSeconds: number,
): Promise<Record<string, RoundsThroughput>> {
  for (const { origin } of servers) {
    const warmUp = { origin, concurrency: CONCURRENCY, maxSeconds, ok: () => true };
    await runLoad(reads.slice(0, WARM_UP.reads), warmUp);
    await runLoad(creates.slice(0, WARM_UP.creations), warmUp);
  }
  const perRound = { reads: (reads.length - WARM_UP.reads) / rounds, creates: (creates.length - WARM_UP.creations) / rounds };
  const results = new Map(servers.map(({ name }) => [name, { read50: [] as LoadResult[], createPayment: [] as LoadResult[] }]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    const kinds = [
      { kind: "read50", requests: reads.slice(WARM_UP.reads + round * perRound.reads, WARM_UP.reads + (round + 1) * perRound.reads), status: 200 },
      {
        kind: "createPayment",
        requests: creates.slice(WARM_UP.creations + round * perRound.creates, WARM_UP.creations + (round + 1) * perRound.creates),
        status: 201,
      },
    ] as const;
    for (const { kind, requests, status } of kinds)
      for (const { name, origin } of order)
        results.get(name)?.[kind].push(await runLoad(requests, { origin, concurrency: CONCURRENCY, maxSeconds, ok: (answered) => answered === status }));
  }
  return Object.fromEntries(
    [...results].map(([name, { read50, createPayment }]) => [name, { read50: medianRound(read50), createPayment: medianRound(createPayment) }]),
  );
}

export interface ServerFigureOptions {
  prismPort: number;
  openApiDocument: string;
  /** Measured requests of each kind per round (after WARM_UP). */
  requestsPerRound: number;
  rounds: number;
  maxSeconds: number;
}

export async function serverFigures(options: ServerFigureOptions) {
  const server = await startServerProcess();
  const figures: Record<string, unknown> = {};
  try {
    const { origin } = server;
    const clock = await control<{ today: string; now: string }>(origin, "GET", "/__sandbox/clock");
    const parties = await benchParties(origin);
    const { reader, debtor, creditor } = parties;
    // Throughput: the same signed requests to the server and to Prism (which ignores X-Request-ID).
    const measured = options.requestsPerRound * options.rounds;
    const reads = await signedReads(reader, measured + WARM_UP.reads);
    const creates = await signedCreations(parties, measured + WARM_UP.creations);
    // Without Prism, the server's own figures still count (each request is sent to each server once: never again).
    const prism = await startPrism(options.openApiDocument, options.prismPort).catch((error: unknown) => ({
      error: error instanceof Error ? error.message : String(error),
    }));
    let besides: Record<string, RoundsThroughput | { error: string }>;
    try {
      const servers = [{ name: "sandboxServer", origin }, ...("origin" in prism ? [{ name: "prism", origin: prism.origin }] : [])];
      besides = await throughputBeside(servers, reads, creates, options.rounds, options.maxSeconds);
      if ("error" in prism) besides.prism = prism;
    } finally {
      if ("stop" in prism) prism.stop();
    }
    figures.throughput = { concurrency: CONCURRENCY, rounds: options.rounds, ...besides };

    // Writes at 1,000 transactions, then a batch over 10,000 due payments, then 100,000 transactions.
    const fixed = await control<SandboxExport>(origin, "GET", "/__sandbox/export");
    const total = (data: SandboxExport) => data.stores.transactions.length;
    await control(origin, "POST", "/__sandbox/import", withTransactions(fixed, reader.resourceId, Math.max(0, 1000 - total(fixed)), clock.today));
    figures.writeAt1k = await writeLatency(origin, reader, 100);

    await control(
      origin,
      "POST",
      "/__sandbox/import",
      withDuePayments(fixed, debtor.resourceId, creditor.resourceId, 10_000, clock.today, Date.parse(clock.now) - 60_000),
    );
    const batchStarted = performance.now();
    const batch = await control<{ runs: { settled: string[]; rejected: string[] }[] }>(origin, "POST", "/__sandbox/batch/run", undefined, 300_000);
    figures.batch10k = {
      totalMs: Math.round(performance.now() - batchStarted),
      settled: batch.runs[0]?.settled.length ?? 0,
      rejected: batch.runs[0]?.rejected.length ?? 0,
    };

    const big = withTransactions(fixed, reader.resourceId, 100_000 - reader.transactionCount, clock.today);
    const body = JSON.stringify(big);
    const seedStarted = performance.now();
    await control(origin, "POST", "/__sandbox/import", body, 300_000);
    figures.seed100k = { importMs: Math.round(performance.now() - seedStarted), mebibytes: round(Buffer.byteLength(body) / 1024 / 1024) };
    figures.writeAt100k = await writeLatency(origin, reader, 100);
    figures.page200At100k = await deepPages(origin, reader.resourceId, [0, 50_000, 99_800]);
  } finally {
    await server.stop();
  }
  return figures;
}

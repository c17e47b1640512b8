/**
 * The server on PostgreSQL, through HTTP: (a) one process on PostgreSQL beside one on a SQLite file
 * (both durable: the cluster keeps fsync and synchronous_commit on) for the signed 50-row read and
 * the signed payment creation at concurrency 10; (b) signed payment creation at concurrency 20
 * against one server process and against two on the same sandbox (schema), the load spread over
 * them in turn, alternated several times because the machine is shared and its figures are noisy;
 * and (c) the same in hosted mode (--multi-tenant), the creations spread over several TPPs, each with
 * its own sandbox (schema), as a hosted sandbox's load is; (d) the median signed read with 4, 8, 16 and 32 TPPs'
 * sandboxes active at once (scripts/benchmark/tenants.ts).
 * All requests are signed before the clock starts. PostgreSQL is installed when missing
 * (scripts/ensure-postgres.mjs) and runs as a throwaway cluster (scripts/postgres/throwaway-cluster.ts).
 */
import { ensurePostgres } from "../ensure-postgres.mjs";
import { startThrowawayCluster } from "../postgres/throwaway-cluster";
import { runLoad, type LoadResult } from "./load";
import { readFileSync } from "node:fs";
import { cpuBetween, descendantsCpu } from "./process-cpu";
import type { LoadRequest } from "./load";
import { benchParties, signedCreations, signedReads, startServerProcess, throughput, WARM_UP, type RunningServer } from "./server";
import { tppCertificate } from "./signed";
import { round } from "./stats";
import { tenantFigures, type TenantFigureOptions } from "./tenants";

/** The active-tenant series (scripts/benchmark/tenants.ts). */
export const TENANT_FIGURES: TenantFigureOptions = { requests: 1000, rounds: 3, maxSeconds: 15 };

const SCALE_CONCURRENCY = 20;
/** TPPs (sandboxes) the hosted run's creations are spread over. */
const HOSTED_TPPS = 4;

export interface PostgresFigureOptions {
  /** Requests per throughput run of (a). */
  requests: number;
  /** Creations per timed run of (b). */
  scaleRequests: number;
  /** One-process and two-process runs of (b), alternated. */
  rounds: number;
  maxSeconds: number;
}

/** (a): the same signed requests to a fresh server on each store. */
async function oneBesideOther(start: () => Promise<RunningServer>, options: PostgresFigureOptions) {
  const server = await start();
  try {
    const parties = await benchParties(server.origin);
    const reads = await signedReads(parties.reader, options.requests + WARM_UP.reads);
    const creates = await signedCreations(parties, options.requests + WARM_UP.creations);
    return await throughput(server.origin, reads, creates, options.maxSeconds);
  } finally {
    await server.stop();
  }
}

const summary = (result: LoadResult, cpu?: CpuPerRequest) => ({
  requestsPerSecond: result.requestsPerSecond,
  p50Ms: result.p50Ms,
  p99Ms: result.p99Ms,
  ok: result.ok,
  failed: result.failed,
  ...(cpu ? { cpu } : {}),
});

interface CpuPerRequest {
  /** CPU milliseconds per request answered: the server processes (all of them), PostgreSQL's backends, this load generator. */
  serversMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
  /** CPU seconds spent by the three over the run's wall time: how many of the machine's cores they kept busy. */
  coresBusy: number;
}

/**
 * CPU seconds PostgreSQL has spent: the postmaster's own, its ended backends' (added to its children's time as it
 * reaps them: pools close idle connections and open new ones) and its running ones'. A sum over running processes
 * alone goes down when a backend ends.
 */
function postgresCpu(postmasterPid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${String(postmasterPid)}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime, stime, cutime, cstime: fields 14–17 of proc(5), 11–14 after the command name.
    const own = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / 100;
    const running = descendantsCpu(postmasterPid);
    return running && own + running.total;
  } catch {
    return undefined;
  }
}

/**
 * Runs a load and reads, from /proc, the CPU it cost each party: which of them limits a run (a process at one core,
 * or the machine's cores all busy) rather than the lock's chain (every party well under its share).
 */
async function withCpu(postgresPid: number, run: () => Promise<LoadResult>): Promise<{ result: LoadResult; cpu?: CpuPerRequest }> {
  const before = { servers: descendantsCpu(), postgres: postgresCpu(postgresPid), own: process.cpuUsage() };
  const result = await run();
  const servers = cpuBetween(before.servers, descendantsCpu())?.total;
  const postgresAfter = postgresCpu(postgresPid);
  const postgres = before.postgres === undefined || postgresAfter === undefined ? undefined : postgresAfter - before.postgres;
  const own = process.cpuUsage(before.own);
  if (servers === undefined || postgres === undefined || result.ok === 0) return { result };
  const loadGenerator = (own.user + own.system) / 1e6;
  const perRequest = (seconds: number) => round((seconds * 1000) / result.ok);
  return {
    result,
    cpu: {
      serversMs: perRequest(servers),
      postgresMs: perRequest(postgres),
      loadGeneratorMs: perRequest(loadGenerator),
      coresBusy: round((servers + postgres + loadGenerator) / result.seconds),
    },
  };
}

/** `count` creations, taken in turn from each TPP's own (so every moment of the run has every TPP's requests in flight). */
async function creationsBy(
  tpps: { parties: Awaited<ReturnType<typeof benchParties>>; as?: ReturnType<typeof tppCertificate> }[],
  count: number,
): Promise<LoadRequest[]> {
  const each = await Promise.all(tpps.map(({ parties, as }) => signedCreations(parties, Math.ceil(count / tpps.length), as)));
  return Array.from({ length: count }, (_, index) => each[index % each.length]?.[Math.floor(index / each.length)]).filter((request) => request !== undefined);
}

/**
 * (b) and (c): two processes on one database, kept running; "one" sends every request to the first,
 * "two" to both in turn. (b): one sandbox (schema). (c): hosted mode, HOSTED_TPPS TPPs' sandboxes.
 */
async function twoVersusOne({ url, serverPid }: { url: string; serverPid: number }, options: PostgresFigureOptions, hosted = false) {
  const postgres = { url, schema: hosted ? "bench_hosted" : "bench_scale", multiTenant: hosted };
  const first = await startServerProcess(postgres);
  const second = await startServerProcess(postgres).catch(async (error: unknown) => {
    await first.stop();
    throw error;
  });
  try {
    const certificates = hosted ? Array.from({ length: HOSTED_TPPS }, (_, index) => tppCertificate(index)) : [undefined];
    const tpps = await Promise.all(certificates.map(async (as) => ({ parties: await benchParties(first.origin, as), ...(as ? { as } : {}) })));
    const load = (origins: string[], requests: LoadRequest[]) =>
      runLoad(requests, { origin: origins, concurrency: SCALE_CONCURRENCY, maxSeconds: options.maxSeconds, ok: (status) => status === 201 });
    await load([first.origin, second.origin], await creationsBy(tpps, 200)); // warm up both (JIT, pools)
    const rounds: { one: ReturnType<typeof summary>; two: ReturnType<typeof summary>; ratio: number }[] = [];
    for (let round_ = 0; round_ < options.rounds; round_++) {
      // Alternating which goes first spreads a drift of the machine's load over both.
      const [oneRequests, twoRequests] = [await creationsBy(tpps, options.scaleRequests), await creationsBy(tpps, options.scaleRequests)];
      const runOne = () => withCpu(serverPid, () => load([first.origin], oneRequests));
      const runTwo = () => withCpu(serverPid, () => load([first.origin, second.origin], twoRequests));
      let one: Awaited<ReturnType<typeof runOne>>, two: Awaited<ReturnType<typeof runTwo>>;
      if (round_ % 2 === 0) {
        one = await runOne();
        two = await runTwo();
      } else {
        two = await runTwo();
        one = await runOne();
      }
      rounds.push({
        one: summary(one.result, one.cpu),
        two: summary(two.result, two.cpu),
        ratio: round(two.result.requestsPerSecond / one.result.requestsPerSecond),
      });
    }
    const ratios = rounds.map((entry) => entry.ratio).sort((x, y) => x - y);
    return {
      sandboxes: hosted ? `${String(HOSTED_TPPS)} TPPs' (hosted mode)` : "one",
      concurrency: SCALE_CONCURRENCY,
      requestsPerRun: options.scaleRequests,
      rounds,
      ratio: { min: ratios[0], median: ratios[Math.floor(ratios.length / 2)], max: ratios.at(-1), target: 1.3 },
    };
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
}

const NO_POSTGRES = { error: "PostgreSQL is not installed and could not be (see ensure-postgres above); skip this part with --no-postgres." };

/** The active-tenant series alone (`--only tenants`), on a throwaway cluster of its own. */
export async function activeTenantFigures(): Promise<Record<string, unknown>> {
  if (ensurePostgres() === null) return NO_POSTGRES;
  const cluster = await startThrowawayCluster({ durable: true });
  try {
    return await tenantFigures(cluster.url, TENANT_FIGURES);
  } finally {
    await cluster.stop();
  }
}

export async function postgresFigures(options: PostgresFigureOptions): Promise<Record<string, unknown>> {
  if (ensurePostgres() === null) return NO_POSTGRES;
  const cluster = await startThrowawayCluster({ durable: true });
  try {
    return {
      oneProcess: {
        concurrency: 10,
        sqliteFile: await oneBesideOther(() => startServerProcess(), options),
        postgres: await oneBesideOther(() => startServerProcess({ url: cluster.url, schema: "bench_single" }), options),
      },
      twoVersusOne: await twoVersusOne(cluster, options),
      twoVersusOneHosted: await twoVersusOne(cluster, options, true),
    };
  } finally {
    await cluster.stop();
  }
}

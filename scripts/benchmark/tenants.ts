/**
 * Reaching a tenant on a hosted server (issue 25, point 7): the median time of a signed 50-row read when the reads
 * are spread in turn over 4, 8, 16 and 32 TPPs' sandboxes (the active set), one server process on PostgreSQL, a
 * few requests in flight. A process that keeps fewer tenants open than the active set reopens one on nearly every
 * request, so what a reopen costs shows here: once with the server's defaults, once with at most 8 tenants open
 * (the default before decision 0047), where every count above 8 reopens.
 */
import { runLoad, type LoadRequest } from "./load";
import { benchParties, startServerProcess } from "./server";
import { signed, signedMany, tppCertificate } from "./signed";
import { round } from "./stats";

export const ACTIVE_TENANTS = [4, 8, 16, 32] as const;
const CONCURRENCY = 4;

export interface TenantFigureOptions {
  /** Timed reads per active-set size (each stops after maxSeconds). */
  requests: number;
  /** Alternating rounds over the sizes; each size's figure is the median of its rounds. */
  rounds: number;
  maxSeconds: number;
}

/** Reads taken in turn from each tenant's own, so consecutive requests reach different tenants. */
function interleaved(each: LoadRequest[][], count: number): LoadRequest[] {
  return Array.from({ length: count }, (_, index) => each[index % each.length]?.[Math.floor(index / each.length)]).filter((request) => request !== undefined);
}

type Certificate = ReturnType<typeof tppCertificate>;

async function series(url: string, schema: string, certificates: Certificate[], options: TenantFigureOptions, maxOpen?: number) {
  const extra = ["--tenants-per-minute", "1000", ...(maxOpen === undefined ? [] : ["--max-open-tenants", String(maxOpen)])];
  const server = await startServerProcess({ url, schema, multiTenant: true, extra });
  try {
    // The first series creates each tenant's sandbox; the second finds them (tenants are the database's, not a server's).
    const tenants: { as: Certificate; reader: string }[] = [];
    for (const as of certificates) tenants.push({ as, reader: (await benchParties(server.origin, as)).reader.resourceId });
    const readsOf = (count: number, active: number) =>
      Promise.all(
        tenants
          .slice(0, active)
          .map(({ as, reader }) =>
            signedMany(Math.ceil(count / active), () => signed("GET", `/v1/sandbox/accounts/${reader}/transactions?limit=50`, {}, undefined, as)),
          ),
      ).then((each) => interleaved(each, count));
    const medians = new Map<number, number[]>(ACTIVE_TENANTS.map((active) => [active, []]));
    const failed = new Map<number, number>(ACTIVE_TENANTS.map((active) => [active, 0]));
    for (let round_ = 0; round_ < options.rounds; round_++) {
      const order = round_ % 2 === 0 ? [...ACTIVE_TENANTS] : [...ACTIVE_TENANTS].reverse();
      for (const active of order) {
        const load = (requests: LoadRequest[]) =>
          runLoad(requests, { origin: server.origin, concurrency: CONCURRENCY, maxSeconds: options.maxSeconds, ok: (status) => status === 200 });
        await load(await readsOf(2 * active, active)); // each tenant of the set touched before the clock starts
        const result = await load(await readsOf(options.requests, active));
        medians.get(active)?.push(result.p50Ms);
        failed.set(active, (failed.get(active) ?? 0) + result.failed);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    return Object.fromEntries(
      ACTIVE_TENANTS.map((active) => [
        `${String(active)} tenants`,
        { p50Ms: round(median(medians.get(active) ?? [])), rounds: medians.get(active), failed: failed.get(active) },
      ]),
    );
  } finally {
    await server.stop();
  }
}

export async function tenantFigures(url: string, options: TenantFigureOptions): Promise<Record<string, unknown>> {
  const certificates = Array.from({ length: Math.max(...ACTIVE_TENANTS) }, (_, index) => tppCertificate(1000 + index));
  return {
    concurrency: CONCURRENCY,
    requestsPerRun: options.requests,
    defaults: await series(url, "bench_tenants", certificates, options),
    atMost8Open: await series(url, "bench_tenants", certificates, options, 8),
  };
}

/**
 * A hosted server's tenants put together: where they live (PostgreSQL or memory), which new ones are
 * admitted (tenant-admission.ts), and the reclaim of idle ones (tenant-reclaim.ts) on a timer and
 * when the bound is full. Requests reach the tenants through `forRequests`, which keeps the records
 * the reclaim reads; the batch timer uses `tenants` as they are (a batch run is no TPP's request).
 */
import type { RequestVerifier } from "../../env/sandbox-env";
import type { RequestIdClaims } from "../../store/port";
import type { PostgresPool } from "../../store/postgres/postgres-pool";
import { createTenantAdmission } from "./tenant-admission";
import { createTenantReclaim, reachedByRequests, startReclaimTimer } from "./tenant-reclaim";
import { createTenantSandboxes, type TenantLimits, type TenantSandboxes } from "./tenant-sandboxes";
import { memoryTenantStores, postgresTenantStores } from "./tenant-stores";
import type { TrafficLimits } from "../../store/port";

/** How often each process sweeps for idle tenants to reclaim. */
export const RECLAIM_INTERVAL_MS = 60_000;

export interface HostedTenantsOptions {
  /** The server's PostgreSQL pool, which every tenant shares, and its own schema (the tenants' records); in memory without. */
  database?: { pool: PostgresPool; schema: string };
  limits: TenantLimits;
  /** Where every tenant's replay guard claims request ids: the server's own store (decision 0045). */
  requestIds: RequestIdClaims;
  realNow?: () => number;
  log?: (line: string) => void;
  reclaimIntervalMs?: number;
  /** Where the tenants' dispatchers report the failures they answer 5xx (the server's log). */
  reportFailure?: (error: unknown, where: string) => void;
  /** How the tenants' dispatchers check signatures: the server's way. */
  verifyRequest?: RequestVerifier;
  /** How much traffic each tenant's sandbox keeps (decision 0055); without, none. */
  traffic?: TrafficLimits;
}

export interface HostedTenants {
  tenants: TenantSandboxes;
  forRequests: TenantSandboxes;
  /** Stops the reclaim timer, then closes every tenant's store. */
  close(): Promise<void>;
}

export function createHostedTenants(options: HostedTenantsOptions): HostedTenants {
  const { database, limits } = options;
  const stores = database === undefined ? memoryTenantStores() : postgresTenantStores(database.pool, database.schema);
  const now = options.realNow ?? Date.now;
  // The reclaim retires tenants through `made` below, which needs the reclaim first: by the first sweep it exists.
  const reclaim = createTenantReclaim({
    records: stores.records,
    exists: (key) => stores.exists(key),
    retire: (key, drop) => made.retire(key, drop),
    idleMs: limits.reclaimAfterMs,
    now,
    ...(options.log ? { log: options.log } : {}),
  });
  const made = createTenantSandboxes({
    stores,
    limits,
    admission: createTenantAdmission({ limits, stores, room: reclaim, now, ...(options.log ? { log: options.log } : {}) }),
    closable: database !== undefined,
    pageCache: database === undefined,
    requestIds: options.requestIds,
    ...(options.reportFailure ? { reportFailure: options.reportFailure } : {}),
    ...(options.verifyRequest ? { verifyRequest: options.verifyRequest } : {}),
    ...(options.realNow ? { realNow: options.realNow } : {}),
    ...(options.traffic ? { traffic: options.traffic } : {}),
  });
  const timer = startReclaimTimer(reclaim, options.reclaimIntervalMs ?? RECLAIM_INTERVAL_MS);
  return {
    tenants: made,
    forRequests: reachedByRequests(made, reclaim),
    async close() {
      await timer.stop();
      await made.close();
    },
  };
}

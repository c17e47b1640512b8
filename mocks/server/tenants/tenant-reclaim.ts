/**
 * Reclaiming idle tenants (decision 0049): a tenant that has completed no request beyond its first
 * (a throwaway certificate's, or a TPP that looked once and left) is dropped, with its sandbox, after
 * `idleMs` without a request, so the bound on tenants recovers and its storage is given back. A
 * tenant that did real work is never reclaimed; one made before the records were kept neither. Every
 * process sweeps on a timer, and the admission sweeps at once when the bound is full; a TPP that comes
 * back after its tenant was reclaimed simply gets a new one (its first request is admitted as new).
 */
import type { Sandbox } from "../../sandbox";
import { REAL_WORK, type TenantRecords } from "./tenant-records";
import type { TenantSandboxes } from "./tenant-sandboxes";

/** Idle tenants one sweep drops at most: its work is bounded, and the next sweep goes on. */
const SWEEP_LIMIT = 20;

/** Tenants this process remembers as having done real work (no record is read for them again). */
const REMEMBERED = 10_000;

export interface ReclaimOptions {
  records: TenantRecords;
  exists: (key: string) => Promise<boolean>;
  retire: TenantSandboxes["retire"];
  idleMs: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface TenantReclaim {
  idleMs: number;
  /** Drops the tenants idle long enough now (one sweep at a time: callers at once share it); how many. */
  makeRoom(): Promise<number>;
  /** When the next tenant short of real work may be reclaimed (epoch ms), or undefined when none may. */
  nextRoom(): Promise<number | undefined>;
  /** Before a request reaches the tenant: its idle time starts again; a sandbox this process holds of a tenant reclaimed elsewhere is let go. */
  arriving(key: string): Promise<void>;
  /** After a request of the tenant was answered. */
  completed(key: string): Promise<void>;
}

export function createTenantReclaim(options: ReclaimOptions): TenantReclaim {
  const { records, idleMs } = options;
  const now = options.now ?? Date.now;
  const worked = new Set<string>(); // insertion order: the oldest forgotten first
  const remember = (key: string) => {
    worked.add(key);
    if (worked.size > REMEMBERED) worked.delete(worked.values().next().value ?? key);
  };
  let sweeping: Promise<number> | undefined;

  /** Never rejects: a failure (the database away) is logged, and the next sweep tries again. */
  async function sweep(): Promise<number> {
    const before = now() - idleMs;
    let dropped = 0;
    let idle: string[];
    try {
      idle = await records.idle(before, SWEEP_LIMIT);
    } catch (error) {
      options.log?.(`tenants: the idle ones could not be listed for reclaiming: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
    for (const key of idle) {
      try {
        if (await options.retire(key, () => records.drop(key, before))) {
          dropped++;
          options.log?.(
            `tenant ${key}: reclaimed: it completed no request beyond its first and none reached it for ${String(Math.round(idleMs / 60_000))} minutes`,
          );
        }
      } catch (error) {
        options.log?.(`tenant ${key}: reclaim failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return dropped;
  }

  return {
    idleMs,
    makeRoom: () =>
      (sweeping ??= sweep().finally(() => {
        sweeping = undefined;
      })),
    async nextRoom() {
      const oldest = await records.oldestIdle();
      return oldest === undefined ? undefined : oldest + idleMs;
    },
    async arriving(key) {
      if (worked.has(key)) return;
      const completed = await records.arrived(key, now());
      if (completed !== undefined) {
        if (completed >= REAL_WORK) remember(key);
        return;
      }
      // No record: made before records were kept (it stays), or reclaimed, by any process (it is made anew).
      if (await options.exists(key)) remember(key);
      else await options.retire(key, () => Promise.resolve(true));
    },
    async completed(key) {
      if (worked.has(key)) return;
      try {
        const completed = await records.completed(key, now());
        if (completed === undefined || completed >= REAL_WORK) remember(key);
      } catch (error) {
        // The answer stands (its work is committed); the next request records it again.
        options.log?.(`tenant ${key}: its request could not be recorded: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

/** The tenants as requests reach them: each request restarts the tenant's idle time and counts when answered. The batch timer uses the tenants as they are. */
export function reachedByRequests(tenants: TenantSandboxes, reclaim: TenantReclaim): TenantSandboxes {
  return {
    ...tenants,
    async use<T>(
      tenant: Parameters<TenantSandboxes["use"]>[0],
      signer: Parameters<TenantSandboxes["use"]>[1],
      work: (sandbox: Sandbox) => Promise<T>,
      request?: Parameters<TenantSandboxes["use"]>[3],
    ) {
      await reclaim.arriving(tenant.key);
      const result = await tenants.use(tenant, signer, work, request);
      await reclaim.completed(tenant.key);
      return result;
    },
    async useExisting<T>(key: string, work: (sandbox: Sandbox) => Promise<T>) {
      await reclaim.arriving(key);
      const result = await tenants.useExisting(key, work);
      if (result !== undefined) await reclaim.completed(key);
      return result;
    },
  };
}

/** Sweeps every `intervalMs` (unref'd: it never keeps a process alive); `stop` waits for a sweep under way. */
export function startReclaimTimer(reclaim: TenantReclaim, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= reclaim.makeRoom().finally(() => {
      running = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * What the reclaim of idle tenants knows of each tenant (decision 0049): when a request last reached
 * it and how many it has completed, kept where every process on the database sees it. A tenant that
 * completed more than its first request did real work and is never reclaimed; one that did not, and
 * has been idle for the reclaim time, is dropped with its sandbox, so the bound on tenants recovers.
 */

/** Completed requests from which a tenant counts as having done real work (its first, and one more). */
export const REAL_WORK = 2;

export interface TenantRecords {
  /** A new tenant, recorded before its store is made: no request completed, idle from `at`. */
  register(key: string, at: number): Promise<void>;
  /** A request reaches the tenant: idle from `at` again. Its completed requests (at most REAL_WORK), or undefined when it has no record. */
  arrived(key: string, at: number): Promise<number | undefined>;
  /** A request of the tenant was answered. Its completed requests (at most REAL_WORK), or undefined when it has no record. */
  completed(key: string, at: number): Promise<number | undefined>;
  /** Tenants short of real work, idle since before `before`, least recently reached first; at most `limit`. */
  idle(before: number, limit: number): Promise<string[]>;
  /** When the least recently reached tenant short of real work was reached, or undefined when there is none. */
  oldestIdle(): Promise<number | undefined>;
  /**
   * Drops the tenant (its record and its sandbox) if it is still short of real work, idle since before
   * `before`, and no process is writing to it; whether it did. Never drops a tenant without a record:
   * one made before records were kept has done work, as far as anyone knows.
   */
  drop(key: string, before: number): Promise<boolean>;
}

interface Record {
  seenAt: number;
  completed: number;
}

/** In memory, beside the in-memory tenants; `forget` drops the tenant's sandbox from the stores. */
export function memoryTenantRecords(forget: (key: string) => void): TenantRecords {
  const records = new Map<string, Record>();
  const shortOfWork = () => [...records.entries()].filter(([, record]) => record.completed < REAL_WORK);
  return {
    register(key, at) {
      records.set(key, { seenAt: at, completed: 0 });
      return Promise.resolve();
    },
    arrived(key, at) {
      const record = records.get(key);
      if (record) record.seenAt = Math.max(record.seenAt, at);
      return Promise.resolve(record?.completed);
    },
    completed(key, at) {
      const record = records.get(key);
      if (record) {
        record.completed = Math.min(record.completed + 1, REAL_WORK);
        record.seenAt = Math.max(record.seenAt, at);
      }
      return Promise.resolve(record?.completed);
    },
    idle(before, limit) {
      const idle = shortOfWork().filter(([, record]) => record.seenAt < before);
      idle.sort(([, a], [, b]) => a.seenAt - b.seenAt);
      return Promise.resolve(idle.slice(0, limit).map(([key]) => key));
    },
    oldestIdle() {
      const seen = shortOfWork().map(([, record]) => record.seenAt);
      return Promise.resolve(seen.length === 0 ? undefined : Math.min(...seen));
    },
    drop(key, before) {
      const record = records.get(key);
      if (!record || record.completed >= REAL_WORK || record.seenAt >= before) return Promise.resolve(false);
      records.delete(key);
      forget(key);
      return Promise.resolve(true);
    },
  };
}

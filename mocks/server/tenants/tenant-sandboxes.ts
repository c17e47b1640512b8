/**
 * The hosted server's tenants: one sandbox per TPP, opened on its first request (with the fixed data
 * when new), kept open while used, the least recently used closed beyond a bound (PostgreSQL; in
 * memory a closed sandbox would be lost, so none is). New tenants are bounded in all and per minute:
 * the server is exposed, and a self-signed certificate costs an attacker nothing.
 */
import { createSandbox, type Sandbox } from "../../sandbox";
import type { TenantIdentity } from "./tenant-identity";
import { admitKey, tenantKeyControls, type BoundKey, type KeyBindings } from "./tenant-keys";
import type { TenantStore, TenantStores } from "./tenant-stores";

export interface TenantLimits {
  /** Tenants the sandbox holds at most, counted over every process on the database. */
  maxTenants: number;
  /** New tenants this process creates per minute at most. */
  perMinute: number;
  /** Tenant sandboxes this process keeps open at once (PostgreSQL: each has a small pool of connections). */
  maxOpen: number;
}

export const DEFAULT_TENANT_LIMITS: TenantLimits = { maxTenants: 1000, perMinute: 30, maxOpen: 8 };

/** Why a new tenant was not created: the answer is a 429 with this text. */
export class TenantRefused extends Error {
  override readonly name = "TenantRefused";
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

interface Entry {
  key: string;
  sandbox: Sandbox;
  store: TenantStore["store"];
  keys: KeyBindings;
  leases: number;
}

export interface TenantSandboxes {
  /**
   * Runs `work` on the tenant's sandbox for a request signed with `signer`'s key, creating the sandbox (bound to that
   * key) on first use; rejects with TenantRefused beyond the bounds, with TenantKeyUnbound (nothing done) for a key
   * the tenant is not bound to.
   */
  use<T>(tenant: TenantIdentity, signer: BoundKey, work: (sandbox: Sandbox) => Promise<T>): Promise<T>;
  /** The same for a tenant that exists already (the bank page, the batch timer): undefined for any other key. */
  useExisting<T>(key: string, work: (sandbox: Sandbox) => Promise<T>): Promise<T | undefined>;
  /** Every tenant's key, over every process on the database. */
  keys(): Promise<string[]>;
  /** Closes every open tenant's store (after the requests in flight). */
  close(): Promise<void>;
}

export interface TenantSandboxOptions {
  stores: TenantStores;
  limits: TenantLimits;
  /** Whether a tenant's store may be closed when unused (its data is elsewhere: PostgreSQL). */
  closable: boolean;
  /** Keep transaction pages between commits: only where this process sees every commit (in memory). */
  pageCache: boolean;
  realNow?: () => number;
  /** Where each tenant's dispatcher reports the failures it answers 5xx (the server's log). */
  reportFailure?: (error: unknown, where: string) => void;
}

export function createTenantSandboxes(options: TenantSandboxOptions): TenantSandboxes {
  const { stores, limits } = options;
  const open = new Map<string, Entry>(); // insertion order = least recently used first
  const opening = new Map<string, Promise<Entry | undefined>>();
  const created: number[] = [];
  const now = options.realNow ?? Date.now;

  let creating = 0; // admitted, not yet in the stores' count

  /**
   * Admits a new tenant within the bounds, or throws TenantRefused. Its slot is taken before any await
   * and held until its store exists (call the returned function then), so requests at once cannot all pass.
   */
  async function admit(key: string): Promise<() => void> {
    const minuteAgo = now() - 60_000;
    while (created.length > 0 && (created[0] ?? 0) <= minuteAgo) created.shift();
    if (created.length >= limits.perMinute)
      throw new TenantRefused(
        `This hosted sandbox creates at most ${String(limits.perMinute)} new TPP sandboxes a minute, and has done so; yours (tenant ${key}) is created when you try again in a minute.`,
        60,
      );
    const at = now();
    created.push(at);
    creating++;
    const release = () => {
      creating--;
    };
    const existing = await stores.count().catch((error: unknown) => {
      release();
      throw error;
    });
    if (existing + creating > limits.maxTenants) {
      release();
      created.splice(created.indexOf(at), 1);
      throw new TenantRefused(
        `This hosted sandbox holds its maximum of ${String(limits.maxTenants)} TPP sandboxes, and yours (tenant ${key}) is not one of them; ask its operator for room.`,
      );
    }
    return release;
  }

  async function openEntry(tenant: { key: string } | TenantIdentity, create: boolean): Promise<Entry | undefined> {
    const { key } = tenant;
    let admitted: (() => void) | undefined;
    if (!(await stores.exists(key))) {
      if (!create) return undefined;
      admitted = await admit(key);
    }
    let opened: TenantStore;
    try {
      opened = await stores.open(key);
    } finally {
      admitted?.();
    }
    const { store, exclusive, keys } = opened;
    try {
      const sandbox = await createSandbox({
        store,
        seedIfNew: true,
        pageCache: options.pageCache,
        hosted: { tenantKey: key, keys: tenantKeyControls(keys, key, now) },
        ...(exclusive ? { exclusive } : {}),
        ...(options.realNow ? { realNow: options.realNow } : {}),
        ...(options.reportFailure ? { reportFailure: options.reportFailure } : {}),
      });
      return { key, sandbox, store, keys, leases: 0 };
    } catch (error) {
      store.close();
      await store.closed();
      throw error;
    }
  }

  function evict(): void {
    if (!options.closable) return;
    for (const entry of open.values()) {
      if (open.size <= limits.maxOpen) return;
      if (entry.leases > 0) continue;
      open.delete(entry.key);
      entry.store.close();
    }
  }

  async function lease(tenant: { key: string } | TenantIdentity, create: boolean): Promise<Entry | undefined> {
    const known = open.get(tenant.key);
    if (known) {
      open.delete(tenant.key);
      open.set(tenant.key, known);
      known.leases++;
      return known;
    }
    let pending = opening.get(tenant.key);
    if (!pending) {
      pending = openEntry(tenant, create).finally(() => opening.delete(tenant.key));
      opening.set(tenant.key, pending);
    }
    const entry = await pending;
    if (!entry) return undefined;
    if (!open.has(entry.key)) open.set(entry.key, entry);
    entry.leases++;
    evict();
    return entry;
  }

  async function run<T>(entry: Entry, work: (sandbox: Sandbox) => Promise<T>): Promise<T> {
    try {
      return await work(entry.sandbox);
    } finally {
      entry.leases--;
      evict();
    }
  }

  return {
    async use(tenant, signer, work) {
      const entry = await lease(tenant, true);
      if (!entry) throw new Error(`The sandbox of tenant ${tenant.key} could not be opened.`);
      return run(entry, async (sandbox) => {
        await admitKey(entry.keys, tenant, signer);
        return work(sandbox);
      });
    },
    async useExisting(key, work) {
      const entry = await lease({ key }, false);
      return entry ? run(entry, work) : undefined;
    },
    keys: () => stores.keys(),
    async close() {
      await Promise.allSettled([...opening.values()]);
      const entries = [...open.values()];
      open.clear();
      for (const entry of entries) entry.store.close();
      await Promise.all(entries.map((entry) => entry.store.closed()));
      await stores.close();
    },
  };
}

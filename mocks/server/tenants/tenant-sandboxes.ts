/**
 * The hosted server's tenants: one sandbox per TPP, opened on its first request (with the fixed data
 * when new), kept open while used, the least recently used closed beyond a bound (PostgreSQL; in
 * memory a closed sandbox would be lost, so none is). New tenants pass the admission's bounds
 * (tenant-admission.ts): the server is exposed, and a self-signed certificate costs an attacker nothing.
 */
import { createSandbox, type Sandbox } from "../../sandbox";
import type { RequestVerifier } from "../../env/sandbox-env";
import type { RequestIdClaims, TrafficLimits } from "../../store/port";
import { DEFAULT_ADMISSION_LIMITS, type AdmissionLimits, type Applicant, type TenantAdmission } from "./tenant-admission";
import type { TenantIdentity } from "./tenant-identity";
import { admitKey, tenantKeyControls, type BoundKey, type KeyBindings } from "./tenant-keys";
import type { TenantStore, TenantStores } from "./tenant-stores";
import { ACCOUNT_SERIALS } from "../../domain/accounts";
import { requestNoted } from "../../store/postgres/request-scope";

export { TenantRefused } from "./tenant-admission";

export interface TenantLimits extends AdmissionLimits {
  /**
   * Tenant sandboxes this process keeps open at once (PostgreSQL): memory only, about 20 KiB each, as they share the
   * server's connections; one beyond it is opened again, on those connections, when it comes back (decision 0047).
   */
  maxOpen: number;
  /** A tenant that completed no request beyond its first is dropped after this long without one (tenant-reclaim.ts). */
  reclaimAfterMs: number;
}

export const DEFAULT_TENANT_LIMITS: TenantLimits = { ...DEFAULT_ADMISSION_LIMITS, maxOpen: 256, reclaimAfterMs: 60 * 60_000 };

interface Entry {
  key: string;
  sandbox: Sandbox;
  store: TenantStore["store"];
  keys: KeyBindings;
  leases: number;
}

/** The request a tenant is used for: where it came from, and what it must pass before a tenant is made for it. */
export interface TenantRequest {
  address?: string;
  vet?: Applicant["vet"];
}

export interface TenantSandboxes {
  /**
   * Runs `work` on the tenant's sandbox for a request signed with `signer`'s key, creating the sandbox (bound to that
   * key) on first use; rejects with TenantRefused beyond the bounds, with TenantKeyUnbound (nothing done) for a key
   * the tenant is not bound to.
   */
  use<T>(tenant: TenantIdentity, signer: BoundKey, work: (sandbox: Sandbox) => Promise<T>, request?: TenantRequest): Promise<T>;
  /** The same for a tenant that exists already (the bank page, the batch timer): undefined for any other key. */
  useExisting<T>(key: string, work: (sandbox: Sandbox) => Promise<T>): Promise<T | undefined>;
  /** Every tenant's key, over every process on the database. */
  keys(): Promise<string[]>;
  /**
   * Runs `drop` unless a request of this process holds the tenant (then false), with every new request for it
   * waiting; when `drop` says it dropped the tenant, closes the tenant's store here, if open. Whether it did.
   */
  retire(key: string, drop: () => Promise<boolean>): Promise<boolean>;
  /** Closes every open tenant's store (after the requests in flight). */
  close(): Promise<void>;
}

export interface TenantSandboxOptions {
  stores: TenantStores;
  limits: Pick<TenantLimits, "maxOpen">;
  /** Which new tenants are created (tenant-admission.ts). */
  admission: TenantAdmission;
  /** Whether a tenant's store may be closed when unused (its data is elsewhere: PostgreSQL). */
  closable: boolean;
  /** Keep transaction pages between commits: only where this process sees every commit (in memory). */
  pageCache: boolean;
  /**
   * Where every tenant's replay guard claims request ids: the server's own store, so a claim does not depend on which
   * tenant a certificate names (decision 0045). Absent, each tenant's own store: for the registry's tests only.
   */
  requestIds?: RequestIdClaims;
  realNow?: () => number;
  /** Where each tenant's dispatcher reports the failures it answers 5xx (the server's log). */
  reportFailure?: (error: unknown, where: string) => void;
  /** How each tenant's dispatcher checks signatures: the server's way (default WebCrypto's, sandbox.ts). */
  verifyRequest?: RequestVerifier;
  /** How much traffic each tenant's sandbox keeps (decision 0055); without, none. */
  traffic?: TrafficLimits;
}

export function createTenantSandboxes(options: TenantSandboxOptions): TenantSandboxes {
  const { stores, limits } = options;
  const open = new Map<string, Entry>(); // insertion order = least recently used first
  const opening = new Map<string, Promise<Entry | undefined>>();
  const retiring = new Map<string, Promise<boolean>>();
  const now = options.realNow ?? Date.now;

  async function openEntry(tenant: { key: string } | TenantIdentity, creator: Applicant | undefined): Promise<Entry | undefined> {
    const { key } = tenant;
    let admitted: (() => void) | undefined;
    if (!(await stores.exists(key))) {
      if (!creator) return undefined;
      await creator.vet?.();
      admitted = await options.admission.admit(key, creator);
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
        accountSerials: ACCOUNT_SERIALS.server,
        ...(options.requestIds ? { requestIds: options.requestIds } : {}),
        ...(exclusive ? { exclusive } : {}),
        ...(options.realNow ? { realNow: options.realNow } : {}),
        ...(options.reportFailure ? { reportFailure: options.reportFailure } : {}),
        ...(options.verifyRequest ? { verifyRequest: options.verifyRequest } : {}),
        ...(options.traffic ? { traffic: options.traffic, requestNoted } : {}),
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

  async function lease(tenant: { key: string } | TenantIdentity, creator: Applicant | undefined): Promise<Entry | undefined> {
    // A tenant being reclaimed is reached once that is decided: afterwards it is gone (and made anew), or still there.
    const retired = retiring.get(tenant.key);
    if (retired) await retired.catch(() => undefined);
    const known = open.get(tenant.key);
    if (known) {
      open.delete(tenant.key);
      open.set(tenant.key, known);
      known.leases++;
      return known;
    }
    let pending = opening.get(tenant.key);
    if (!pending) {
      pending = openEntry(tenant, creator).finally(() => opening.delete(tenant.key));
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
    async use(tenant, signer, work, request = {}) {
      const entry = await lease(tenant, { address: request.address ?? "unknown", spkiSha256: signer.spkiSha256, ...(request.vet ? { vet: request.vet } : {}) });
      if (!entry) throw new Error(`The sandbox of tenant ${tenant.key} could not be opened.`);
      return run(entry, async (sandbox) => {
        await admitKey(entry.keys, tenant, signer);
        return work(sandbox);
      });
    },
    async useExisting(key, work) {
      const entry = await lease({ key }, undefined);
      return entry ? run(entry, work) : undefined;
    },
    keys: () => stores.keys(),
    retire(key, drop) {
      const already = retiring.get(key);
      if (already) return already;
      if ((open.get(key)?.leases ?? 0) > 0 || opening.has(key)) return Promise.resolve(false);
      const retired = (async () => {
        if (!(await drop())) return false;
        const entry = open.get(key);
        if (entry) {
          open.delete(key);
          entry.store.close();
          await entry.store.closed();
        }
        return true;
      })().finally(() => retiring.delete(key));
      retiring.set(key, retired);
      return retired;
    },
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

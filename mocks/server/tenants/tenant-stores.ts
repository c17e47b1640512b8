/**
 * Where the tenants' sandboxes live. On PostgreSQL one schema per tenant, named from the tenant's
 * key (hex only, never the TPP's text), created and migrated on first use; every server process on
 * the database finds the others' tenants by their schemas. In memory (SQLite, for trying the mode out)
 * one database per tenant, gone with the process.
 */
import { sql, type Kysely } from "kysely";
import { openDataStore } from "../data-file";
import { openPostgres } from "../../store/sql/postgres";
import { openPostgresStore } from "../../store/sql/postgres-store";
import type { SandboxStore } from "../../store/port";
import { TENANT_KEY } from "./tenant-identity";
import { memoryKeyBindings, type KeyBindings } from "./tenant-keys";
import { createKeyTable, postgresKeyBindings } from "./tenant-keys-postgres";
import { memoryTenantRecords, type TenantRecords } from "./tenant-records";
import { postgresTenantRecords } from "./tenant-records-postgres";

export interface TenantStore {
  store: SandboxStore & { closed(): Promise<void> };
  /** Batch jobs one at a time across every process on this tenant's sandbox (PostgreSQL); absent in memory. */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
  /** The keys its requests may be signed with, kept apart from its data (tenant-keys.ts). */
  keys: KeyBindings;
}

export interface TenantStores {
  /** Whether the tenant's sandbox exists already, in this process or (PostgreSQL) in any. */
  exists(key: string): Promise<boolean>;
  /** How many tenants exist in all: what the bound on tenants counts. */
  count(): Promise<number>;
  /** Every tenant's key, in a stable order (the batch timer walks them a slice at a time). */
  keys(): Promise<string[]>;
  open(key: string): Promise<TenantStore>;
  /** When each tenant was last reached and whether it did real work; drops idle ones (tenant-reclaim.ts). */
  records: TenantRecords;
  close(): Promise<void>;
}

/** The schema of a tenant: a fixed prefix and its key (24 hex digits): 37 characters, no quoting needed. */
export const TENANT_SCHEMA_PREFIX = "psd2_tenant_";
export const tenantSchema = (key: string) => {
  if (!TENANT_KEY.test(key)) throw new Error(`Not a tenant key: ${JSON.stringify(key)}.`);
  return `${TENANT_SCHEMA_PREFIX}${key}`;
};

/** Connections one tenant's pool keeps at most: a batch job holds one for its lock while its unit takes another. */
const TENANT_POOL_SIZE = 3;

/** `ownSchema`: the hosted server's own schema (--database-schema), where the tenants' records are kept. */
export function postgresTenantStores(url: string, ownSchema = "public"): TenantStores {
  // The catalogue is read on one connection of its own; the tenants' tables are never touched through it.
  const catalogue = openPostgres({ url, maxConnections: 1 });
  const pattern = `${TENANT_SCHEMA_PREFIX}%`;
  return {
    async exists(key) {
      const found = await sql<{ one: number }>`select 1 as one from pg_namespace where nspname = ${tenantSchema(key)}`.execute(catalogue.db);
      return found.rows.length > 0;
    },
    async count() {
      const found = await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname like ${pattern}`.execute(catalogue.db);
      return found.rows[0]?.n ?? 0;
    },
    async keys() {
      const found = await sql<{ name: string }>`select nspname as name from pg_namespace where nspname like ${pattern} order by nspname`.execute(catalogue.db);
      return found.rows.map((row) => row.name.slice(TENANT_SCHEMA_PREFIX.length)).filter((key) => TENANT_KEY.test(key));
    },
    async open(key) {
      const schema = tenantSchema(key);
      const store = await openPostgresStore({ url, schema, maxConnections: TENANT_POOL_SIZE });
      try {
        await createKeyTable({ db: catalogue.db, schema });
      } catch (error) {
        store.close();
        await store.closed();
        throw error;
      }
      return { store, exclusive: store.exclusive, keys: postgresKeyBindings(catalogue.db as Kysely<unknown>, schema) };
    },
    records: postgresTenantRecords({ db: catalogue.db, schema: ownSchema }, tenantSchema),
    close: () => catalogue.db.destroy(),
  };
}

/** In memory: a database per tenant in this process; none is ever closed before the server stops (its data would be gone). */
export function memoryTenantStores(): TenantStores {
  const created = new Map<string, KeyBindings>();
  return {
    exists: (key) => Promise.resolve(created.has(key)),
    count: () => Promise.resolve(created.size),
    keys: () => Promise.resolve([...created.keys()].sort()),
    async open(key) {
      const { store } = await openDataStore(undefined);
      const keys = created.get(key) ?? memoryKeyBindings();
      created.set(key, keys);
      return { store, keys };
    },
    records: memoryTenantRecords((key) => created.delete(key)),
    close: () => Promise.resolve(),
  };
}

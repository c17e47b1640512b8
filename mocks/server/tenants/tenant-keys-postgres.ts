/**
 * A tenant's bound keys on PostgreSQL: a table `tenant_keys` in the tenant's own schema, beside its
 * sandbox's tables but not one of them (export, import, restore and clear name their tables, never
 * this one). Every change takes the table's lock first, so two servers binding a new tenant with
 * different keys at once bind one: the second waits, then finds the first's key.
 */
import { sql, type Kysely } from "kysely";
import { whileSettingUp, type PostgresConnection } from "../../store/postgres/postgres";
import type { BoundKey, KeyBindings } from "./tenant-keys";

interface Row {
  spki_sha256: string;
  subject: string;
  bound_at: number;
}

/** Creates the table if missing, for a caller that holds the schema's set-up lock (tenant-stores.ts sets the schema up with it). */
export async function createKeyTableHeld(db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create table if not exists ${sql.id(schema, "tenant_keys")} (
    spki_sha256 text collate "C" primary key,
    subject text not null,
    bound_at bigint not null
  )`.execute(db);
}

/**
 * Creates the table if missing, under the schema's set-up lock (the one openPostgresStore takes). The
 * hosted layer's own table: no version of the store's schema, which every sandbox has, needs it.
 */
export async function createKeyTable(connection: PostgresConnection): Promise<void> {
  await whileSettingUp(connection, (db) => createKeyTableHeld(db as Kysely<unknown>, connection.schema));
}

/**
 * `db` works in the tenant's schema (its search_path): the statements do not name the schema, so their text, and
 * the statement each connection prepares for it, is the same for every tenant (postgres-pool.ts).
 */
export function postgresKeyBindings(db: Kysely<unknown>): KeyBindings {
  const table = sql.id("tenant_keys");
  const rows = async (on: Kysely<unknown>): Promise<BoundKey[]> =>
    (await sql<Row>`select spki_sha256, subject, bound_at from ${table} order by bound_at, spki_sha256`.execute(on)).rows.map((row) => ({
      spkiSha256: row.spki_sha256,
      subject: row.subject,
      boundAt: row.bound_at,
    }));
  const locked = <T>(work: (tx: Kysely<unknown>) => Promise<T>) =>
    db.transaction().execute(async (tx) => {
      await sql`lock table ${table} in share row exclusive mode`.execute(tx);
      return work(tx);
    });
  const insert = (tx: Kysely<unknown>, key: BoundKey) =>
    sql`insert into ${table} (spki_sha256, subject, bound_at) values (${key.spkiSha256}, ${key.subject}, ${key.boundAt})`.execute(tx);

  return {
    list: () => rows(db),
    bindFirst: (first) =>
      locked(async (tx) => {
        const bound = await rows(tx);
        if (bound.length > 0) return bound;
        await insert(tx, first);
        return [first];
      }),
    add: (key, max) =>
      locked(async (tx) => {
        const bound = await rows(tx);
        if (bound.some((known) => known.spkiSha256 === key.spkiSha256)) return "known";
        if (bound.length >= max) return "full";
        await insert(tx, key);
        return "added";
      }),
    remove: (spkiSha256) =>
      locked(async (tx) => {
        const bound = await rows(tx);
        if (!bound.some((key) => key.spkiSha256 === spkiSha256)) return "unknown";
        if (bound.length === 1) return "last";
        await sql`delete from ${table} where spki_sha256 = ${spkiSha256}`.execute(tx);
        return "removed";
      }),
  };
}

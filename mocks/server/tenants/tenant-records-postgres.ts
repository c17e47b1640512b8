/**
 * The tenants' records on PostgreSQL: a table `tenant_records` in the hosted server's own schema
 * (--database-schema, which holds no sandbox data in hosted mode), so every server of one hosting
 * shares them. Dropping a tenant deletes its record and its schema in one transaction, which first
 * re-checks the record (a request that reached the tenant since, through any server, keeps it) and
 * takes the tenant's writer, batch and set-up locks without waiting: a tenant some server is writing
 * to, running a batch job on or opening is not idle, and is left for a later sweep.
 */
import { sql, type Kysely } from "kysely";
import { BATCH_LOCK_CLASS, SETUP_LOCK_CLASS, WRITER_LOCK_CLASS, whileSettingUp, type PostgresConnection } from "../../store/postgres/postgres";
import { REAL_WORK, type TenantRecords } from "./tenant-records";

interface Row {
  key: string;
  seen_at: number;
  completed: number;
}

/** How long dropping a schema waits for a reader that holds one of its tables before it gives up (and tries again at a later sweep). */
const DROP_LOCK_TIMEOUT = "2s";

export function postgresTenantRecords(connection: PostgresConnection, tenantSchema: (key: string) => string): TenantRecords {
  const db = connection.db as Kysely<unknown>;
  const table = sql.id(connection.schema, "tenant_records");
  let ready: Promise<void> | undefined;
  const created = () =>
    (ready ??= whileSettingUp(connection, async (setUp) => {
      await sql`create schema if not exists ${sql.id(connection.schema)}`.execute(setUp);
      await sql`create table if not exists ${table} (
        key text collate "C" primary key,
        created_at bigint not null,
        seen_at bigint not null,
        completed integer not null
      )`.execute(setUp);
      await sql`create index if not exists tenant_records_idle on ${table} (seen_at) where completed < ${sql.lit(REAL_WORK)}`.execute(setUp);
    }).catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
  const counted = async (query: Promise<{ rows: Pick<Row, "completed">[] }>) => (await query).rows[0]?.completed;

  return {
    async register(key, at) {
      await created();
      await sql`insert into ${table} (key, created_at, seen_at, completed) values (${key}, ${at}, ${at}, 0)
        on conflict (key) do update set created_at = excluded.created_at, seen_at = excluded.seen_at, completed = 0`.execute(db);
    },
    async arrived(key, at) {
      await created();
      return counted(sql<Row>`update ${table} set seen_at = greatest(seen_at, ${at}) where key = ${key} returning completed`.execute(db));
    },
    async completed(key, at) {
      await created();
      return counted(
        sql<Row>`update ${table} set completed = least(completed + 1, ${REAL_WORK}), seen_at = greatest(seen_at, ${at})
          where key = ${key} returning completed`.execute(db),
      );
    },
    async idle(before, limit) {
      await created();
      const found = await sql<Row>`select key from ${table} where completed < ${REAL_WORK} and seen_at < ${before} order by seen_at limit ${limit}`.execute(db);
      return found.rows.map((row) => row.key);
    },
    async oldestIdle() {
      await created();
      const found = await sql<{ oldest: number | null }>`select min(seen_at) as oldest from ${table} where completed < ${REAL_WORK}`.execute(db);
      return found.rows[0]?.oldest ?? undefined;
    },
    async drop(key, before) {
      await created();
      const schema = tenantSchema(key);
      return db.transaction().execute(async (tx) => {
        await sql.raw(`set local lock_timeout = '${DROP_LOCK_TIMEOUT}'`).execute(tx);
        const locks = await sql<{ free: boolean }>`select pg_try_advisory_xact_lock(${WRITER_LOCK_CLASS}, hashtext(${schema}))
            and pg_try_advisory_xact_lock(${BATCH_LOCK_CLASS}, hashtext(${schema}))
            and pg_try_advisory_xact_lock(${SETUP_LOCK_CLASS}, hashtext(${schema})) as free`.execute(tx);
        if (locks.rows[0]?.free !== true) return false;
        const deleted = await sql<Row>`delete from ${table} where key = ${key} and completed < ${REAL_WORK} and seen_at < ${before} returning key`.execute(tx);
        if (deleted.rows.length === 0) return false;
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(tx);
        return true;
      });
    },
  };
}

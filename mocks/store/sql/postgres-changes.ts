/**
 * Commits of other processes on the same sandbox, heard through PostgreSQL's LISTEN/NOTIFY, so that
 * a store's onCommit listeners (the server's change streams, the sandbox's revision) hear every
 * server's writes, not only this one's. A write announces itself inside its transaction (a NOTIFY is
 * delivered at commit, never after a rollback); each store listens on a connection of its own and
 * ignores its own announcements (it has heard those already) and other schemas'.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import type { Db } from "./db";

const CHANNEL = "psd2_sandbox_changes";
/** How long a listener waits before connecting again after its connection dropped. */
const RECONNECT_MS = 1_000;

export interface ChangeNotices {
  /** Resolves once the first attempt to listen has ended (listening, or retrying in the background). */
  ready: Promise<void>;
  /** A statement to run inside a write transaction (postgres.ts sends it with the writer lock): other stores on the schema hear it once it commits. */
  announcement: string;
  /** Stops listening. */
  close(): Promise<void>;
}

/**
 * Announces this store's commits and calls `heard` for other stores' commits on `schema`. After a
 * dropped connection it listens again and calls `heard` once (commits may have been missed meanwhile).
 */
export function changeNotices(url: string, schema: string, heard: () => void): ChangeNotices {
  const origin = randomUUID();
  const payload = JSON.stringify({ schema, origin });
  let client: pg.Client | undefined;
  let closed = false;
  // Read through a function: close() changes it while a connect is awaited.
  const isClosed = () => closed;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    clearTimeout(retry);
    if (!closed) retry = setTimeout(() => void listen(true), RECONNECT_MS).unref();
  };

  const listen = async (missedSome: boolean) => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: "psd2-sandbox-changes" });
    next.on("notification", (message) => {
      try {
        const notice = JSON.parse(message.payload ?? "") as { schema?: unknown; origin?: unknown };
        if (notice.schema === schema && notice.origin !== origin) heard();
      } catch {
        // Not one of ours: another program on the channel.
      }
    });
    next.on("error", () => undefined);
    next.on("end", () => {
      if (client === next) client = undefined;
      again();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (isClosed()) {
        await next.end();
        return;
      }
      client = next;
      if (missedSome) heard();
    } catch {
      await next.end().catch(() => undefined);
      again();
    }
  };
  const ready = listen(false);

  return {
    ready,
    // A literal, not a parameter, so that it can share a round trip: the payload is JSON of a checked schema name and a UUID, quotes doubled all the same.
    announcement: `select pg_notify('${CHANNEL}', '${payload.replaceAll("'", "''")}')`,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

export interface LateAnnouncer {
  /** Says that this store has committed: sent soon, after the commit, once for any number of commits meanwhile. */
  announce(): void;
  /** Resolves once no notice is being sent. */
  settled(): Promise<void>;
}

/**
 * Notices for the commits of writes that run beside each other (initiations, postgres.ts): sent after
 * their commit, in a transaction of their own that does not wait for its WAL flush (the notice is no
 * data: a crash losing it loses nothing a listener could read), so the database-wide lock a NOTIFY
 * takes at commit is held for microseconds and never queues those writes' commits. One at a time per
 * store: commits made while one is sent are announced by the next, as listeners only re-read.
 */
export function lateAnnouncer(db: Db, announcement: string): LateAnnouncer {
  const statement = sql.raw(`begin; set local synchronous_commit = off; ${announcement}; commit`);
  let wanted = false;
  let sending: Promise<void> | undefined;
  const send = async () => {
    while (wanted) {
      wanted = false;
      // A failed notice (a dropped connection) is like a lost one: listeners that reconnect re-read anyway.
      await statement.execute(db).catch(() => undefined);
    }
    sending = undefined;
  };
  return {
    announce() {
      wanted = true;
      sending ??= send();
    },
    settled: () => sending ?? Promise.resolve(),
  };
}

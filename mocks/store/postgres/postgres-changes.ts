/**
 * Commits of other processes on the same sandbox, heard through PostgreSQL's LISTEN/NOTIFY, so that
 * a store's onCommit listeners (the server's change streams, the sandbox's revision) hear every
 * server's writes, not only this one's. A write announces itself inside its transaction (a NOTIFY is
 * delivered at commit, never after a rollback). A server listens on one connection of its own for all
 * the sandboxes (schemas) it has open, the hub, and passes each notice to the stores of its schema
 * but the one that sent it (it has heard its own already): one connection however many tenants are
 * open (decision 0047).
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type pg from "pg";
import { pgDriver } from "./pg-driver";
import type { Db } from "../sql/db";

const CHANNEL = "psd2_sandbox_changes";
/** How long a listener waits before connecting again after its connection dropped. */
const RECONNECT_MS = 1_000;

export interface ChangeNotices {
  /** A statement to run inside a write transaction (postgres.ts sends it with the writer lock): other stores on the schema hear it once it commits. */
  announcement: string;
  /** Stops hearing other stores' commits. */
  close(): void;
}

export interface ChangeHub {
  /** Resolves once the first attempt to listen has ended (listening, or retrying in the background). */
  ready: Promise<void>;
  /**
   * Calls `heard` for other stores' commits on `schema`, and once after the connection dropped and listens again
   * (commits may have been missed meanwhile); the store announces its own with the answer's statement.
   */
  subscribe(schema: string, heard: () => void): ChangeNotices;
  /** Stops listening. */
  close(): Promise<void>;
}

interface Subscriber {
  origin: string;
  heard: () => void;
}

/** One connection that LISTENs for every subscribed schema's notices (each costs a Map entry, not a connection). */
export function changeHub(url: string): ChangeHub {
  const bySchema = new Map<string, Set<Subscriber>>();
  let client: pg.Client | undefined;
  let closed = false;
  // Read through a function: close() changes it while a connect is awaited.
  const isClosed = () => closed;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    clearTimeout(retry);
    if (!closed) retry = setTimeout(() => void listen(true), RECONNECT_MS).unref();
  };
  const everyone = () => [...bySchema.values()].flatMap((subscribers) => [...subscribers]);

  const listen = async (missedSome: boolean) => {
    if (closed) return;
    const next = new (pgDriver().Client)({ connectionString: url, application_name: "psd2-sandbox-changes" });
    next.on("notification", (message) => {
      try {
        const notice = JSON.parse(message.payload ?? "") as { schema?: unknown; origin?: unknown };
        const subscribers = typeof notice.schema === "string" ? bySchema.get(notice.schema) : undefined;
        for (const subscriber of subscribers ?? []) if (notice.origin !== subscriber.origin) subscriber.heard();
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
      if (missedSome) for (const subscriber of everyone()) subscriber.heard();
    } catch {
      await next.end().catch(() => undefined);
      again();
    }
  };
  const ready = listen(false);

  return {
    ready,
    subscribe(schema, heard) {
      const subscriber: Subscriber = { origin: randomUUID(), heard };
      const subscribers = bySchema.get(schema) ?? new Set<Subscriber>();
      bySchema.set(schema, subscribers.add(subscriber));
      const payload = JSON.stringify({ schema, origin: subscriber.origin });
      return {
        // A literal, not a parameter, so that it can share a round trip: the payload is JSON of a checked schema name and a UUID, quotes doubled all the same.
        announcement: `select pg_notify('${CHANNEL}', '${payload.replaceAll("'", "''")}')`,
        close() {
          subscribers.delete(subscriber);
          if (subscribers.size === 0 && bySchema.get(schema) === subscribers) bySchema.delete(schema);
        },
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      bySchema.clear();
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

/**
 * The SQLite store's units, committed in groups. better-sqlite3 is synchronous, so every commit
 * (the write-ahead log's writes, and now and then a checkpoint's fsyncs) stops the whole server while
 * it runs; a signed payment creation committed twice (its request id, then the payment), and those
 * commits were most of the time it held the event loop. Here the units that reach the database in
 * the same turn of the event loop share one transaction and one commit:
 *
 * - The first unit of a group begins the transaction and schedules the commit for the end of the
 *   turn (setImmediate); the commit queues on the connection behind the units already waiting, so
 *   each unit still runs alone, in arrival order, and sees everything before it.
 * - A write runs inside a savepoint: if it fails, only its own changes are rolled back and the
 *   group goes on. An error after which SQLite has rolled back the whole transaction (a full disk,
 *   an I/O error) fails every unit of the group.
 * - No unit's result comes back before its group has committed, reads included (a read in an open
 *   group may see the group's writes): an answer never shows, and a 2xx never confirms, what could
 *   still be lost. If the commit fails, every unit of the group fails, and nothing of it was kept.
 *   Except: a read in a group whose writes so far are all kept apart (the traffic record, which no
 *   read of the sandbox's data sees) saw nothing that could be lost, so it neither waits for the
 *   commit nor fails with it; a full disk refusing the records of refused requests keeps reads going.
 *
 * docs/storage.md ("The SQL adapter") and decision 0040 say why, with the figures.
 */
import { CompiledQuery, type QueryExecutorProvider } from "kysely";

/** The transaction's own statements, compiled here once (every unit runs two, every group two more). */
const STATEMENTS = {
  begin: CompiledQuery.raw("begin"),
  commit: CompiledQuery.raw("commit"),
  rollback: CompiledQuery.raw("rollback"),
  savepoint: CompiledQuery.raw("savepoint unit"),
  release: CompiledQuery.raw("release unit"),
  rollbackUnit: CompiledQuery.raw("rollback to unit"),
};
const run = (connection: QueryExecutorProvider, statement: CompiledQuery) => connection.getExecutor().executeQuery(statement);

/** A unit's hold on the connection (db.ts's `Hold`, for any connection type). */
type HoldOn<Connection> = <R>(body: (connection: Connection) => Promise<R>) => Promise<R>;

interface Group {
  committed: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
  /** What the group has written so far: nothing, only what is kept apart from the data, or data a read may see. */
  written: "nothing" | "apart" | "data";
}

function newGroup(): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A group nobody waits on (its units all failed) must not be an unhandled rejection.
  committed.catch(() => undefined);
  return { committed, resolve, reject, written: "nothing" };
}

export interface GroupCommitOptions<Connection extends QueryExecutorProvider> {
  /** Runs `body` with the one connection to itself (Kysely's single-connection provider queues the callers). */
  onConnection: HoldOn<Connection>;
  /** Whether the connection is inside a transaction (SQLite may have ended it itself after an error). */
  inTransaction: () => boolean;
  /** A group failed: whatever was read inside it may be gone (the row cache forgets everything). */
  onGroupFailed?: () => void;
  /** A group has committed (the log has grown). */
  onCommitted?: () => void;
}

/** What a read sees, or a statement writes: the sandbox's data (the default), or what is kept apart from it (the traffic record). */
export interface Apart {
  apart?: boolean;
}

export interface GroupCommitHolds<Connection> {
  /** With `apart`, a read of what is kept apart, which waits for those writes too. */
  read: <R>(body: (connection: Connection) => Promise<R>, options?: Apart) => Promise<R>;
  write: HoldOn<Connection>;
  /**
   * A write of one statement, run synchronously on the connection (better-sqlite3): no savepoint,
   * because SQLite undoes a failed statement by itself and keeps the transaction (an error that ends
   * the transaction fails the group, as for `write`). With `apart`, it writes only what no read of
   * the data sees.
   */
  statement: <R>(body: () => R, options?: Apart) => Promise<R>;
  /** Commits the open group now (before the database closes). */
  flush: () => Promise<void>;
}

export function groupCommitHolds<Connection extends QueryExecutorProvider>({
  onConnection,
  inTransaction,
  onGroupFailed,
  onCommitted,
}: GroupCommitOptions<Connection>): GroupCommitHolds<Connection> {
  let open: Group | undefined;

  /** The group is lost (SQLite rolled it back, or its commit failed): its units fail, and the connection is left outside any transaction. */
  const abandon = async (connection: Connection, group: Group, error: unknown): Promise<void> => {
    if (open === group) open = undefined;
    if (inTransaction()) await run(connection, STATEMENTS.rollback).catch(() => undefined);
    onGroupFailed?.();
    group.reject(error);
  };

  /** Rolls back one unit's changes; false when that is not possible (the group is lost). */
  const undoUnit = async (connection: Connection): Promise<boolean> => {
    if (!inTransaction()) return false;
    try {
      await run(connection, STATEMENTS.rollbackUnit);
      await run(connection, STATEMENTS.release);
      return true;
    } catch {
      return false;
    }
  };

  /** On the connection: commits the open group, if any (a later unit opens a new one). */
  const commitOpen = async (connection: Connection): Promise<void> => {
    const group = open;
    if (group === undefined) return;
    open = undefined;
    try {
      await run(connection, STATEMENTS.commit);
    } catch (error) {
      await abandon(connection, group, error);
      return;
    }
    onCommitted?.();
    group.resolve();
  };

  const scheduleCommit = (group: Group) => {
    setImmediate(() => {
      // Already committed by a flush (or lost): nothing to queue, and the database may be closed.
      if (open !== group) return;
      onConnection(commitOpen).catch((error: unknown) => {
        if (open !== group) return;
        open = undefined;
        onGroupFailed?.();
        group.reject(error);
      });
    });
  };

  /** The group this unit runs in, opened if none is. */
  const joinGroup = async (connection: Connection): Promise<Group> => {
    if (open !== undefined) return open;
    await run(connection, STATEMENTS.begin);
    const group = newGroup();
    open = group;
    scheduleCommit(group);
    return group;
  };

  return {
    read: async (body, options) => {
      // A read outside any group needs none: nothing uncommitted can be seen. Inside one, only what was written before it.
      let group: Group | undefined;
      let result;
      try {
        result = await onConnection((connection) => {
          const seen = open?.written === "data" || (options?.apart === true && open?.written === "apart");
          group = seen ? open : undefined;
          return body(connection);
        });
      } catch (error) {
        await group?.committed.catch(() => undefined);
        throw error;
      }
      if (group) await group.committed;
      return result;
    },

    write: async (body) => {
      const { result, group } = await onConnection(async (connection) => {
        const group = await joinGroup(connection);
        group.written = "data";
        await run(connection, STATEMENTS.savepoint);
        try {
          const result = await body(connection);
          await run(connection, STATEMENTS.release);
          return { result, group };
        } catch (error) {
          if (!(await undoUnit(connection))) await abandon(connection, group, error);
          throw error;
        }
      });
      await group.committed;
      return result;
    },

    statement: async (body, options) => {
      const { result, group } = await onConnection(async (connection) => {
        const group = await joinGroup(connection);
        if (options?.apart !== true) group.written = "data";
        else if (group.written === "nothing") group.written = "apart";
        try {
          return { result: body(), group };
        } catch (error) {
          if (!inTransaction()) await abandon(connection, group, error);
          throw error;
        }
      });
      await group.committed;
      return result;
    },

    flush: () => onConnection(commitOpen),
  };
}

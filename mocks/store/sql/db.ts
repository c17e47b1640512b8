/** What the queries of this folder run on: the database, or one transaction of it. */
import type { Kysely } from "kysely";
import type { SandboxTables } from "./tables";

export type Db = Kysely<SandboxTables>;

/** Runs a unit of work on the database held for it (a transaction, or a connection) and lets go when the body has ended. */
export type Hold = <R>(body: (tx: Db) => Promise<R>) => Promise<R>;

/**
 * How a database's units hold it (each dialect says: sqlite-store.ts, postgres-store.ts). `read`
 * sees one state of the data for the whole unit; `write` is the sandbox's one writer while it runs,
 * so what it read is still true when it commits.
 */
export interface Holds {
  read: Hold;
  write: Hold;
}

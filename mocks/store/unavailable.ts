/**
 * Which database failures mean "the storage cannot serve now" rather than "the sandbox has a bug": the
 * store adapters turn them into StoreUnavailable at their boundary (postgres-store.ts, sqlite-store.ts),
 * and the server's edge asks the same of anything that reached it some other way (a tenant's schema
 * opened, the catalogue read). Each is answered 503 with Retry-After (mocks/http/unavailable-answer.ts).
 * Only codes and messages are read here, so neither driver is loaded.
 */
import { StoreUnavailable, type StoreUnavailableReason } from "./store-errors";

/** Seconds a client is told to wait, by reason: a full disk needs an operator, a refused connection often only a restart. */
export const RETRY_AFTER_SECONDS: Record<StoreUnavailableReason, number> = { busy: 2, unreachable: 5, full: 30 };

/** Client-safe: no address, URL, file path or driver text (those stay in the cause, for the server's log). */
const MESSAGES = {
  databaseUnreachable: "The sandbox's database is unavailable: it cannot be reached just now.",
  databaseBusy: "The sandbox's database is unavailable: it has no connection free just now.",
  databaseFull: "The sandbox's storage is unavailable: the database's disk is full, so nothing can be written.",
  fileFull: "The sandbox's storage is unavailable: its disk is full, so nothing can be written.",
  fileFailing: "The sandbox's storage is unavailable: its database file cannot be read or written just now.",
  fileBusy: "The sandbox's storage is unavailable: its database file is locked just now.",
} as const;

type Classified = [StoreUnavailableReason, keyof typeof MESSAGES];

/** PostgreSQL's SQLSTATE codes that say the server, not the query, is the trouble. */
function postgresState(code: string): Classified | undefined {
  if (code.startsWith("08")) return ["unreachable", "databaseUnreachable"]; // connection_exception and its subclasses
  if (code === "57P01" || code === "57P02" || code === "57P03") return ["unreachable", "databaseUnreachable"]; // admin or crash shutdown, cannot connect now
  if (code === "53300") return ["busy", "databaseBusy"]; // too_many_connections ("sorry, too many clients already")
  if (code === "53100") return ["full", "databaseFull"]; // disk_full
  if (code === "53200" || code === "53400") return ["busy", "databaseBusy"]; // out_of_memory, configuration_limit_exceeded
  return undefined;
}

/** Node's socket errors, as the pg driver passes them on (connect ECONNREFUSED …). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

function sqliteCode(code: string): Classified | undefined {
  if (code === "SQLITE_FULL") return ["full", "fileFull"];
  if (code.startsWith("SQLITE_IOERR") || code === "SQLITE_CANTOPEN" || code.startsWith("SQLITE_READONLY")) return ["unreachable", "fileFailing"];
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return ["busy", "fileBusy"];
  if (code === "SQLITE_NOMEM") return ["busy", "fileFailing"];
  return undefined;
}

/** pg's own errors carry no code: a connection that ended or could not be made in time. */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|terminating connection)/i;

function classify(error: unknown): Classified | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  if (code !== undefined) {
    if (NETWORK_CODES.has(code)) return ["unreachable", "databaseUnreachable"];
    if (code === "ENOSPC" || code === "EDQUOT") return ["full", "fileFull"];
    if (code.startsWith("SQLITE_")) return sqliteCode(code);
    if (/^[0-9A-Z]{5}$/.test(code)) return postgresState(code);
  }
  return PG_CONNECTION_MESSAGE.test(error.message) ? ["unreachable", "databaseUnreachable"] : undefined;
}

/**
 * The StoreUnavailable an error is or stands for, looking through its causes (the adapters wrap the
 * driver's error to name the store call); undefined for anything else, a bug included.
 */
export function storeUnavailableOf(error: unknown): StoreUnavailable | undefined {
  let cause = error;
  for (let depth = 0; depth < 8 && cause !== undefined && cause !== null; depth++) {
    if (cause instanceof StoreUnavailable) return cause;
    const classified = classify(cause);
    if (classified) {
      const [reason, message] = classified;
      return new StoreUnavailable(reason, RETRY_AFTER_SECONDS[reason], MESSAGES[message], { cause: error });
    }
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return undefined;
}

/** A database file without room for a write (sqlite-store.ts's room check, for readiness): what SQLITE_FULL is to a write. */
export const storageFull = (why: string): StoreUnavailable =>
  new StoreUnavailable("full", RETRY_AFTER_SECONDS.full, MESSAGES.fileFull, { cause: new Error(why) });

/** The error to throw on: the StoreUnavailable it stands for, or itself. */
export const asStoreFailure = (error: unknown): unknown => storeUnavailableOf(error) ?? error;

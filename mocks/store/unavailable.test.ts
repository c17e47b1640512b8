import { describe, expect, test } from "vitest";
import { unavailableAnswer } from "../http/unavailable-answer";
import { StoreUnavailable } from "./store-errors";
import { explainSqlError } from "./sql/sql-errors";
import { storeUnavailableOf } from "./unavailable";

/** An error as a driver raises it: a message and a code. */
const driverError = (message: string, code?: string) => Object.assign(new Error(message), code === undefined ? {} : { code });

describe("database failures that mean the storage cannot serve now", () => {
  test.each([
    ["PostgreSQL: too many connections", driverError("sorry, too many clients already", "53300"), "busy"],
    ["PostgreSQL: an administrator's shutdown", driverError("terminating connection due to administrator command", "57P01"), "unreachable"],
    ["PostgreSQL: starting up", driverError("the database system is starting up", "57P03"), "unreachable"],
    ["PostgreSQL: a connection failure", driverError("server closed the connection unexpectedly", "08006"), "unreachable"],
    ["PostgreSQL: its disk full", driverError("could not extend file: No space left on device", "53100"), "full"],
    ["a refused connection", driverError("connect ECONNREFUSED 10.0.0.7:5432", "ECONNREFUSED"), "unreachable"],
    ["pg: a connection that ended", driverError("Connection terminated unexpectedly"), "unreachable"],
    ["pg-pool: no connection in time", driverError("timeout exceeded when trying to connect"), "unreachable"],
    ["SQLite: a full disk", driverError("database or disk is full", "SQLITE_FULL"), "full"],
    ["SQLite: an I/O error", driverError("disk I/O error", "SQLITE_IOERR_WRITE"), "unreachable"],
    ["SQLite: a locked file", driverError("database is locked", "SQLITE_BUSY"), "busy"],
    ["a full disk under a file", driverError("ENOSPC: no space left on device, write", "ENOSPC"), "full"],
  ] as const)("%s is StoreUnavailable (%s), with a message that names no address or file", (_name, error, reason) => {
    // As the adapters pass them on: wrapped, the driver's error as the cause.
    const unavailable = storeUnavailableOf(explainSqlError("claimRequestId", error));
    expect(unavailable?.reason).toBe(reason);
    expect(unavailable?.message).toMatch(/^The sandbox's (database|storage) is unavailable: /);
    expect(unavailable?.message).not.toMatch(/10\.0\.0\.7|5432|SQLITE|ENOSPC|ECONN/);
    expect(unavailable?.retryAfterSeconds).toBeGreaterThan(0);
  });

  test.each([
    ["a unique key refused", driverError("UNIQUE constraint failed: payments.payment_id", "SQLITE_CONSTRAINT_PRIMARYKEY")],
    ["a syntax error (a bug)", driverError('syntax error at or near "selec"', "42601")],
    ["a type error (a bug)", new TypeError("Cannot read properties of undefined (reading 'bban')")],
    ["a broken pipe is the network's, but not a string", "EPIPE"],
  ])("%s is not: it stays a bug's 500", (_name, error) => {
    expect(storeUnavailableOf(error)).toBeUndefined();
    expect(unavailableAnswer(error)).toBeUndefined();
  });

  test("the answer: 503, Retry-After, the storage named and what to do, in the interface's error format", () => {
    const answer = unavailableAnswer(new StoreUnavailable("busy", 3, "The sandbox's database is unavailable: it has no connection free just now."));
    expect(answer).toMatchObject({ status: 503, headers: { "Retry-After": "3" } });
    const [message] = (answer?.body as { tppMessages: { category: string; code: string; text: string }[] }).tppMessages;
    expect(message).toMatchObject({ category: "ERROR", code: "SERVICE_UNAVAILABLE" });
    expect(message?.text).toMatch(/^The sandbox's database is unavailable: .* try it again in 3 s \(Retry-After\), signed anew with a new X-Request-ID\./);
    expect(message?.text).not.toMatch(/sandbox bug/);
  });
});

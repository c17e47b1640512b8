/**
 * Database errors made to say which store call failed, as the IndexedDB adapter's do: a unique
 * key refused becomes an Error named ConstraintError ("putAccount: ConstraintError: …").
 */
import { isPostgresUniqueViolation } from "./postgres-errors";
import { isUniqueViolation } from "../sqlite/sqlite";

/** An error raised by the database itself (as opposed to the adapter's own checks, such as a RangeError). */
export function isDatabaseFailure(error: unknown): boolean {
  return error instanceof Error && "code" in error && typeof error.code === "string";
}

export function explainSqlError(method: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const name = isUniqueViolation(error) || isPostgresUniqueViolation(error) ? "ConstraintError" : "DatabaseError";
  const explained = new Error(`${method}: ${name}: ${message}`, { cause: error });
  explained.name = name;
  return explained;
}

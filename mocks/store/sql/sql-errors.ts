/**
 * Database errors made to say which store call failed, as the IndexedDB adapter's do: a unique
 * key refused becomes an Error named ConstraintError ("putAccount: ConstraintError: …"). Only error
 * codes are read, SQLite's and PostgreSQL's, so neither driver is loaded here.
 */

/** An error raised by the database itself (as opposed to the adapter's own checks, such as a RangeError). */
export function isDatabaseFailure(error: unknown): boolean {
  return error instanceof Error && "code" in error && typeof error.code === "string";
}

/**
 * The database refusing a second row with the same primary or unique key: better-sqlite3's extended codes, and
 * PostgreSQL's SQLSTATE unique_violation.
 */
const UNIQUE_VIOLATIONS = new Set(["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY", "23505"]);

const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && "code" in error && typeof error.code === "string" && UNIQUE_VIOLATIONS.has(error.code);

export function explainSqlError(method: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const name = isUniqueViolation(error) ? "ConstraintError" : "DatabaseError";
  const explained = new Error(`${method}: ${name}: ${message}`, { cause: error });
  explained.name = name;
  return explained;
}

/**
 * PostgreSQL's error codes (SQLSTATE) the adapter tells apart; kept apart from postgres.ts so that
 * sql-errors.ts can know them without loading the pg driver.
 */
const sqlState = (error: unknown): string | undefined => (error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined);

/** unique_violation: a second row with the same primary or unique key. */
export const isPostgresUniqueViolation = (error: unknown): boolean => sqlState(error) === "23505";

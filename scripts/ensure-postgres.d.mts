/** The directory holding initdb, pg_ctl and postgres, or null when PostgreSQL is not installed. Installs nothing. */
export function findPostgresBin(): string | null;
/** The same, installing Debian's postgresql first when it is missing; null when that failed. */
export function ensurePostgres(): string | null;

/**
 * The versioned schema of the SQL adapter on PostgreSQL: the steps every SQL engine has
 * (../sql/migrations.ts), applied by the same migrateToLatest (Kysely's Migrator; on PostgreSQL each run
 * is one transaction, under Kysely's advisory lock, so processes starting together migrate once).
 *
 * What PostgreSQL spells its own way: every text column the queries compare or order by is COLLATE "C".
 * The port's order is code-point order (as IndexedDB's and SQLite's); a database's default collation is
 * often a language's, which would put "acc-10" before "acc2" and "a" before "B".
 */
import { sql } from "kysely";
import { sqlMigrationSteps } from "../sql/migrations";

export const postgresMigrations = sqlMigrationSteps({ key: sql`text collate "C"` });

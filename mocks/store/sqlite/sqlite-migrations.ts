/**
 * The versioned schema of the SQL adapter on SQLite: the steps every SQL engine has (../sql/migrations.ts).
 * Keys are plain text: SQLite compares text with its BINARY collation, byte by byte, which for UTF-8 is
 * code-point order, the port's order.
 */
import { sqlMigrationSteps } from "../sql/migrations";

export const sqliteMigrations = sqlMigrationSteps({ key: "text" });

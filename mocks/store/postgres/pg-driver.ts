/**
 * The PostgreSQL driver, loaded on first use: a server on SQLite (the default, and what `npx psd2-sandbox` starts)
 * never loads it, which took 150–350 ms of every start on the loaded 2-core machine (decision 0057). pg is CommonJS,
 * so it is required synchronously where the pool or the listening connection is made.
 */
import { createRequire } from "node:module";
import type pg from "pg";

let driver: typeof pg | undefined;

export const pgDriver = (): typeof pg => (driver ??= createRequire(import.meta.url)("pg") as typeof pg);

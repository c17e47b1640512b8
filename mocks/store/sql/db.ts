/** What the queries of this folder run on: the database, or one transaction of it. */
import type { Kysely } from "kysely";
import type { SandboxTables } from "./tables";

export type Db = Kysely<SandboxTables>;

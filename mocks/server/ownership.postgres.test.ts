/** Issue 27 point 1 on a server over PostgreSQL (the postgres suite's throwaway cluster): ownership.test-helpers.ts. */
import { afterAll } from "vitest";
import { describeOwnership } from "../handlers/ownership.test-helpers";
import { dropSchema, freshSchemaName, postgresUrl } from "../store/postgres/postgres.test-helpers";
import { ownershipOverHttp } from "./ownership-http.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

const started: { server: SandboxServer; schema: string }[] = [];
afterAll(async () => {
  for (const { server, schema } of started) {
    await server.close();
    await dropSchema(schema);
  }
});

describeOwnership("on the server over PostgreSQL", async () => {
  const schema = freshSchemaName();
  const server = await startSandboxServer({ port: 0, database: postgresUrl(), databaseSchema: schema, batchIntervalMs: 3_600_000 });
  started.push({ server, schema });
  return ownershipOverHttp(server.url);
});

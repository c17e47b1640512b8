/** Issue 27 point 1 on a server over PostgreSQL (the postgres suite's throwaway cluster): ownership.test-helpers.ts. */
import { afterAll } from "vitest";
import { generateTestCertificate } from "../../src/signing/index";
import { describeOwnership } from "../handlers/ownership.test-helpers";
import { dropSchema, freshSchemaName, postgresUrl } from "../store/postgres/postgres.test-helpers";
import { httpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

const started: { server: SandboxServer; schema: string }[] = [];
afterAll(async () => {
  for (const { server, schema } of started) {
    await server.close();
    await dropSchema(schema);
  }
});

const certificates = Promise.all([
  generateTestCertificate({ tppName: "Owner TPP", organizationId: "111111111" }),
  generateTestCertificate({ tppName: "Other TPP", organizationId: "222222222" }),
  generateTestCertificate({ tppName: "Owner TPP renewed", organizationId: "111111111" }),
]);

describeOwnership("on the server over PostgreSQL", async () => {
  const schema = freshSchemaName();
  const server = await startSandboxServer({ port: 0, database: postgresUrl(), databaseSchema: schema, batchIntervalMs: 3_600_000 });
  started.push({ server, schema });
  const [owner, other, same] = await certificates;
  const client = httpClient(server.url, Promise.resolve(owner));
  return {
    owner: client,
    other: httpClient(server.url, Promise.resolve(other)),
    sameOrganization: httpClient(server.url, Promise.resolve(same)),
    control: client.control,
  };
});

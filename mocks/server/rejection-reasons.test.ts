/** Issue 27 point 2 on the standalone server, over HTTP: rejection-reasons.test-helpers.ts. */
import { afterAll } from "vitest";
import { describeRejectionReasons } from "../handlers/rejection-reasons.test-helpers";
import { httpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

const servers: SandboxServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

describeRejectionReasons("on the server, over HTTP", async () => {
  const server = await startSandboxServer({ port: 0 });
  servers.push(server);
  const client = httpClient(server.url);
  return { tpp: client, control: client.control };
});

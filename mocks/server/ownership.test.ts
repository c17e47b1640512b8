/** Issue 27 point 1 on the standalone server, over HTTP: ownership.test-helpers.ts. */
import { afterAll } from "vitest";
import { describeOwnership } from "../handlers/ownership.test-helpers";
import { ownershipOverHttp } from "./ownership-http.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

const servers: SandboxServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

describeOwnership("on the server, over HTTP", async () => {
  const server = await startSandboxServer({ port: 0 });
  servers.push(server);
  return ownershipOverHttp(server.url);
});

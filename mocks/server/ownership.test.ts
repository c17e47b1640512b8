/** Issue 27 point 1 on the standalone server, over HTTP: ownership.test-helpers.ts. */
import { afterAll } from "vitest";
import { generateTestCertificate } from "../../src/signing/index";
import { describeOwnership } from "../handlers/ownership.test-helpers";
import { httpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

const servers: SandboxServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

const certificates = Promise.all([
  generateTestCertificate({ tppName: "Owner TPP", organizationId: "111111111" }),
  generateTestCertificate({ tppName: "Other TPP", organizationId: "222222222" }),
  generateTestCertificate({ tppName: "Owner TPP renewed", organizationId: "111111111" }),
]);

describeOwnership("on the server, over HTTP", async () => {
  const server = await startSandboxServer({ port: 0 });
  servers.push(server);
  const [owner, other, same] = await certificates;
  const client = httpClient(server.url, Promise.resolve(owner));
  return {
    owner: client,
    other: httpClient(server.url, Promise.resolve(other)),
    sameOrganization: httpClient(server.url, Promise.resolve(same)),
    control: client.control,
  };
});

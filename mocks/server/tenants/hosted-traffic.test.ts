/**
 * A hosted server's traffic record (issue 26, decision 0055): each TPP's requests are kept in its own sandbox, so the
 * signed traffic routes show a TPP only its own; unsigned, they are the 401 every hosted control is.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { hrefOf } from "../../../src/contract/paths";
import type { ClientReport, TrafficPage } from "../../../src/contract/traffic";
import { KARI, NDCT, initiationHeaders } from "../../test-helpers";
import { startSandboxServer, type SandboxServer } from "../start";
import { organizationTpp, tppClient, type TppClient } from "./tpp-client.test-helpers";

let server: SandboxServer;
let first: TppClient;
let second: TppClient;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0, multiTenant: true, verifyWorkers: 0 });
  first = tppClient(server.url, await organizationTpp("111111111"));
  second = tppClient(server.url, await organizationTpp("222222222"));
});
afterAll(() => server.close());

const payment = { instructedAmount: { amount: "5.00", currency: "NOK" }, creditorName: "Ola", creditorAccount: { bban: "97100000044", currency: "NOK" } };

async function untilListed(client: TppClient, count: number): Promise<TrafficPage> {
  for (let attempt = 0; ; attempt++) {
    const listed = await client.json<TrafficPage>("GET", hrefOf("sandboxRequests", {}));
    if (listed.requests.length >= count || attempt > 200) return listed;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test("each TPP sees only its own traffic, signed; unsigned is 401", async () => {
  const created = await first.send("POST", NDCT, {
    headers: initiationHeaders(KARI),
    body: { ...payment, debtorAccount: { bban: "97100000028", currency: "NOK" } },
  });
  const { paymentId } = (await created.json()) as { paymentId: string };
  expect(created.status).toBe(201);
  await first.send("GET", hrefOf("sandboxClock", {}));
  await second.send("GET", hrefOf("sandboxAccounts", {}));

  const mine = await untilListed(first, 2);
  const theirs = await untilListed(second, 1);
  expect(mine.requests.map((request) => request.operation)).toEqual(["sandboxClock", "createPayment"]);
  expect(theirs.requests.map((request) => request.operation)).toEqual(["sandboxAccounts"]);
  expect(new Set(mine.requests.map((request) => request.tpp?.organizationIdentifier))).toEqual(new Set(["PSDNO-FSA-111111111"]));
  expect(theirs.requests[0]?.tpp).toMatchObject({ organizationIdentifier: "PSDNO-FSA-222222222", verified: true });
  // Each TPP's first request opened its sandbox with the fixed data: that seeding is no change of the request's.
  expect(mine.requests[1]?.changes).toEqual([{ kind: "payment", id: paymentId, to: "RCVD" }]);
  expect(theirs.requests[0]?.changes).toEqual([]);

  // Another TPP's record id is one that does not exist.
  const foreign = await second.send("GET", hrefOf("sandboxRequest", { id: mine.requests[0]?.id ?? "" }));
  expect(foreign.status).toBe(404);
  const unsigned = await first.send("GET", hrefOf("sandboxRequests", {}), { sign: false });
  expect(unsigned.status).toBe(401);
});

test("the client report is signed, and covers the signing TPP's own requests only", async () => {
  const own = await first.send("GET", hrefOf("sandboxReport", {}));
  expect(own.status).toBe(200);
  const report = (await own.json()) as ClientReport;
  const mine = await untilListed(first, 1);
  // Only the first TPP's own request to the interface was judged: its payment initiation.
  const initiation = mine.requests.find((request) => request.operation === "createPayment");
  expect(report.checks.find((check) => check.id === "signed-headers")).toMatchObject({ status: "pass", evidence: [initiation?.id] });
  // The second TPP sent a control alone: nothing of its own to judge, and nothing of the first's.
  const theirs = (await (await second.send("GET", hrefOf("sandboxReport", {}))).json()) as ClientReport;
  expect(theirs.checks.map((check) => check.status)).toEqual(theirs.checks.map(() => "untested"));
  expect((await first.send("GET", hrefOf("sandboxReport", {}), { sign: false })).status).toBe(401);
});

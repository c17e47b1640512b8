/**
 * The sandbox in the browser keeps a traffic record too (issue 26, decision 0055): the service worker's dispatcher
 * records each request into IndexedDB (fake-indexeddb here, as the other IndexedDB tests), where it outlives the tab.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { expect, test } from "vitest";
import { hrefOf } from "../src/contract/paths";
import type { TrafficPage, TrafficRecord } from "../src/contract/traffic";
import { createSandbox } from "./sandbox";
import { openSandboxStore } from "./store/indexeddb/indexeddb-store";
import { BROWSER_TRAFFIC_LIMITS, recordingDispatch } from "./recording-dispatch";
import { ORIGIN } from "./test-helpers";

async function browserSandbox(indexedDB: IDBFactory, name: string) {
  const store = await openSandboxStore({ name, indexedDB });
  const sandbox = await createSandbox({ store, seedIfNew: true, traffic: BROWSER_TRAFFIC_LIMITS });
  return { store, sandbox, answer: recordingDispatch(sandbox) };
}

const json = (method: string, path: string, body?: string) =>
  new Request(`${ORIGIN}${path}`, { method, ...(body === undefined ? {} : { body, headers: { "Content-Type": "application/json" } }) });

async function untilListed(answer: ReturnType<typeof recordingDispatch>, count: number): Promise<TrafficPage> {
  for (let attempt = 0; ; attempt++) {
    const listed = (await (await answer(json("GET", hrefOf("sandboxRequests", {}))))?.json()) as TrafficPage;
    if (listed.requests.length >= count || attempt > 200) return listed;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

test("the browser's sandbox records what it answers, what it changed, never a private key, and keeps it across a reload", async () => {
  const indexedDB = new IDBFactory();
  const name = `traffic-${crypto.randomUUID()}`;
  const tab = await browserSandbox(indexedDB, name);
  expect((await tab.answer(json("POST", hrefOf("advanceClock", {}), '{"minutes":5}')))?.status).toBe(200);
  // A body that carries a private key (pasted by mistake): refused, recorded, and the key not kept.
  const pem = "-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC7\\n-----END PRIVATE KEY-----";
  expect((await tab.answer(json("POST", hrefOf("importSandbox", {}), `{"key":"${pem}","der":"MIIEpAIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo"}`)))?.status).toBe(400);

  const listed = await untilListed(tab.answer, 2);
  expect(listed.requests.map((request) => [request.operation, request.status])).toEqual([
    ["importSandbox", 400],
    ["advanceClock", 200],
  ]);
  expect(listed.requests[1]?.changes).toEqual([{ kind: "clock", to: "moved" }]);
  const refused = (await (await tab.answer(json("GET", hrefOf("sandboxRequest", { id: listed.requests[0]?.id ?? "" }))))?.json()) as TrafficRecord;
  expect(refused.request.body.text).not.toMatch(/MIIE|PRIVATE KEY-----\\n/);
  expect(refused.request.body.text).toContain("[private key removed by the sandbox]");
  expect(refused.request.body.bytes).toBeGreaterThan(refused.request.body.text.length - 80);
  tab.store.close();

  const reloaded = await browserSandbox(indexedDB, name);
  expect((await untilListed(reloaded.answer, 2)).requests.map((request) => request.id)).toEqual(listed.requests.map((request) => request.id));
  reloaded.store.close();
});

test("the traffic's own reads are not recorded, and a record is no change the portal's data views refresh for", async () => {
  const tab = await browserSandbox(new IDBFactory(), `traffic-${crypto.randomUUID()}`);
  let commits = 0;
  tab.store.onCommit(() => (commits += 1));
  const recorded: string[] = [];
  tab.sandbox.onTraffic((id) => recorded.push(id));
  await tab.answer(json("GET", hrefOf("sandboxAccounts", {})));
  await untilListed(tab.answer, 1);
  expect(recorded).toHaveLength(1);
  expect(commits).toBe(0);
  expect((await untilListed(tab.answer, 1)).requests).toHaveLength(1);
  tab.store.close();
});

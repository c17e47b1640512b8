import { expect, test } from "vitest";
import { DEFAULT_PSU_ID } from "../../contract/default-psu";
import { operations } from "../../contract/operations";
import { DEFAULT_SIGNED_HEADER_ORDER } from "../../signing/signed-header-policy";
import type { ExampleContext } from "../examples";
import { operationsCollection } from "./operations-collection";
import { COLLECTION_SCHEMA, type PostmanFolder } from "./postman-format";

const context: ExampleContext = {
  accounts: [
    { resourceId: "acc-001", customerNumber: "01817010055", inAgreement: true, kidRequired: false, currency: "NOK", bban: "97100000028" },
    { resourceId: "acc-003", customerNumber: "05827510086", inAgreement: true, kidRequired: false, currency: "NOK", bban: "97100000044" },
  ] as ExampleContext["accounts"],
  customers: [
    { customerNumber: "01817010055", name: "Kari Nordmann", psuId: DEFAULT_PSU_ID },
    { customerNumber: "05827510086", name: "Ola Nordmann", psuId: "other" },
  ] as ExampleContext["customers"],
  today: "2026-11-24",
  origin: "https://tpp.example",
  psuId: DEFAULT_PSU_ID,
  sessionId: "6b3f1c2a-9d8e-4f70-a1b2-c3d4e5f60718",
};
const collection = operationsCollection({ context, base: "http://127.0.0.1:4010/", credentials: { privateKeyPem: "KEY", certificatePem: "CERT" } });
const folders = collection.item as PostmanFolder[];
const items = folders.flatMap((folder) => folder.item);

test("a v2.1 collection with every operation of the contract, its setup and the journey first", () => {
  expect(collection.info.schema).toBe(COLLECTION_SCHEMA);
  expect(folders.map((folder) => folder.name)).toEqual(["Setup", "Payment journey", "Payments", "Periodic payments", "Signing baskets", "Sandbox data", "TPP"]);
  const names = items.map((item) => item.name);
  for (const operation of operations) expect(names).toContain(operation.title);
  expect(collection.variable.find((variable) => variable.key === "baseUrl")?.value).toBe("http://127.0.0.1:4010");
});

test("it runs top to bottom: every {{variable}} a request uses is prefilled or kept by an earlier answer", () => {
  const available = new Set(collection.variable.filter((variable) => variable.value !== "").map((variable) => variable.key));
  available.add("firstOfNextMonth"); // set by the collection's pre-request script
  available.add("today");
  for (const item of items) {
    const used = [...JSON.stringify(item.request).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
    for (const name of used) expect(available, `${item.name} uses {{${String(name)}}}`).toContain(name);
    const tests = item.event?.find((event) => event.listen === "test")?.script.exec.join("\n") ?? "";
    for (const match of tests.matchAll(/collectionVariables\.set\("(\w+)"/g)) if (match[1]) available.add(match[1]);
  }
});

test("each request's test expects the operation's success status; bodies are JSON and dated to stay valid", () => {
  for (const operation of operations) {
    const item = items.find((candidate) => candidate.name === operation.title);
    const tests = item?.event?.find((event) => event.listen === "test")?.script.exec.join("\n");
    expect(tests).toContain(`.to.equal(${String(operation.success.status)})`);
    if (item?.request.body) expect(() => JSON.parse(item.request.body?.raw ?? "") as unknown).not.toThrow();
  }
  const payment = items.find((item) => item.name === "Create NDCT payment")?.request.body?.raw ?? "";
  expect(payment).not.toContain("requestedExecutionDate");
  expect(items.find((item) => item.name === "Create periodic NDCT payment")?.request.body?.raw).toContain('"startDate": "{{firstOfNextMonth}}"');
});

test("the collection's pre-request script signs the headers of the signing policy, in its order", () => {
  const script = collection.event[0]?.script.exec.join("\n") ?? "";
  expect(collection.event[0]?.listen).toBe("prerequest");
  expect(script).toContain(`const SIGNED_HEADERS = [${DEFAULT_SIGNED_HEADER_ORDER.map((name) => JSON.stringify(name)).join(", ")}];`);
  expect(script).toContain('pm.variables.get("tppPrivateKey")');
  // Nothing fetched at run time: it runs offline, in newman and in the Postman app alike.
  expect(script).not.toMatch(/sendRequest|eval\(|require\(/);
});

test("it stands alone: no customer, account or PSU of the sandbox it was exported from, only its own Setup's", () => {
  const text = JSON.stringify(collection.item);
  for (const taken of ["97100000028", "97100000044", "acc-001", "acc-003", "01817010055", "05827510086", DEFAULT_PSU_ID, "Kari Nordmann"])
    expect(text).not.toContain(taken);
  const setup = folders[0]?.item.map((item) => `${item.request.method} ${item.request.url.raw}`);
  expect(setup).toEqual([
    "GET {{sandboxBaseUrl}}/__sandbox/identities?count=1",
    "POST {{sandboxBaseUrl}}/v1/sandbox/accounts",
    "POST {{sandboxBaseUrl}}/v1/sandbox/accounts",
    "POST {{sandboxBaseUrl}}/v1/sandbox/accounts",
    "GET {{sandboxBaseUrl}}/__sandbox/customers",
  ]);
});

test("it resets the sandbox only when asked: Initialize sandbox is skipped unless resetSandbox is yes", () => {
  expect(collection.variable.find((variable) => variable.key === "resetSandbox")?.value).toBe("no");
  const initialize = items.find((item) => item.name === operations.find((operation) => operation.id === "initializeSandbox")?.title);
  const prerequest = initialize?.event?.find((event) => event.listen === "prerequest")?.script.exec.join("\n");
  expect(prerequest).toContain('pm.collectionVariables.get("resetSandbox") !== "yes"');
  expect(prerequest).toContain("pm.execution.skipRequest()");
});

test("its dates are the run's, in Oslo", () => {
  const script = collection.event[0]?.script.exec.join("\n") ?? "";
  expect(script).toContain("const oslo = new Date(now + (summer ? 2 : 1) * 3600000);");
  expect(script).toContain('"firstOfNextMonth", new Date(Date.UTC(oslo.getUTCFullYear(), oslo.getUTCMonth() + 1, 1))');
});

test("no request teaches an x-accept-fix value: none is this sandbox's own, and every other activates a breaking change (decision 0059)", () => {
  const sent = items.flatMap((item) => item.request.header.filter((header) => header.key.toLowerCase() === "x-accept-fix"));
  expect(sent).toEqual([]);
  expect(JSON.stringify(collection)).not.toMatch(/x-accept-fix/i);
});

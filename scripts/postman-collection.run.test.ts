/**
 * The Postman collection the portal exports (issue 11, point 3), run by newman against the
 * standalone sandbox server: every operation's example request and the payment journey, each
 * signed by the collection's own pre-request script (RSA in plain JavaScript, no network), every
 * request answering the status its test expects, with no failed assertion.
 *
 * Run alone: npx vitest run --config vitest.snippets.config.ts scripts/postman-collection.run.test.ts
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { run, type NewmanSummary } from "newman";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DEFAULT_PSU_ID } from "../src/contract/default-psu";
import { operations } from "../src/contract/operations";
import { operationsCollection } from "../src/lib/journey-export/operations-collection";
import type { CollectionCredentials, PostmanCollection } from "../src/lib/journey-export/postman-format";
import { generateTestCertificate } from "../src/signing/index";
import { startSandboxServer, type SandboxServer } from "../mocks/server/start";
import { changedOf, contextOf, recordsOf } from "./take-away-targets";

let server: SandboxServer;
let publicPair: CollectionCredentials;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0 });
  const file = (name: string) => readFile(join(import.meta.dirname, "../public/test-credentials", name), "utf8");
  publicPair = { privateKeyPem: await file("tpp-key.pem"), certificatePem: await file("tpp-cert.pem") };
});
afterAll(async () => {
  await server.close();
});

function runNewman(collection: PostmanCollection): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => {
    run({ collection, reporters: [], timeoutRequest: 30_000 }, (error, summary) => {
      if (error) reject(error);
      else resolve(summary);
    });
  });
}

/** One line per request: name, status, and what failed; the test's message when something did. */
const report = (summary: NewmanSummary) =>
  summary.run.executions
    .map((execution) => {
      const failed = (execution.assertions ?? []).filter((assertion) => assertion.error).map((assertion) => assertion.error?.message);
      const answer = execution.response
        ? `${String(execution.response.code)} ${failed.length ? execution.response.text().slice(0, 400) : ""}`
        : execution.requestError?.message;
      return `${execution.item.name}: ${answer ?? "no answer"}${failed.length ? ` FAILED ${failed.join("; ")}` : ""}`;
    })
    .join("\n");

test("every operation and the journey, signed by the collection itself, answer as their tests expect", async () => {
  const collection = operationsCollection({ context: await contextOf(server.url), base: server.url, credentials: publicPair });
  const summary = await runNewman(collection);
  const lines = report(summary);
  expect(summary.run.failures, lines).toEqual([]);
  // Every operation of the contract ran (the setup's five, the basket's extra payment and the journey's four besides), but
  // Initialize sandbox, skipped unless resetSandbox asks for it.
  expect(summary.run.executions.filter((execution) => execution.response).length, lines).toBe(5 + 4 + operations.length - 1 + 1);
  expect(
    summary.run.executions.every((execution) => execution.response && execution.response.code < 300),
    lines,
  ).toBe(true);
  expect(summary.run.stats.assertions.failed).toBe(0);
  expect(lines).toMatch(/4\. Read the status[^:]*: 200/);
});

test.each([
  ["a server holding other clients' data", false],
  ["a server started with --empty", true],
])("run twice against %s, it passes and leaves the data it found as it was", async (_name, empty) => {
  const other = await startSandboxServer({ port: 0, empty });
  try {
    if (!empty) {
      // Another client's payment, waiting for its SCA, beside the fixed data set.
      const theirs = operationsCollection({ context: await contextOf(other.url), base: other.url, credentials: publicPair });
      const create = (theirs.item[1] as { item: PostmanCollection["item"] }).item[0];
      expect((await runNewman({ ...theirs, item: [theirs.item[0], create].filter((item) => item !== undefined) })).run.failures).toEqual([]);
    }
    const before = await recordsOf(other.url);
    for (let round = 0; round < 2; round += 1) {
      // Exported from the portal's own (browser) sandbox: its data is not the server's.
      const collection = operationsCollection({ context: await contextOf(server.url), base: other.url, credentials: publicPair });
      const summary = await runNewman(collection);
      expect(summary.run.failures, report(summary)).toEqual([]);
      expect(report(summary)).toMatch(/4\. Read the status[^:]*: 200/);
    }
    expect(changedOf(before, await recordsOf(other.url))).toEqual([]);
  } finally {
    await other.close();
  }
});

test("a certificate of your own, with a non-ASCII issuer: keyId read from it, Signature sent RFC 2047-encoded", async () => {
  const made = await generateTestCertificate({ tppName: "Fjordbetaling Ærlig", organizationName: "Fjordbetaling Ærlig AS", organizationId: "987654321" });
  const collection = operationsCollection({
    context: await contextOf(server.url),
    base: server.url,
    credentials: { privateKeyPem: made.privateKeyPkcs8Pem, certificatePem: made.certificatePem },
  });
  const [setup, journey] = collection.item;
  const summary = await runNewman({ ...collection, item: setup && journey ? [setup, journey] : [] });
  expect(summary.run.failures, report(summary)).toEqual([]);
  expect(summary.run.executions).toHaveLength(5 + 4);
  const signature = summary.run.executions[5]?.request.headers.find((header) => header.key === "Signature")?.value;
  expect(signature).toMatch(/^=\?utf-8\?B\?[A-Za-z0-9+/=]+\?=$/);
  expect(Buffer.from(signature?.slice(10, -2) ?? "", "base64").toString("utf8")).toContain(
    "CA=CN=Fjordbetaling Ærlig,organizationIdentifier=PSDNO-FSA-987654321",
  );
});

test("a key that does not belong to the certificate: the sandbox refuses the signature (401), and the collection's test says so", async () => {
  const other = await generateTestCertificate({ tppName: "Someone Else" });
  const collection = operationsCollection({
    context: await contextOf(server.url),
    base: server.url,
    credentials: { privateKeyPem: other.privateKeyPkcs8Pem, certificatePem: publicPair.certificatePem },
  });
  const create = collection.item[1] && "item" in collection.item[1] ? collection.item[1].item[0] : undefined;
  // Without its Setup (which the wrong key could not sign either): the fixed data's PSU and accounts.
  const fixed = new Map([
    ["psuId", DEFAULT_PSU_ID],
    ["debtorBban", "97100000028"],
    ["creditorBban", "97100000044"],
    ["creditorName", "Ola Nordmann"],
  ]);
  const variable = collection.variable.map((entry) => ({ ...entry, value: fixed.get(entry.key) ?? entry.value }));
  const summary = await runNewman({ ...collection, variable, item: create ? [create] : [] });
  expect(summary.run.executions[0]?.response?.code).toBe(401);
  expect(summary.run.executions[0]?.response?.text()).toContain("SIGNATURE_INVALID");
  expect(summary.run.stats.assertions.failed).toBe(1);
});

/**
 * "Export as Playwright test" and "Export as Postman collection" from the history (issue 11,
 * points 3 and 4b; issue 27, point 4e): a journey is recorded against a sandbox server the way the portal records
 * it (the interface's requests only; the PSU's approval at the bank and the batch run are not
 * requests of the interface), exported from that used sandbox, and the export run twice against a server started
 * with --empty and one holding other clients' data: the spec by `playwright test --repeat-each 2` (the request
 * fixture, no browser), the collection by newman (two iterations). Each gets every status the portal got, with fresh
 * ids and customers of its own, and leaves the data each server held as it was (the recorded reset is not run).
 *
 * Run alone: npx vitest run --config vitest.snippets.config.ts scripts/journey-export.run.test.ts
 */
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run, type NewmanSummary } from "newman";
import { afterAll, beforeAll, expect, test } from "vitest";
import { operationById, type OperationId } from "../src/contract/operations";
import { hrefOf, pathOf } from "../src/contract/paths";
import type { Exchange } from "../src/lib/exchange";
import { historyCollection } from "../src/lib/journey-export/history-collection";
import { playwrightSpec, PLAYWRIGHT_SPEC_FILE } from "../src/lib/journey-export/playwright-spec";
import { recordedJourney, type JourneyStep } from "../src/lib/journey-export/recorded-journey";
import { standAloneJourney } from "../src/lib/journey-export/stand-alone-journey";
import type { OwnData } from "../src/lib/code-export/own-data";
import { importCertificateAndKey, signRequest } from "../src/signing/index";
import { startSandboxServer, type SandboxServer } from "../mocks/server/start";
import { contextOf, expectDataKept, startTargets, type Target } from "./take-away-targets";

const ROOT = join(import.meta.dirname, "..");
const KARI = "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21";
const payment = {
  instructedAmount: { amount: "20.00", currency: "NOK" },
  creditorName: "Ola Nordmann",
  creditorAccount: { bban: "97100000044", currency: "NOK" },
  debtorAccount: { bban: "97100000028", currency: "NOK" },
  remittanceInformationUnstructured: "Lunsj på fredag `${x}`",
};
const initiation = {
  "TPP-Session-ID": "6b3f1c2a-9d8e-4f70-a1b2-c3d4e5f60718",
  "PSU-ID": KARI,
  "TPP-Redirect-URI": "https://tpp.example.no/callback",
  "PSU-IP-Address": "192.0.2.10",
  Accept: "application/json",
};

/** The sandbox the portal works with: the journey is recorded there, and the export made from its data. */
let server: SandboxServer;
let dir: string;
let steps: JourneyStep[];
let own: OwnData;
let targets: Target[] = [];

/** Sends an interface request signed with the public test pair, and keeps it as the history would. */
async function recorder() {
  const read = (name: string) => readFile(join(ROOT, "public/test-credentials", name), "utf8");
  const { certificate, privateKey } = await importCertificateAndKey(await read("tpp-cert.pem"), await read("tpp-key.pem"));
  const history: Exchange[] = [];
  const send = async (id: OperationId, params: Record<string, string>, headers: Record<string, string>, body?: unknown) => {
    const operation = operationById(id);
    const target = pathOf(operation, params, {});
    const text = body === undefined ? undefined : JSON.stringify(body);
    const all: Record<string, string> = {
      ...headers,
      "X-Request-ID": crypto.randomUUID(),
      ...(text === undefined ? {} : { "Content-Type": "application/json" }),
    };
    const signed = await signRequest({ method: operation.method, url: target, headers: all, body: text }, { privateKey, certificate: certificate.pem });
    const request = {
      method: operation.method,
      url: `${server.url}${target}`,
      headers: { ...all, ...signed.headers },
      ...(text === undefined ? {} : { body: text }),
    };
    const response = await fetch(request.url, request);
    const answer = { status: response.status, statusText: response.statusText, headers: {}, body: await response.text(), durationMs: 1 };
    history.push({ id: crypto.randomUUID(), sentAt: history.length + 1, operationId: id, sandbox: server.url, request, unsentHeaders: {}, response: answer });
    return JSON.parse(answer.body || "{}") as Record<string, string>;
  };
  const control = async (path: string, body: object) => {
    const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
  };
  return { history, send, control };
}

beforeAll(async () => {
  server = await startSandboxServer({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), "journey-export-"));
  for (const file of ["tpp-cert.pem", "tpp-key.pem"]) await copyFile(join(ROOT, "public/test-credentials", file), join(dir, file));
  // The spec imports @playwright/test: resolved from the folder it runs in, as in a TPP's project.
  await symlink(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");

  // What a user does in the portal: a payment approved at the bank and booked, a basket, a mistake.
  const { history, send, control } = await recorder();
  // A reset first: recorded, but an export replays it only when asked (it would wipe every client's data).
  await send("initializeSandbox", {}, {}, {});
  const { paymentId = "" } = await send("createPayment", {}, initiation, payment);
  await send("getPaymentStatus", { paymentId }, { "PSU-ID": KARI });
  await control(hrefOf("scaDecision", { subject: "payment", id: paymentId }), { decision: "approve" });
  await send("getPayment", { paymentId }, { "PSU-ID": KARI });
  await control(hrefOf("runBatch", {}), {});
  await send("getPaymentStatus", { paymentId }, { "PSU-ID": KARI });
  const second = await send("createPayment", {}, initiation, { ...payment, instructedAmount: { amount: "5.00", currency: "NOK" } });
  const { basketId = "" } = await send("createSigningBasket", {}, initiation, { paymentIds: [second.paymentId] });
  await control(hrefOf("scaDecision", { subject: "basket", id: basketId }), { decision: "approve" });
  await send("getSigningBasketStatus", { basketId }, { "PSU-ID": KARI });
  await send("createPayment", {}, initiation, { ...payment, instructedAmount: { amount: "-1", currency: "NOK" } });
  expect(history.map((exchange) => exchange.response?.status)).toEqual([200, 201, 200, 200, 200, 201, 201, 200, 400]);
  ({ steps, own } = standAloneJourney(recordedJourney(history), await contextOf(server.url)));
  targets = await startTargets();
});
afterAll(async () => {
  await Promise.all([server.close(), ...targets.map((target) => target.server.close())]);
  await rm(dir, { recursive: true, force: true });
});

test("the recorded journey: the approvals and the batch run are found where they happened", () => {
  const kinds = steps.map((step) => (step.kind === "request" ? step.title : step.kind === "sca" ? `sca ${step.subject} ${step.decision}` : step.kind));
  expect(kinds).toEqual([
    "Initialize sandbox",
    "Create NDCT payment",
    "Get payment status",
    "sca payment approve",
    "Get payment",
    // On a weekend or a holiday the batch books nothing, the status stays ACTC and no run is inferred.
    ...(kinds.includes("batch") ? ["batch"] : []),
    "Get payment status",
    "Create NDCT payment",
    "Create signing basket",
    "sca basket approve",
    "Get signing basket status",
    "Create NDCT payment",
  ]);
});

function execute(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: dir, timeout: 150_000, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, output: `${stdout}\n${stderr}` });
    });
  });
}

/** Nothing of the portal's sandbox is in the export: its PSU, its account numbers, its names, its day. */
function expectStandsAlone(text: string) {
  for (const value of [KARI, payment.debtorAccount.bban, payment.creditorAccount.bban, "Ola Nordmann", "Kari Nordmann"]) expect(text).not.toContain(value);
}

test("the Playwright export runs twice with playwright test on each server, fails when an answer differs, and type-checks", async () => {
  const spec = playwrightSpec(steps, "http://127.0.0.1:4010", own);
  expectStandsAlone(spec);
  expect(spec).toContain("await setup(request);");
  await writeFile(join(dir, PLAYWRIGHT_SPEC_FILE), spec);
  // The same journey, expecting 201 where the portal got 400: its spec must fail, saying why.
  const changed = steps.map((step) => (step.kind === "request" && step.expectStatus === 400 ? { ...step, expectStatus: 201 } : step));
  await writeFile(join(dir, "changed.spec.ts"), playwrightSpec(changed, "http://127.0.0.1:4010", own));
  // A TPP's own config would do; this one only says where the specs are (no browser is launched).
  await writeFile(join(dir, "playwright.config.mjs"), `export default { testDir: ".", workers: 1, timeout: 60000 };\n`);
  // Both servers at once, each in a launch of its own (an output folder each); the failing spec on the first only.
  const runs = await Promise.all(
    targets.map((target, index) =>
      execute(
        process.execPath,
        [
          join(ROOT, "node_modules/@playwright/test/cli.js"),
          "test",
          "--config",
          "playwright.config.mjs",
          "--reporter",
          "json",
          "--repeat-each",
          "2",
          "--output",
          `results-${String(index)}`,
          ...(index === 0 ? [] : [PLAYWRIGHT_SPEC_FILE]),
        ],
        { SANDBOX_URL: target.server.url },
      ),
    ),
  );
  for (const [index, ran] of runs.entries()) {
    const report = JSON.parse(ran.output.slice(ran.output.indexOf("{"), ran.output.lastIndexOf("}") + 1)) as {
      suites: { file: string; specs: { ok: boolean; tests: { results: { status: string; error?: { message?: string } }[] }[] }[] }[];
    };
    const outcome = Object.fromEntries(
      report.suites.map((suite) => [suite.file, suite.specs.flatMap((spec) => spec.tests.flatMap((run) => run.results.map((result) => result.status)))]),
    );
    expect(outcome, `${targets[index]?.name ?? ""}\n${ran.output}`).toEqual({
      [PLAYWRIGHT_SPEC_FILE]: ["passed", "passed"],
      ...(index === 0 ? { "changed.spec.ts": ["failed", "failed"] } : {}),
    });
    if (index > 0) continue;
    const failure = report.suites.find((suite) => suite.file === "changed.spec.ts")?.specs[0]?.tests[0]?.results[0]?.error?.message ?? "";
    const plain = failure.replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, "g"), "");
    expect(plain).toMatch(/Expected: 201[\s\S]*Received: 400/);
    expect(plain).toContain("FORMAT_ERROR");
  }
  await expectDataKept(targets);

  const checked = await execute(process.execPath, [
    join(ROOT, "node_modules/typescript/bin/tsc"),
    "--noEmit",
    "--strict",
    "--skipLibCheck",
    "--target",
    "es2022",
    "--module",
    "nodenext",
    "--types",
    "node",
    PLAYWRIGHT_SPEC_FILE,
  ]);
  expect(checked, checked.output).toMatchObject({ code: 0 });
});

test("the Postman export of the same journey runs twice with newman on each server: every status as in the portal, no failed assertion", async () => {
  const read = (name: string) => readFile(join(dir, name), "utf8");
  const credentials = { privateKeyPem: await read("tpp-key.pem"), certificatePem: await read("tpp-cert.pem") };
  await Promise.all(
    targets.map(async (target) => {
      // Addressed to the server chosen in Settings.
      const collection = historyCollection(steps, target.server.url, credentials, own);
      expectStandsAlone(JSON.stringify(collection));
      const summary = await new Promise<NewmanSummary>((resolve, reject) => {
        run({ collection, reporters: [], timeoutRequest: 30_000, iterationCount: 2 }, (error, result) => {
          if (error) reject(error);
          else resolve(result);
        });
      });
      const codes = summary.run.executions.map((execution) => `${execution.item.name}: ${String(execution.response?.code)}`);
      expect(summary.run.failures, `${target.name}\n${codes.join("\n")}`).toEqual([]);
      expect(codes.filter((line) => line.endsWith(" 400"))).toHaveLength(2);
      // Every step but the reset, which is skipped unless resetSandbox is yes, and the setup's requests besides.
      const setup = own.customers.length + own.accounts.length + 1;
      expect(summary.run.executions.filter((execution) => execution.response)).toHaveLength(2 * (setup + steps.length - 1));
    }),
  );
  await expectDataKept(targets);
});

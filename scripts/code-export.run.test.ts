/**
 * Every generated snippet, made from a used sandbox and run with its real runtime, twice, against a server started with
 * --empty and one holding other data (issue 27, point 4; decision 0061), that data compared before and after, and
 * (issue 11, point 2): bash + curl + openssl, Node.js, Python (requests, cryptography), Java
 * (single-file launch) and Go (go run). Each language signs a GET, a POST with a body and a
 * DELETE built the way the console builds them (draftRequest, then the code request model), and
 * runs the whole journey; a certificate with a non-ASCII name takes the RFC 2047 path. A runtime
 * that is missing fails its tests with a message: `node scripts/ensure-runtimes.mjs` (run by the
 * "snippets" suite of npm test first) installs them.
 *
 * Run alone: npx vitest run --config vitest.snippets.config.ts
 */
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { operationById, type OperationId } from "../src/contract/operations";
import { generators } from "../src/lib/code-export/languages";
import { codeRequestFromDraft, journeyFrom, JOURNEY_SLUG, slug, standAlone, type CodeRequest, type Generator } from "../src/lib/code-export/request-model";
import type { ExampleContext } from "../src/lib/examples";
import { draftRequest } from "../src/lib/request-draft";
import { generateTestCertificate, importCertificateAndKey } from "../src/signing/index";
import { httpClient } from "../mocks/server/http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "../mocks/server/start";
import { findRuntimes, type RuntimeName } from "./ensure-runtimes.mjs";
import { contextOf, expectDataKept, startTargets, type Target } from "./take-away-targets";

const KARI = "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21";
/** Kari's current account and Ola's (the fixed data set of the portal's sandbox). */
const DEBTOR = { bban: "97100000028", currency: "NOK" };
const CREDITOR = { bban: "97100000044", currency: "NOK" };
/** Quotes, a dollar, a backtick, a backslash and Norwegian letters: every language's string quoting is at stake. */
const REMITTANCE = `Åse's "middag" $HOME \`x\` \\ på fredag`;

const runtimeOf: Record<Generator["id"], RuntimeName> = { bash: "bash", node: "node", python: "python", java: "java", go: "go" };
const runtimes = findRuntimes();

/** The sandbox the portal works with, used (a payment of its own beside the fixed data): the code is made from its data. */
let portal: SandboxServer;
let context: ExampleContext;
/** Where the code runs: a server started with --empty, and one holding other clients' data. */
let targets: Target[] = [];
let dir: string;

/** The public test pair as the tests' signed client takes it. */
async function publicPair() {
  const read = (name: string) => readFile(join(import.meta.dirname, "../public/test-credentials", name), "utf8");
  const { certificate, privateKey } = await importCertificateAndKey(await read("tpp-cert.pem"), await read("tpp-key.pem"));
  return { certificatePem: certificate.pem, privateKey };
}

beforeAll(async () => {
  portal = await startSandboxServer({ port: 0 });
  const used = await httpClient(portal.url, publicPair()).send("POST", operationById("createPayment").path, {
    headers: initiationHeaders,
    body: { instructedAmount: { amount: "7.00", currency: "NOK" }, creditorName: "Ola Nordmann", creditorAccount: CREDITOR, debtorAccount: DEBTOR },
  });
  expect(used.status).toBe(201);
  context = await contextOf(portal.url);
  targets = await startTargets();
  dir = await mkdtemp(join(tmpdir(), "snippets-"));
  // The public test pair the code panel offers for download (public/test-credentials/).
  for (const file of ["tpp-cert.pem", "tpp-key.pem"]) await copyFile(join(import.meta.dirname, "../public/test-credentials", file), join(dir, file));
});
afterAll(async () => {
  await Promise.all([portal.close(), ...targets.map((target) => target.server.close())]);
  await rm(dir, { recursive: true, force: true });
});

/**
 * The request the console would make for this operation from the portal's sandbox, as the code panel hands it to the
 * generators: standing alone, addressed to `base` (the server chosen in Settings).
 */
function codeRequest(
  id: OperationId,
  parts: { params?: Record<string, string>; query?: Record<string, string>; headers?: Record<string, string>; body?: unknown },
  base: string,
): CodeRequest {
  const operation = operationById(id);
  const draft = draftRequest(
    {
      operation,
      params: parts.params ?? {},
      query: parts.query ?? {},
      // The console always has an X-Request-ID; the model drops it (the code makes a fresh one).
      headers: { "X-Request-ID": crypto.randomUUID(), Accept: "application/json", ...parts.headers },
      body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
    },
    base,
  );
  return standAlone(codeRequestFromDraft(draft, base, operation.title), context, parts.params);
}

const initiationHeaders = {
  "TPP-Session-ID": "6b3f1c2a-9d8e-4f70-a1b2-c3d4e5f60718",
  "TPP-Redirect-URI": "https://tpp.example.no/callback",
  "PSU-ID": KARI,
  "PSU-IP-Address": "192.0.2.10",
};
const payment = (base: string) =>
  codeRequest(
    "createPayment",
    {
      headers: initiationHeaders,
      body: {
        instructedAmount: { amount: "12.50", currency: "NOK" },
        creditorName: "Ola Nordmann",
        creditorAccount: CREDITOR,
        debtorAccount: DEBTOR,
        remittanceInformationUnstructured: REMITTANCE,
        requestedExecutionDate: context.today,
      },
    },
    base,
  );

/** Nothing of the portal's sandbox is in the code: its PSU, its account numbers and ids, its day. */
function expectStandsAlone(code: string) {
  for (const value of [KARI, DEBTOR.bban, CREDITOR.bban, "acc-001", "Ola Nordmann", context.today, portal.url]) expect(code).not.toContain(value);
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function execute(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout: 150_000, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

function runtimeFor(generator: Generator): string {
  const command = runtimes[runtimeOf[generator.id]];
  if (!command)
    throw new Error(`No ${generator.label} runtime (${generator.needs}): run node scripts/ensure-runtimes.mjs, which installs it from Debian's packages.`);
  return command;
}

/**
 * Java and Go programs built once, run as often as the tests need: `java X.java` and `go run x.go` (what the code panel
 * says to run) compile on every launch, 5 to 10 s for Java on a busy 2-core machine. By code: the command that runs it.
 */
const built = new Map<string, Promise<{ command: string; args: string[] }>>();

/** All of a language's programs in one `javac` (one compiler start instead of one per program). */
async function buildJava(programs: readonly { name: string; code: string }[]) {
  const java = runtimeFor(generators.find((generator) => generator.id === "java") ?? generators[0]!);
  const folder = await mkdtemp(join(dir, "java-"));
  const files = programs.map(({ name }) => javaFile(name));
  for (const [index, { code }] of programs.entries()) await writeFile(join(folder, files[index] ?? ""), code);
  const compiled = execute(java.replace(/java$/, "javac"), ["-encoding", "UTF-8", "-d", "classes", ...files], folder).then((run) => {
    if (run.code !== 0) throw new Error(`javac failed:\n${run.stdout}\n${run.stderr}`);
  });
  for (const [index, { code }] of programs.entries())
    built.set(
      code,
      compiled.then(() => ({ command: java, args: ["-cp", join(folder, "classes"), (files[index] ?? "").replace(/\.java$/, "")] })),
    );
  await compiled;
}
const javaFile = (name: string) => generators.find((generator) => generator.id === "java")?.fileName(name) ?? "";

/** How to run the code: built first for Java and Go, as the README line says for the others. */
async function launch(generator: Generator, name: string, code: string, folder: string, asReadme: boolean): Promise<{ command: string; args: string[] }> {
  const command = runtimeFor(generator);
  const fileName = generator.fileName(name);
  const cached = asReadme ? undefined : built.get(code);
  if (cached) return cached;
  if (asReadme) await writeFile(join(folder, fileName), code);
  else if (generator.id === "java") {
    await buildJava([{ name, code }]);
    return built.get(code) ?? Promise.reject(new Error("not built"));
  } else await writeFile(join(folder, fileName), code);
  if (generator.id === "go" && !asReadme) {
    const binary = join(await mkdtemp(join(dir, "go-")), name);
    const building = execute(command, ["build", "-o", binary, fileName], folder).then((run) => {
      if (run.code !== 0) throw new Error(`go build failed:\n${run.stderr}`);
      return { command: binary, args: [] };
    });
    built.set(code, building);
    return building;
  }
  // "python3 x.py", "node x.mjs": the first word is the runtime, found (or installed) by ensure-runtimes.
  const [, ...args] = generator.run(fileName).split(" ");
  return { command, args };
}

/** Runs the code with the credentials beside it (its working folder); `asReadme`: exactly as the code panel says to run it. */
async function runSnippet(
  generator: Generator,
  name: string,
  code: string,
  credentials = dir,
  env: Record<string, string> = {},
  asReadme = false,
): Promise<Run> {
  const { command, args } = await launch(generator, name, code, credentials, asReadme);
  return execute(command, args, credentials, env);
}

/** Exit 0 and a 2xx status line; on failure the message shows what the snippet printed. */
function expect2xx(run: Run, status = /^HTTP 2\d\d$/m) {
  expect({ code: run.code, ok: status.test(run.stdout) }, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toEqual({ code: 0, ok: true });
}

// Java and Go compile first: several seconds each, more on a busy machine (docs/decisions/0020).
const RUN_TIMEOUT = 180_000;

/** The code is made once, addressed to the first server (as chosen in Settings); SANDBOX_URL points it at the other. */
const envFor = (target: Target): Record<string, string> => (target === targets[0] ? {} : { SANDBOX_URL: target.server.url });
const chosen = () => targets[0]?.server.url ?? "";

/** A language's programs, as the code panel makes them from the portal's sandbox. */
function programsOf(generator: Generator) {
  const list = (limit: string) => codeRequest("listSandboxTransactions", { params: { mockAccountId: "acc-001" }, query: { limit } }, chosen());
  const get = list("2");
  // Made in the portal for a payment of the portal's sandbox.
  const remove = codeRequest("deletePayment", { params: { paymentId: "portal-payment-id" }, headers: { "PSU-ID": KARI } }, chosen());
  // A name of its own: Java names its class after it, and the programs are compiled together.
  const nonAscii = { ...list("1"), title: "List transactions with a non-ASCII certificate" };
  return {
    get: { name: slug(get.title), code: generator.request(get) },
    post: { name: slug("Create NDCT payment"), code: generator.request(payment(chosen())) },
    remove: { name: slug(remove.title), code: generator.request(remove) },
    journey: { name: JOURNEY_SLUG, code: generator.journey(journeyFrom(payment(chosen()))) },
    nonAscii: { name: slug(nonAscii.title), code: generator.request(nonAscii) },
  };
}

describe.each(generators.map((generator) => [generator.label, generator] as const))("%s", (_label, generator) => {
  let programs: ReturnType<typeof programsOf>;
  beforeAll(async () => {
    programs = programsOf(generator);
    // nonAscii runs as the code panel says, compiled when it runs.
    if (generator.id === "java") await buildJava([programs.get, programs.post, programs.remove, programs.journey]);
  });

  test("GET with a query: a sandbox account of its own made by its setup, on each server", { timeout: RUN_TIMEOUT }, async () => {
    expectStandsAlone(programs.get.code);
    for (const target of targets) expect2xx(await runSnippet(generator, programs.get.name, programs.get.code, dir, envFor(target)), /^HTTP 200$/m);
  });

  test("POST with a body: a payment, twice on each server, the body's quotes and Norwegian letters sent as written", { timeout: RUN_TIMEOUT }, async () => {
    expectStandsAlone(programs.post.code);
    for (const target of targets) {
      for (let round = 0; round < 2; round += 1) {
        const run = await runSnippet(generator, programs.post.name, programs.post.code, dir, envFor(target));
        expect2xx(run, /^HTTP 201$/m);
        const paymentId = /"paymentId":"([^"]+)"/.exec(run.stdout)?.[1] ?? "";
        const stored = (await (await fetch(`${target.server.url}/__sandbox/payments/${paymentId}`)).json()) as { remittanceInformationUnstructured?: string };
        expect(JSON.stringify(stored)).toContain(JSON.stringify(REMITTANCE).slice(1, -1));
      }
    }
  });

  test("DELETE: a payment of the user's own cancelled, its id and PSU read from the environment", { timeout: RUN_TIMEOUT }, async () => {
    const target = targets[1];
    if (!target) throw new Error("no target");
    // Made by the tests' own signed client, so that each language cancels a payment of its own; signed with the public
    // pair, as the snippet is: a payment is its TPP's alone (decision 0058).
    const created = await httpClient(target.server.url, publicPair()).send("POST", operationById("createPayment").path, {
      headers: initiationHeaders,
      body: { instructedAmount: { amount: "1.00", currency: "NOK" }, creditorName: "Ola Nordmann", creditorAccount: CREDITOR, debtorAccount: DEBTOR },
    });
    expect(created.status).toBe(201);
    const { paymentId } = (await created.json()) as { paymentId: string };
    const { name, code } = programs.remove;
    expect(code).not.toContain("portal-payment-id");
    const missing = await runSnippet(generator, name, code, dir, envFor(target));
    expect(missing.code, missing.stdout).not.toBe(0);
    expect(`${missing.stdout}${missing.stderr}`).toContain("PAYMENT_ID");
    const run = await runSnippet(generator, name, code, dir, { ...envFor(target), PAYMENT_ID: paymentId, PSU_ID: KARI });
    expect2xx(run, /^HTTP 204$/m);
    const status = (await (await fetch(`${target.server.url}/__sandbox/payments/${paymentId}`)).json()) as { transactionStatus: string };
    expect(status.transactionStatus).toBe("CANC");
  });

  test("the journey: create, approve SCA, run the batch, read the status; twice on each server", { timeout: RUN_TIMEOUT }, async () => {
    expectStandsAlone(programs.journey.code);
    for (const target of targets) {
      for (let round = 0; round < 2; round += 1) {
        const run = await runSnippet(generator, programs.journey.name, programs.journey.code, dir, envFor(target));
        expect2xx(run);
        expect(run.stdout).toMatch(/^HTTP 200 from \/__sandbox\/sca\/payment\/[\w-]+$/m);
        expect(run.stdout).toMatch(/^HTTP 200 from \/__sandbox\/batch\/run$/m);
        // Booked on a business day; on a weekend or holiday the payment waits for the next one.
        expect(run.stdout.trimEnd()).toMatch(/HTTP 200\n\{"transactionStatus":"(ACSC|ACTC|PDNG)"[^\n]*\}$/);
      }
    }
  });

  test("a certificate with a non-ASCII name: keyId read from it, Signature sent RFC 2047-encoded", { timeout: RUN_TIMEOUT }, async () => {
    const own = await mkdtemp(join(dir, `${generator.id}-`));
    const made = await generateTestCertificate({ tppName: "Fjordbetaling Ærlig", organizationName: "Fjordbetaling Ærlig AS", organizationId: "987654321" });
    await writeFile(join(own, "tpp-cert.pem"), made.certificatePem);
    await writeFile(join(own, "tpp-key.pem"), made.privateKeyPkcs8Pem);
    // Run as the code panel says (java X.java, go run x.go): the way a user runs it, proven once per language.
    expect2xx(await runSnippet(generator, programs.nonAscii.name, programs.nonAscii.code, own, {}, true), /^HTTP 200$/m);
  });
});

test("every language left the data each server held before as it was", async () => {
  await expectDataKept(targets);
});

test("the Go snippets are gofmt-clean", { timeout: RUN_TIMEOUT }, async () => {
  const go = generators.find((generator) => generator.id === "go");
  const command = runtimes.go;
  if (!go || !command) throw new Error("No Go: run node scripts/ensure-runtimes.mjs");
  const file = join(dir, "gofmt-check.go");
  for (const code of [go.request(payment(portal.url)), go.journey(journeyFrom(payment(portal.url)))]) {
    await writeFile(file, code);
    const listed = await new Promise<string>((resolve, reject) => {
      execFile(command.replace(/go$/, "gofmt"), ["-l", file], (error, stdout) => {
        if (error) reject(new Error(`gofmt: ${error.message}`));
        else resolve(stdout);
      });
    });
    expect(listed).toBe("");
  }
});

/**
 * A Python back end against the standalone server, over HTTP (issue 26, "Tested for real"): the portal's own Python
 * snippet of a payment initiation (src/lib/code-export/python.ts), run with python3, requests and cryptography.
 *
 * - The client report (decision 0054): a back end that retries a 429 at once fails "Retry-After respected"; one that
 *   waits the seconds Retry-After names passes it.
 * - The signature doctor (decision 0052): the snippet with one signing mistake of issue 26 point 3 planted in its
 *   Python source at a time is refused 401 with that mistake's own diagnosis code.
 *
 * One server for every case. Run alone: npx vitest run --config vitest.snippets.config.ts scripts/python-back-end.run.test.ts
 */
import { execFile } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hrefOf } from "../src/contract/paths";
import { operationById } from "../src/contract/operations";
import { SIGNATURE_DIAGNOSIS_HEADER } from "../src/contract/signature-diagnoses";
import { ClientReport, TrafficPage } from "../src/contract/traffic";
import { python } from "../src/lib/code-export/python";
import { codeRequestFromDraft } from "../src/lib/code-export/request-model";
import { draftRequest } from "../src/lib/request-draft";
import { generateTestCertificate } from "../src/signing/index";
import { startSandboxServer, type SandboxServer } from "../mocks/server/start";
import { findRuntimes } from "./ensure-runtimes.mjs";

const KARI = "5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a21";
const pythonCommand = findRuntimes().python;

let server: SandboxServer;
let runs = 0;
let dir: string;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0, verifyWorkers: 0 });
  dir = await mkdtemp(join(tmpdir(), "python-back-end-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** The portal's Python snippet of a payment initiation from Kari's account to Ola's, as the code panel makes it. */
function initiationSnippet(): string {
  const operation = operationById("createPayment");
  const draft = draftRequest(
    {
      operation,
      params: {},
      query: {},
      headers: {
        "X-Request-ID": crypto.randomUUID(),
        Accept: "application/json",
        "TPP-Session-ID": "6b3f1c2a-9d8e-4f70-a1b2-c3d4e5f60718",
        "TPP-Redirect-URI": "https://tpp.example.no/callback",
        "PSU-ID": KARI,
        "PSU-IP-Address": "192.0.2.10",
      },
      body: JSON.stringify({
        instructedAmount: { amount: "3.00", currency: "NOK" },
        creditorName: "Ola Nordmann",
        creditorAccount: { bban: "97100000044", currency: "NOK" },
        debtorAccount: { bban: "97100000028", currency: "NOK" },
      }),
    },
    server.url,
  );
  return python.request(codeRequestFromDraft(draft, server.url, operation.title));
}

/** `code` with `from` replaced by `to`, failing loudly when the snippet no longer has `from` (the plant would be void). */
function planted(code: string, from: string | RegExp, to: string): string {
  const changed = code.replace(from, to);
  if (changed === code) throw new Error(`The Python snippet no longer contains ${String(from)}: update this plant.`);
  return changed;
}

/** A TPP of its own (certificate, key) in a folder of its own; its certificate's SHA-256 fingerprint names it in the report. */
async function tppFolder(name: string, serialNumber?: string): Promise<{ folder: string; fingerprint: string }> {
  const folder = await mkdtemp(join(dir, `${name}-`));
  const made = await generateTestCertificate({ tppName: name, ...(serialNumber === undefined ? {} : { serialNumber }) });
  await writeFile(join(folder, "tpp-cert.pem"), made.certificatePem);
  await writeFile(join(folder, "tpp-key.pem"), made.privateKeyPkcs8Pem);
  return { folder, fingerprint: new X509Certificate(made.certificatePem).fingerprint256.replaceAll(":", "").toLowerCase() };
}

/** Runs `code` with python3 in `folder` (its credentials beside it): its exit code and what it printed. */
async function runPython(folder: string, code: string, name = "back_end"): Promise<{ code: number; stdout: string; stderr: string }> {
  if (!pythonCommand) throw new Error("No python3 with requests and cryptography: run node scripts/ensure-runtimes.mjs, which installs them.");
  const file = join(folder, `${name}_${String(++runs)}.py`);
  await writeFile(file, code);
  return new Promise((resolve) => {
    execFile(pythonCommand, [file], { cwd: folder, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe("the client report on a Python back end", () => {
  /**
   * The snippet as a back end's retry loop: its `send` no longer exits on an error (the back end handles the status),
   * its one call becomes the arguments, and the first attempt is answered 429 with Retry-After: 1.
   */
  function retryingBackEnd(waits: boolean): string {
    const code = planted(planted(initiationSnippet(), /\n {4}if response\.status_code >= 400:\n {8}sys\.exit\(1\)/, ""), /\nsend\(\n/, "\nARGS = (\n");
    return `${code}
import time

method, url, headers, body = ARGS
response = send(method, url, {**headers, "X-Sandbox-Scenario": "too-many-requests;retry-after=1"}, body)
assert response.status_code == 429, response.status_code
${waits ? 'time.sleep(int(response.headers["Retry-After"]))' : "# Retried at once: Retry-After ignored."}
response = send(method, url, headers, body)
sys.exit(0 if response.status_code == 201 else 1)
`;
  }

  async function reportOn(fingerprint: string, records: number): Promise<ClientReport> {
    // A record is written once its answer has gone: wait for the client's last one.
    const listed = `${server.url}${hrefOf("sandboxRequests", {}, { tpp: fingerprint })}`;
    while (TrafficPage.parse(await (await fetch(listed)).json()).requests.length < records) await new Promise((resolve) => setImmediate(resolve));
    const answer = await fetch(`${server.url}${hrefOf("sandboxReport", {}, { tpp: fingerprint })}`);
    expect(answer.status).toBe(200);
    return ClientReport.parse(await answer.json());
  }

  test("a back end that retries a 429 at once fails Retry-After respected, citing both requests; one that waits passes", async () => {
    const [hasty, patient] = await Promise.all([tppFolder("Hasty TPP"), tppFolder("Patient TPP")]);
    const [hastyRun, patientRun] = await Promise.all([runPython(hasty.folder, retryingBackEnd(false)), runPython(patient.folder, retryingBackEnd(true))]);
    expect(hastyRun, hastyRun.stderr).toMatchObject({ code: 0 });
    expect(patientRun, patientRun.stderr).toMatchObject({ code: 0 });

    const failed = (await reportOn(hasty.fingerprint, 2)).checks.find((check) => check.id === "retry-after-respected");
    expect(failed).toMatchObject({ status: "fail", source: "this sandbox's advice (RFC 9110 §10.2.3)" });
    expect(failed?.evidence).toHaveLength(2);
    expect(failed?.detail).toContain("inside a Retry-After window");
    const passed = await reportOn(patient.fingerprint, 2);
    expect(passed).toMatchObject({ tpp: patient.fingerprint, requests: 2 });
    expect(passed.checks.find((check) => check.id === "retry-after-respected")?.status).toBe("pass");
    expect(passed.checks.find((check) => check.id === "signed-headers")?.status).toBe("pass");
  });
});

describe("the signature doctor on a Python back end", () => {
  /** Each mistake of issue 26 point 3, planted in the snippet's Python source: [label, the code it must get, the plant]. */
  const MISTAKES: [label: string, code: string, plant: (code: string) => string][] = [
    [
      "header names not in lower case",
      "signing-string-name-case",
      (c) => planted(c, 'f"{name}: {present[name].strip()}"', 'f"{name.title()}: {present[name].strip()}"'),
    ],
    ["a newline after the last line", "signing-string-trailing-newline", (c) => planted(c, /(\n {4}signing_string = .*\n)/, '$1    signing_string += "\\n"\n')],
    ["CRLF line ends", "signing-string-crlf", (c) => planted(c, 'signing_string = "\\n".join', 'signing_string = "\\r\\n".join')],
    [
      "(request-target) signed but not listed",
      "request-target-unlisted",
      (c) =>
        planted(
          c,
          /(\n {4}signing_string = .*\n)/,
          `$1    signing_string = "(request-target): post ${operationById("createPayment").path}\\n" + signing_string\n`,
        ),
    ],
    [
      "host signed but not listed",
      "host-unlisted",
      (c) => planted(c, /(\n {4}signing_string = .*\n)/, `$1    signing_string += "\\nhost: ${new URL(server.url).host}"\n`),
    ],
    [
      "an RSA-SHA512 signature under rsa-sha256",
      "algorithm-hash-mismatch",
      (c) => planted(c, "padding.PKCS1v15(), hashes.SHA256()", "padding.PKCS1v15(), hashes.SHA512()"),
    ],
    [
      "a signature made with another key than the certificate's",
      "signature-other-key",
      (c) =>
        planted(
          c,
          /\nwith open\(CERT_FILE/,
          "\nfrom cryptography.hazmat.primitives.asymmetric import rsa\nPRIVATE_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)\nwith open(CERT_FILE",
        ),
    ],
    [
      "a Digest of the body serialised otherwise (pretty-printed)",
      "digest-of-reformatted-json",
      (c) => planted(c, "hashlib.sha256(body)", "hashlib.sha256(__import__('json').dumps(__import__('json').loads(body), indent=2).encode())"),
    ],
    ["a Date an hour old", "date-stale", (c) => planted(c, "formatdate(usegmt=True)", "formatdate(__import__('time').time() - 3600, usegmt=True)")],
    ["a Date sent but not signed", "date-unsigned", (c) => planted(c, "if name in present]", 'if name in present and name != "date"]')],
    ["a keyId serial in decimal", "keyid-serial-decimal", (c) => planted(c, '"SN=%X,CA=%s"', '"SN=%d,CA=%s"')],
    ["a required header left out of the list", "header-not-signed", (c) => planted(c, "if name in present]", 'if name in present and name != "psu-id"]')],
  ];

  test("each planted mistake is refused 401 with its own diagnosis code, and the snippet unchanged is accepted", async () => {
    // A serial with hex letters in it, so that its decimal form is not also hex.
    const { folder } = await tppFolder("Doctor TPP", "00a1b2c3d4");
    // The back end prints the diagnosis header beside the status line.
    const printing = planted(
      initiationSnippet(),
      'print(f"HTTP {response.status_code}")',
      `print(f"HTTP {response.status_code} {response.headers.get('${SIGNATURE_DIAGNOSIS_HEADER}', '')}")`,
    );
    const accepted = await runPython(folder, printing);
    expect(accepted.stdout, accepted.stderr).toMatch(/^HTTP 201 $/m);
    const firsts: string[] = [];
    // Two back ends at a time (two cores): python3's start (requests, cryptography) is most of each run.
    for (let start = 0; start < MISTAKES.length; start += 2) {
      const batch = MISTAKES.slice(start, start + 2);
      const runs = await Promise.all(batch.map(([, , plant]) => runPython(folder, plant(printing), `back_end_${String(start)}`)));
      for (const [index, [label, code]] of batch.entries()) {
        const run = runs[index];
        const line = /^HTTP (\d+) (\S*)$/m.exec(run?.stdout ?? "");
        expect({ label, status: line?.[1], first: line?.[2]?.split(",")[0] }, `${run?.stdout ?? ""}\n${run?.stderr ?? ""}`).toEqual({
          label,
          status: "401",
          first: code,
        });
        firsts.push(code);
      }
    }
    expect(new Set(firsts).size).toBe(MISTAKES.length);
  });
});

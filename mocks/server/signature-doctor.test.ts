/**
 * The signature doctor over HTTP (issue 26, point 3; decision 0052): a TPP's back end that makes one of the
 * usual signing mistakes gets a 401 whose X-Sandbox-Signature-Diagnosis header names that mistake by its own
 * code, and whose text says what was wrong and the fix, from the standalone server, local and hosted. Each
 * request is signed with real RSA keys by the project's own signing pieces, one mistake planted at a time.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import type { TrafficPage, TrafficRecord } from "../../src/contract/traffic";
import { SIGNATURE_DIAGNOSIS_HEADER, signatureDiagnosisCodes } from "../../src/contract/signature-diagnoses";
import { computeDigest, generateTestCertificate, type SignableRequest } from "../../src/signing/index";
import type { TestCertificate } from "../../src/signing/test-certificate";
import { DEFAULT_LIST, importAs, planted, type Plant } from "../../src/signing/test-fixtures/planted-mistakes";
import { KARI, NDCT, initiationHeaders, kariAndOla, paymentBody, type ListedAccount } from "../test-helpers";
import { capture, paymentsOn, replay, sendLines } from "./captured-request.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

interface Messages {
  tppMessages: { code: string; path?: string; text: string }[];
}

/** Each mistake, planted in a payment initiation: the request's extra headers, the plant, the code named first, words of its text. */
type Case = [label: string, code: string, plant: (tpp: TestCertificate, other: TestCertificate) => Promise<Plant> | Plant, text: RegExp];

const lines = (edit: (line: string) => string) => (signingString: string) => signingString.split("\n").map(edit).join("\n");

const CASES: Case[] = [
  [
    "header names not in lower case",
    "signing-string-name-case",
    () => ({ edit: lines((line) => line.replace(/^[^:]+/, (name) => name.toUpperCase())) }),
    /lower case/,
  ],
  ["a newline after the last line", "signing-string-trailing-newline", () => ({ edit: (s) => `${s}\n` }), /Drop the final newline/],
  ["CRLF line ends", "signing-string-crlf", () => ({ edit: (s) => s.replace(/\n/g, "\r\n") }), /CRLF/],
  [
    "(request-target) signed but not listed",
    "request-target-unlisted",
    () => ({ signed: ["(request-target)", ...DEFAULT_LIST] }),
    /\(request-target\): post \/v1\//,
  ],
  ["host signed but not listed", "host-unlisted", () => ({ signed: [...DEFAULT_LIST, "host"] }), /"host: 127\.0\.0\.1:\d+" line/],
  [
    "an RSA-SHA512 signature under rsa-sha256",
    "algorithm-hash-mismatch",
    async (tpp) => ({ key: await importAs(tpp, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-512" }) }),
    /DigestInfo names SHA-512/,
  ],
  ["another key than the certificate's", "signature-other-key", (_tpp, other) => ({ key: other.privateKey }), /not made with the key of the certificate sent/],
  [
    "a keyId serial in decimal",
    "keyid-serial-decimal",
    (tpp) => ({ keyId: tpp.certificate.keyId.replace("SN=A1B2C3D4", `SN=${String(0xa1b2c3d4)}`) }),
    /SN=A1B2C3D4/,
  ],
  ["a required header left out of the list", "header-not-signed", () => ({ list: ["digest", "x-request-id", "tpp-redirect-uri"] }), /psu-id/i],
];

describe.each([
  ["a local server", false],
  ["a hosted server (in memory)", true],
])("the signature doctor on %s", (_mode, hosted) => {
  let server: SandboxServer;
  let tpp: TestCertificate;
  let other: TestCertificate;
  let body: string;

  beforeAll(async () => {
    server = await startSandboxServer({ port: 0, multiTenant: hosted });
    [tpp, other] = await Promise.all([
      generateTestCertificate({ tppName: "Doctor TPP", organizationId: "888888888", serialNumber: "00a1b2c3d4" }),
      generateTestCertificate({ tppName: "Another TPP" }),
    ]);
    const listed = await replay(server.url, await capture(tpp, "GET", hrefOf("sandboxAccounts", {})));
    const { kari, ola } = kariAndOla((await listed.json()) as ListedAccount[]);
    body = JSON.stringify(paymentBody(kari, ola, { amount: "4.00" }));
  });
  afterAll(async () => {
    await server.close();
  });

  /** A payment initiation as a TPP's back end builds it, before it is signed. */
  const initiation = (headers: Record<string, string> = {}, sent = body): SignableRequest => ({
    method: "POST",
    url: NDCT,
    headers: {
      ...initiationHeaders(KARI),
      "X-Request-ID": crypto.randomUUID(),
      "Content-Type": "application/json",
      Host: new URL(server.url).host,
      ...headers,
    },
    body: sent,
  });

  /** The newest request the local server recorded, whole (hosted: a refused signature establishes no tenant to keep it). */
  async function newestRecord(): Promise<TrafficRecord> {
    const listed = (await (await fetch(`${server.url}${hrefOf("sandboxRequests", {}, { limit: "1" })}`)).json()) as TrafficPage;
    const id = listed.requests[0]?.id ?? "";
    return (await (await fetch(`${server.url}${hrefOf("sandboxRequest", { id })}`)).json()) as TrafficRecord;
  }

  /** Sends `request` and answers the status, the diagnosis header's codes and the first tppMessage; nothing may be created. */
  async function send(request: SignableRequest) {
    const before = await paymentsOn(server);
    const answer = await sendLines(server.url, request.method, request.url, request.headers as Record<string, string>, request.body as string);
    expect(await paymentsOn(server)).toBe(before);
    const header = answer.headers[SIGNATURE_DIAGNOSIS_HEADER.toLowerCase()];
    return {
      status: answer.status,
      codes: typeof header === "string" ? header.split(",") : [],
      message: (JSON.parse(answer.text) as Messages).tppMessages[0],
    };
  }

  test("a request signed right is accepted, without a diagnosis", async () => {
    const answer = await sendLines(server.url, "POST", NDCT, (await planted(tpp, initiation())).headers as Record<string, string>, body);
    expect(answer.status).toBe(201);
    expect(answer.headers[SIGNATURE_DIAGNOSIS_HEADER.toLowerCase()]).toBeUndefined();
  });

  test("a headers list with capitals is accepted, and its record and the client report say a bank may refuse it", async () => {
    const request = await planted(tpp, initiation(), { list: DEFAULT_LIST.map((name) => name.toUpperCase()), signed: DEFAULT_LIST });
    const answer = await sendLines(server.url, "POST", NDCT, request.headers as Record<string, string>, body);
    expect(answer.status).toBe(201);
    if (hosted) return; // its record is the signing TPP's, read with its signature (mocks/server/tenants)
    let record = await newestRecord();
    while (record.status !== 201) record = await newestRecord();
    expect(record.diagnosis).toEqual([{ code: "headers-param-not-lowercase", text: expect.stringMatching(/lower case/) as string }]);
    const report = (await (await fetch(`${server.url}${hrefOf("sandboxReport", {})}`)).json()) as {
      checks: { id: string; status: string; detail: string; evidence: string[] }[];
    };
    const signed = report.checks.find((check) => check.id === "signed-headers");
    expect(signed?.status).toBe("fail");
    expect(signed?.evidence).toContain(record.id);
    expect(signed?.detail).toContain("wrote headers= with capitals");
  });

  test("each planted mistake is refused 401 with its own code first in the header, and a text that says the fix", async () => {
    const firsts: string[] = [];
    for (const [label, code, plant, text] of CASES) {
      const answer = await send(await planted(tpp, initiation(), await plant(tpp, other)));
      expect(answer.status, label).toBe(401);
      expect(answer.codes[0], label).toBe(code);
      expect(answer.message?.text, label).toMatch(text);
      expect(signatureDiagnosisCodes, label).toEqual(expect.arrayContaining(answer.codes));
      firsts.push(answer.codes[0] ?? "");
      if (hosted) continue;
      // The request's record says the same, with what the sandbox rebuilt and the digest of the body as it came.
      const record = await newestRecord();
      expect(
        record.diagnosis.map((finding) => finding.code),
        label,
      ).toEqual(answer.codes);
      expect(answer.message?.text.startsWith(record.diagnosis[0]?.text ?? "(none)"), label).toBe(true);
      expect(record.bodyDigest, label).toBe(await computeDigest(body));
      expect(record.signingString, label).toMatch(/^digest: SHA-256=\S+\nx-request-id: /);
    }
    expect(new Set(firsts).size).toBe(CASES.length);
  });

  test("a Digest of the body pretty-printed → digest-of-reformatted-json, with the Digest the body sent needs", async () => {
    const digest = await computeDigest(JSON.stringify(JSON.parse(body), null, 2));
    const answer = await send(await planted(tpp, initiation(), { digest }));
    expect(answer).toMatchObject({ status: 401, codes: ["digest-of-reformatted-json"] });
    expect(answer.message?.text).toContain(await computeDigest(body));
  });

  test("a Date sent but not signed → date-unsigned; signed but an hour old → date-stale", async () => {
    const unsigned = await send(await planted(tpp, initiation({ Date: new Date().toUTCString() })));
    expect(unsigned).toMatchObject({ status: 401, codes: ["date-unsigned"] });
    const hourAgo = new Date(Date.now() - 3_600_000).toUTCString();
    const stale = await send(await planted(tpp, initiation({ Date: hourAgo }), { list: [...DEFAULT_LIST, "date"] }));
    expect(stale).toMatchObject({ status: 401, codes: ["date-stale"], message: { path: "Date" } });
    expect(stale.message?.text).toMatch(/behind the bank's real time/);
    if (!hosted) expect((await newestRecord()).diagnosis.map((finding) => finding.code)).toEqual(["date-stale"]);
  });

  test("a value changed after signing, which no known mistake explains → signature-mismatch, saying so, with the rebuilt string line by line", async () => {
    const request = await planted(tpp, initiation());
    const changed = { ...request, headers: { ...request.headers, "PSU-ID": "0f0e0d0c-0b0a-4908-8706-050403020100" } };
    const answer = await send(changed);
    expect(answer).toMatchObject({ status: 401, codes: ["signature-mismatch"] });
    expect(answer.message?.text).toContain("none of the known mistakes explains it");
    expect(answer.message?.text).toMatch(
      /\n1\. digest: SHA-256=\S+\n2\. x-request-id: \S+\n3\. psu-id: 0f0e0d0c-0b0a-4908-8706-050403020100\n4\. tpp-redirect-uri: /,
    );
  });
});

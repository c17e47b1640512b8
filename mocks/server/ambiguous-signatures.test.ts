/**
 * Ambiguous signatures are refused (issue 25, point 2; decision 0045): two Signature headers, a parameter
 * given twice in one, a Digest listing an algorithm the bank does not check or one algorithm twice, and any
 * one-value header sent on two lines. Over HTTP, on a local and on a hosted server, each is a 400 or 401
 * whose text says which, and creates nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import { generateTestCertificate } from "../../src/signing/index";
import { KARI, NDCT, initiationHeaders, kariAndOla, paymentBody, type ListedAccount } from "../test-helpers";
import { capture, paymentsOn, digestOf, replay, sendLines, signedWithDigest, type Signer } from "./captured-request.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

interface Messages {
  tppMessages: { code: string; path?: string; text: string }[];
}

describe.each([
  ["a local server", false],
  ["a hosted server (in memory)", true],
])("%s", (_mode, hosted) => {
  let server: SandboxServer;
  let tpp: Signer;
  let body: string;

  const paymentCount = () => paymentsOn(server);

  /** Sends a payment initiation whose headers are `headers` (arrays as several lines); answers status and messages, and checks it created nothing. */
  async function initiation(headers: Record<string, string | string[]>) {
    const before = await paymentCount();
    const answer = await sendLines(server.url, "POST", NDCT, headers, body);
    expect(await paymentCount()).toBe(before);
    return { status: answer.status, messages: (JSON.parse(answer.text) as Messages).tppMessages };
  }

  beforeAll(async () => {
    server = await startSandboxServer({ port: 0, multiTenant: hosted });
    tpp = await generateTestCertificate({ tppName: "Ambiguous TPP", organizationId: "777777777" });
    const listed = await replay(server.url, await capture(tpp, "GET", hrefOf("sandboxAccounts", {})));
    const { kari, ola } = kariAndOla((await listed.json()) as ListedAccount[]);
    body = JSON.stringify(paymentBody(kari, ola, { amount: "3.00" }));
  });
  afterAll(async () => {
    await server.close();
  });

  /** A correctly signed payment initiation's headers: the baseline every case below spoils in one way. */
  const signedHeaders = async () => (await capture(tpp, "POST", NDCT, { headers: initiationHeaders(KARI), body: JSON.parse(body) as unknown })).headers;

  test("the baseline is accepted (so each refusal below is the ambiguity's)", async () => {
    const before = await paymentCount();
    expect((await sendLines(server.url, "POST", NDCT, await signedHeaders(), body)).status).toBe(201);
    expect(await paymentCount()).toBe(before + 1);
  });

  test("two Signature headers, the right one last → 401 SIGNATURE_INVALID naming two Signature headers", async () => {
    const headers = await signedHeaders();
    const other = headers.Signature?.replace(/keyId="[^"]*"/, 'keyId="SN=1,CA=CN=Someone else"') ?? "";
    expect(await initiation({ ...headers, Signature: [other, headers.Signature ?? ""] })).toEqual({
      status: 401,
      messages: [
        {
          category: "ERROR",
          code: "SIGNATURE_INVALID",
          path: "Signature",
          text: "The request has 2 Signature headers; a request carries one signature: send one Signature header.",
        },
      ],
    });
  });

  test("one Signature header with keyId given twice, the right one last → 401 saying the keyId parameter is given twice", async () => {
    const headers = await signedHeaders();
    const twice = `keyId="SN=1,CA=CN=Someone else",${headers.Signature ?? ""}`;
    const answer = await initiation({ ...headers, Signature: twice });
    expect(answer.status).toBe(401);
    expect(answer.messages[0]).toMatchObject({ code: "SIGNATURE_INVALID", path: "Signature" });
    expect(answer.messages[0]?.text).toMatch(
      /^The Signature header could not be parsed: the keyId parameter is given twice \(two Signature headers are read as one, joined by a comma\); send one Signature header with each parameter once\./,
    );
  });

  test("Digest MD5=<wrong>,SHA-256=<right>, signed → 401 naming MD5 as a digest the bank does not check", async () => {
    const digest = `MD5=AAAAAAAAAAAAAAAAAAAAAA==,${await digestOf(body)}`;
    const answer = await initiation(await signedWithDigest(tpp, "POST", NDCT, digest, initiationHeaders(KARI)));
    expect(answer.status).toBe(401);
    expect(answer.messages[0]).toMatchObject({ code: "SIGNATURE_INVALID", path: "Signature" });
    expect(answer.messages[0]?.text).toMatch(
      /^The Digest header lists MD5, which this bank does not check; only SHA-256 and SHA-512 are accepted, and every digest listed must be one of them/,
    );
  });

  test("Digest listing SHA-256 twice in one header, both right, signed → 401 naming SHA-256 twice", async () => {
    const right = await digestOf(body);
    const answer = await initiation(await signedWithDigest(tpp, "POST", NDCT, `${right}, ${right}`, initiationHeaders(KARI)));
    expect(answer.status).toBe(401);
    expect(answer.messages[0]?.text).toMatch(/^The Digest header lists SHA-256 twice/);
  });

  test.each([
    ["Digest", 401, "SIGNATURE_INVALID", "send one; several digests of the body go in it comma-separated (SHA-256=…, SHA-512=…), each algorithm once."],
    ["TPP-Signature-Certificate", 401, "CERTIFICATE_INVALID", "send one, with the certificate whose key signed the request."],
    ["X-Request-ID", 400, "FORMAT_ERROR", "X-Request-ID holds one value, and a reader could take either line: send it once."],
    ["PSU-ID", 400, "FORMAT_ERROR", "PSU-ID holds one value, and a reader could take either line: send it once."],
    ["TPP-Redirect-URI", 400, "FORMAT_ERROR", "TPP-Redirect-URI holds one value, and a reader could take either line: send it once."],
  ])("%s on two lines (the same value twice) → %i %s naming it", async (name, status, code, fix) => {
    const headers: Record<string, string | string[]> = await signedHeaders();
    const value = headers[name];
    if (typeof value !== "string") throw new Error(`no ${name} on the signed request`);
    expect(await initiation({ ...headers, [name]: [value, value] })).toEqual({
      status,
      messages: [{ category: "ERROR", code, path: name, text: `The request has 2 ${name} headers; ${fix}` }],
    });
  });

  test("Date and PSU-Corporate-ID on two lines, with a signature problem besides → the signature's 401 first, then each header", async () => {
    const headers: Record<string, string | string[]> = await signedHeaders();
    const date = new Date().toUTCString();
    const answer = await initiation({ ...headers, Date: [date, date], "PSU-Corporate-ID": ["999990010", "999990010"], Signature: ["x", "y"] });
    expect(answer.status).toBe(401);
    expect(answer.messages.map((message) => [message.code, message.path])).toEqual([
      ["SIGNATURE_INVALID", "Signature"],
      ["FORMAT_ERROR", "Date"],
      ["FORMAT_ERROR", "PSU-Corporate-ID"],
    ]);
  });

  test("headers whose value is a list (Accept) may come on several lines", async () => {
    const headers: Record<string, string | string[]> = await signedHeaders();
    expect((await sendLines(server.url, "POST", NDCT, { ...headers, Accept: ["application/json", "*/*"] }, body)).status).toBe(201);
  });
});

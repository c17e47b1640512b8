/**
 * A hosted server checks what a request shows before it reads its body (decision 0046): the signature
 * over the headers (the signing string covers the Digest header, not the body), so an unsigned or
 * badly signed import is refused at once, its body never read; a signed one's body is hashed as it
 * streams and compared with its Digest, refused with the usual 401 text when it differs.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hrefOf } from "../../../src/contract/paths";
import { signRequest } from "../../../src/signing/index";
import { rawConnection, withMoreTransactions, type SandboxExportShape } from "../http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "../start";
import { organizationTpp, tppClient, type TppClient, type TppCredentials } from "./tpp-client.test-helpers";

const MiB = 1024 * 1024;
const IMPORT = hrefOf("importSandbox", {});
const EXPORT = hrefOf("exportSandbox", {});

let server: SandboxServer;
let tpp: TppCredentials;
let client: TppClient;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0, multiTenant: true });
  tpp = await organizationTpp("333333333");
  client = tppClient(server.url, tpp);
});
afterAll(async () => {
  await server.close();
});

/** Headers that sign `signedBody` for an import: Digest, Signature, certificate, X-Request-ID. */
async function signedImportHeaders(signedBody: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = { "X-Request-ID": crypto.randomUUID(), "Content-Type": "application/json" };
  const signed = await signRequest({ method: "POST", url: IMPORT, headers, body: signedBody }, { privateKey: tpp.privateKey, certificate: tpp.certificatePem });
  return { ...headers, ...signed.headers };
}

const head = (headers: Record<string, string | number>) =>
  [`POST ${IMPORT} HTTP/1.1`, "Host: 127.0.0.1", ...Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`), "", ""].join("\r\n");
const ANSWERED = /\r\n\r\n\{.*\}$/s;

describe("an import on a hosted server", { timeout: 60_000 }, () => {
  test("unsigned, it is refused on its headers: a 401 that says to sign, no 100 Continue, the connection closed without the body", async () => {
    const expecting = rawConnection(server.port);
    expecting.write(head({ "Content-Type": "application/json", "Content-Length": 32 * MiB, Expect: "100-continue" }));
    const answer = await expecting.until(ANSWERED);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).not.toContain("100 Continue");
    expect(answer).toContain("Connection: close");
    expect(answer).toMatch(/hosted sandbox.*signed like the interface/);
    await expecting.closed;

    const sending = rawConnection(server.port);
    sending.write(head({ "Content-Type": "application/json", "Content-Length": 32 * MiB }));
    sending.write(Buffer.alloc(MiB, " "));
    expect(await sending.until(ANSWERED)).toMatch(/^HTTP\/1\.1 401 /);
    await sending.closed;
  });

  test("signed over a Digest but with a signed header changed, it is refused before its body too (the signature covers the headers)", async () => {
    const headers = await signedImportHeaders("{}");
    const connection = rawConnection(server.port);
    connection.write(head({ ...headers, "X-Request-ID": crypto.randomUUID(), "Content-Length": 32 * MiB }));
    const answer = await connection.until(ANSWERED);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain("The signature does not verify");
    await connection.closed;
  });

  test("signed, a sandbox well over 1 MiB is imported, its body hashed as it came", async () => {
    const exported = withMoreTransactions(await client.json<SandboxExportShape>("GET", EXPORT), 8_000);
    const text = JSON.stringify(exported);
    expect(text.length).toBeGreaterThan(MiB);
    const imported = await fetch(`${server.url}${IMPORT}`, { method: "POST", headers: await signedImportHeaders(text), body: text });
    expect(await imported.text()).not.toContain("tppMessages");
    expect(imported.status).toBe(200);
    expect((await client.json<SandboxExportShape>("GET", EXPORT)).stores.transactions).toHaveLength(exported.stores.transactions.length);
  });

  test("signed, but its body is not the one its Digest names: the usual 401 once the body has streamed, and nothing changes", async () => {
    const before = await client.json<SandboxExportShape>("GET", EXPORT);
    const signedText = JSON.stringify(before);
    const sentText = JSON.stringify(withMoreTransactions(before, 10));
    const headers = await signedImportHeaders(signedText);
    const refused = await fetch(`${server.url}${IMPORT}`, { method: "POST", headers, body: sentText });
    expect(refused.status).toBe(401);
    const [message, ...others] = ((await refused.json()) as { tppMessages: { code: string; path?: string; text: string }[] }).tppMessages;
    expect(others).toEqual([]);
    expect(message).toMatchObject({ code: "SIGNATURE_INVALID", path: "Signature" });
    expect(message?.text).toMatch(/^This is a hosted sandbox \(multi-tenant\): .* signed like the interface/);
    expect(message?.text).toContain(
      `The Digest header does not match the body: received ${headers.Digest ?? "?"}, but the ${String(Buffer.byteLength(sentText))}-byte body hashes to SHA-256=`,
    );
    expect((await client.json<SandboxExportShape>("GET", EXPORT)).stores).toEqual(before.stores);
  });
});

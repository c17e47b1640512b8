/**
 * Replays stay refused whatever certificate is put around the key (issue 25, point 1; decision 0045):
 * someone holding a captured request cannot sign, but can send it again with any certificate over the
 * same public key (bytes after it, another encoding, other contents, another subject). Over HTTP, on a
 * local and on a hosted server: each replay is 401 or 409 and changes nothing, and the log names a TPP
 * only for a request whose signature verified.
 */
import { createHash, X509Certificate } from "node:crypto";
import { AttributeTypeAndValue, AttributeValue, Name, RelativeDistinguishedName } from "@peculiar/asn1-x509";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import { generateTestCertificate, parseCertificate } from "../../src/signing/index";
import { flippedSignatureBit, longFormOuterLength, otherPaddingBits, reissued, withBytesAround } from "../../src/signing/test-fixtures/certificate-variants";
import { KARI, NDCT, initiationHeaders, kariAndOla, paymentBody, type ListedAccount } from "../test-helpers";
import { capture, paymentsOn, replay, type Captured, type Signer } from "./captured-request.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";
import { tenantKeyOf } from "./tenants/tenant-identity";

interface LogEntry {
  method: string;
  path: string;
  operation: string | null;
  status: number;
  tpp: string | null;
  tenant: string | null;
}

/** A subject as the test certificates spell it (ASN.1 order), with another organizationIdentifier or none. */
function subjectNaming(organizationIdentifier: string | undefined): Name {
  const attributes: [string, string][] = [
    ["2.5.4.6", "NO"],
    ...(organizationIdentifier === undefined ? [] : [["2.5.4.97", organizationIdentifier] as [string, string]]),
    ["2.5.4.3", "Replay TPP"],
  ];
  return new Name(
    attributes.map(([type, value]) => new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: value }) })])),
  );
}

/** Every certificate over the signer's key that someone without the private key can make, and what the server must answer it. */
function variants(base64Der: string, hosted: boolean): { name: string; certificate: string }[] {
  const list = [
    { name: "one byte appended", certificate: withBytesAround(base64Der, [], [0x00]) },
    { name: "a long-form outer length (BER)", certificate: longFormOuterLength(base64Der) },
    { name: "one bit of the issuer's signature flipped", certificate: flippedSignatureBit(base64Der) },
    {
      name: "a later notAfter, the issuer's signature kept",
      certificate: reissued(base64Der, (tbs) => {
        tbs.validity.notAfter.utcTime = new Date(Date.now() + 400 * 86_400_000);
      }),
    },
  ];
  const padding = otherPaddingBits(base64Der);
  if (padding !== undefined) list.push({ name: "other base64 padding bits", certificate: padding });
  if (hosted)
    list.push(
      {
        name: "a subject naming another organizationIdentifier (another tenant)",
        certificate: reissued(base64Der, (tbs) => {
          tbs.subject = subjectNaming("PSDNO-FSA-999999999");
        }),
      },
      {
        name: "a subject without organizationIdentifier (a tenant of its own)",
        certificate: reissued(base64Der, (tbs) => {
          tbs.subject = subjectNaming(undefined);
        }),
      },
    );
  return list;
}

const keySha256 = (pem: string) =>
  createHash("sha256")
    .update(new X509Certificate(pem).publicKey.export({ type: "spki", format: "der" }))
    .digest("hex");

describe.each([
  ["a local server", false],
  ["a hosted server (in memory)", true],
])("%s", (_mode, hosted) => {
  let server: SandboxServer;
  let tpp: Signer & { base64Der: string; tenantKey: string };
  const lines: string[] = [];
  // Request lines only: batch runs and a hosted server's lines about its tenants stay text (docs/standalone-server.md, "Logs").
  const logged = () => lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as LogEntry);

  const paymentCount = () => paymentsOn(server);
  /** The hosted server's tenants: a replay under a certificate naming a new one is refused before it is made. */
  const tenantCount = async () => (hosted ? (await server.tenants?.keys())?.length : 0);

  /** Sends the captured request with each certificate variant: each must be refused (401 or 409), the answer says why. */
  async function replayedWithEveryVariant(captured: Captured, changes: { method?: string; path?: string } = {}) {
    const outcomes: { name: string; status: number; code: string | undefined }[] = [];
    for (const variant of variants(tpp.base64Der, hosted)) {
      const answer = await replay(server.url, captured, { ...changes, certificate: variant.certificate });
      const text = await answer.text(); // a 204 has none
      const body = (text === "" ? {} : JSON.parse(text)) as { tppMessages?: { code: string }[] };
      outcomes.push({ name: variant.name, status: answer.status, code: body.tppMessages?.[0]?.code });
    }
    return outcomes;
  }

  const refusedAll = (outcomes: { name: string; status: number; code: string | undefined }[]) => {
    for (const outcome of outcomes) expect([401, 409], `${outcome.name}: ${String(outcome.status)} ${outcome.code ?? ""}`).toContain(outcome.status);
    // Not one of them is refused for a reason that has nothing to do with the replay (a bad signature would hide a working replay).
    for (const outcome of outcomes)
      if (outcome.status === 401) expect(outcome.code, outcome.name).toBe("CERTIFICATE_INVALID");
      else expect(outcome.code, outcome.name).toBe("CONFLICT");
  };

  beforeAll(async () => {
    server = await startSandboxServer({ port: 0, multiTenant: hosted, logFormat: "json", log: (line) => lines.push(line) });
    const made = await generateTestCertificate({ tppName: "Replay TPP", organizationId: "555555555" });
    tpp = {
      certificatePem: made.certificatePem,
      privateKey: made.privateKey,
      base64Der: made.certificate.base64Der,
      tenantKey: await tenantKeyOf("org:PSDNO-FSA-555555555"),
    };
  });
  afterAll(async () => {
    await server.close();
  });

  async function accounts() {
    const listed = await replay(server.url, await capture(tpp, "GET", hrefOf("sandboxAccounts", {})));
    if (hosted) expect(listed.status).toBe(200);
    // A local server's controls are unsigned: the signed request is taken all the same.
    return kariAndOla((await listed.json()) as ListedAccount[]);
  }

  test("a used payment initiation sent again with any certificate over the same key creates no payment", { timeout: 60_000 }, async () => {
    const { kari, ola } = await accounts();
    const captured = await capture(tpp, "POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola, { amount: "7.00" }) });
    expect((await replay(server.url, captured)).status).toBe(201);
    const before = await paymentCount();
    const tenantsBefore = await tenantCount();
    refusedAll(await replayedWithEveryVariant(captured));
    expect(await paymentCount()).toBe(before);
    expect(await tenantCount()).toBe(tenantsBefore);
    // The certificate with a byte after it is refused for that, saying what to send.
    const appended = await replay(server.url, captured, { certificate: withBytesAround(tpp.base64Der, [], [0x00]) });
    expect(((await appended.json()) as { tppMessages: { text: string }[] }).tppMessages[0]?.text).toMatch(
      /could not be read: it holds \d+ bytes, but the DER certificate in it ends after \d+; send the certificate's DER bytes alone, base64-encoded/,
    );
  });

  test("a used status read replayed as DELETE, with any certificate over the same key, cancels nothing", { timeout: 60_000 }, async () => {
    const { kari, ola } = await accounts();
    const created = await replay(
      server.url,
      await capture(tpp, "POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola, { amount: "8.00" }) }),
    );
    const { paymentId } = (await created.json()) as { paymentId: string };
    const read = await capture(tpp, "GET", hrefOf("getPaymentStatus", { paymentId }));
    expect((await replay(server.url, read)).status).toBe(200);
    refusedAll(await replayedWithEveryVariant(read, { method: "DELETE", path: hrefOf("deletePayment", { paymentId }) }));
    const status = await replay(server.url, await capture(tpp, "GET", hrefOf("getPaymentStatus", { paymentId })));
    expect(await status.json()).toEqual({ transactionStatus: "RCVD" });
  });

  // A local server's controls are unsigned and take no X-Request-ID: only a hosted server's have a replay guard.
  if (hosted)
    test("a used signed control sent again with any certificate over the same key changes nothing", { timeout: 60_000 }, async () => {
      const clock = async () =>
        ((await (await replay(server.url, await capture(tpp, "GET", hrefOf("sandboxClock", {})))).json()) as { offsetMs: number }).offsetMs;
      const advance = await capture(tpp, "POST", hrefOf("advanceClock", {}), { body: { days: 1 } });
      expect((await replay(server.url, advance)).status).toBe(200);
      const before = await clock();
      const tenantsBefore = await tenantCount();
      refusedAll(await replayedWithEveryVariant(advance));
      expect(await clock()).toBe(before);
      expect(await tenantCount()).toBe(tenantsBefore);
    });

  if (hosted)
    test("a request signed with a key the named tenant is not bound to logs that key and no tenant", { timeout: 30_000 }, async () => {
      const intruder = await generateTestCertificate({ tppName: "Replay TPP", organizationId: "555555555" });
      const path = hrefOf("getPaymentStatus", { paymentId: crypto.randomUUID() });
      expect((await replay(server.url, await capture(intruder, "GET", path))).status).toBe(401);
      expect(logged().find((entry) => entry.path === path)).toMatchObject({ status: 401, tpp: keySha256(intruder.certificatePem), tenant: null });
    });

  test("the log names the TPP (its key) of a verified request only: a forged or unsigned one names none", { timeout: 30_000 }, async () => {
    const path = hrefOf("getPaymentStatus", { paymentId: crypto.randomUUID() });
    const signed = await capture(tpp, "GET", path);
    expect((await replay(server.url, signed)).status).toBe(404);
    // The same certificate, a signature that does not verify (another X-Request-ID than the one signed).
    const forged = await fetch(`${server.url}${path}`, { headers: { ...signed.headers, "X-Request-ID": crypto.randomUUID() } });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(`${server.url}${path}`, {
      headers: { "X-Request-ID": crypto.randomUUID(), "TPP-Signature-Certificate": parseCertificate(tpp.certificatePem).base64Der },
    });
    expect(unsigned.status).toBe(401);
    const reads = logged().filter((entry) => entry.path === path);
    expect(reads.map(({ status, tpp: who, tenant }) => ({ status, tpp: who, tenant }))).toEqual([
      { status: 404, tpp: keySha256(tpp.certificatePem), tenant: hosted ? tpp.tenantKey : null },
      { status: 401, tpp: null, tenant: null },
      { status: 401, tpp: null, tenant: null },
    ]);
  });
});

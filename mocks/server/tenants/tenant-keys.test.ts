/**
 * Trust on first use on a hosted server, over HTTP: a certificate naming a TPP's organizationIdentifier
 * over another key reaches nothing of that TPP's sandbox, and the TPP rotates its keys with a bound one.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hrefOf } from "../../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, kariAndOla, paymentBody, type ListedAccount } from "../../test-helpers";
import { startSandboxServer, type SandboxServer } from "../start";
import { base64Der, fingerprintTpp, organizationTpp, tppClient, weakOrganizationCertificate, type TppClient } from "./tpp-client.test-helpers";

interface Keys {
  keys: { spkiSha256: string; subject: string; boundAt: string }[];
}
interface Messages {
  tppMessages: { code: string; text: string; path?: string }[];
}

let server: SandboxServer;
beforeAll(async () => {
  server = await startSandboxServer({ port: 0, multiTenant: true });
});
afterAll(async () => {
  await server.close();
});

const keysOf = (client: TppClient) => client.json<Keys>("GET", hrefOf("tenantKeys", {}));
const paymentCount = async (client: TppClient) => (await client.json<unknown[]>("GET", hrefOf("sandboxPayments", {}))).length;

async function expectRefused(response: Response) {
  expect(response.status).toBe(401);
  const [message] = ((await response.json()) as Messages).tppMessages;
  expect(message?.code).toBe("CERTIFICATE_INVALID");
  expect(message?.text).toMatch(/sandbox \(org:PSDNO-FSA-\d+\) is bound to another key since \d{4}-.*POST \/__sandbox\/tenant\/keys signed by a bound one/);
}

describe("a certificate with a bound TPP's organizationIdentifier and another key", { timeout: 60_000 }, () => {
  test("is refused on the interface and the controls, creates and changes nothing, and cannot add its own key", async () => {
    const [owner, impostor] = await Promise.all([organizationTpp("700000001"), organizationTpp("700000001")]);
    const a = tppClient(server.url, owner);
    const evil = tppClient(server.url, impostor);
    const { kari, ola } = kariAndOla(await a.json<ListedAccount[]>("GET", hrefOf("sandboxAccounts", {})));
    const created = await a.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola, { amount: "5.00" }) });
    const { paymentId } = (await created.json()) as { paymentId: string };
    const clock = await a.json<{ offsetMs: number }>("GET", hrefOf("sandboxClock", {}));

    await expectRefused(await evil.send("GET", hrefOf("getPaymentStatus", { paymentId })));
    await expectRefused(await evil.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola, { amount: "6.00" }) }));
    await expectRefused(await evil.send("POST", hrefOf("advanceClock", {}), { body: { days: 2 } }));
    await expectRefused(await evil.send("POST", hrefOf("resetSandbox", {})));
    await expectRefused(await evil.send("POST", hrefOf("addTenantKey", {}), { body: { certificate: base64Der(impostor) } }));

    expect(await paymentCount(a)).toBe(1);
    expect((await a.json<{ offsetMs: number }>("GET", hrefOf("sandboxClock", {}))).offsetMs).toBe(clock.offsetMs);
    expect((await keysOf(a)).keys).toHaveLength(1);
  });

  test("stays refused after the owner resets, exports and imports its sandbox: the binding is not sandbox data", async () => {
    const [owner, impostor] = await Promise.all([organizationTpp("700000002"), organizationTpp("700000002")]);
    const a = tppClient(server.url, owner);
    const before = await keysOf(a);
    const exported = await a.json<{ stores: { meta: unknown[] } }>("GET", hrefOf("exportSandbox", {}));
    expect(JSON.stringify(exported)).not.toContain(before.keys[0]?.spkiSha256);
    await a.json("POST", hrefOf("resetSandbox", {}));
    await a.json("POST", hrefOf("importSandbox", {}), exported);
    expect(await keysOf(a)).toEqual(before);
    await expectRefused(await tppClient(server.url, impostor).send("GET", hrefOf("sandboxClock", {})));
  });
});

describe("rotating a TPP's keys", { timeout: 60_000 }, () => {
  test("a bound key adds a renewed certificate's key; both work until the old is removed; the last key stays", async () => {
    const [old, renewed, other] = await Promise.all([organizationTpp("700000003"), organizationTpp("700000003"), organizationTpp("700000004")]);
    const a = tppClient(server.url, old);
    const b = tppClient(server.url, renewed);
    const [oldKey] = (await keysOf(a)).keys;
    expect(oldKey?.subject).toContain("PSDNO-FSA-700000003");
    await expectRefused(await b.send("GET", hrefOf("sandboxClock", {})));

    const refusedBody = async (certificate: string) => {
      const response = await a.send("POST", hrefOf("addTenantKey", {}), { body: { certificate } });
      expect(response.status).toBe(400);
      return ((await response.json()) as Messages).tppMessages[0]?.text;
    };
    expect(await refusedBody(base64Der(other))).toMatch(/names org:PSDNO-FSA-700000004, not this sandbox's organizationIdentifier/);
    expect(await refusedBody(await weakOrganizationCertificate("700000003"))).toMatch(/1024-bit RSA key; keys under 2048 bits are refused/);
    expect(await refusedBody(base64Der(await fingerprintTpp("No Org")))).toMatch(/no organizationIdentifier/);

    const added = await a.json<Keys>("POST", hrefOf("addTenantKey", {}), { certificate: base64Der(renewed) });
    expect(added.keys).toHaveLength(2);
    const newKey = added.keys.find((key) => key.spkiSha256 !== oldKey?.spkiSha256);
    expect((await b.send("GET", hrefOf("sandboxClock", {}))).status).toBe(200);
    expect((await a.send("GET", hrefOf("sandboxClock", {}))).status).toBe(200);

    const removed = await b.json<Keys>("POST", hrefOf("removeTenantKey", { spkiSha256: oldKey?.spkiSha256 ?? "" }));
    expect(removed.keys.map((key) => key.spkiSha256)).toEqual([newKey?.spkiSha256]);
    await expectRefused(await a.send("GET", hrefOf("sandboxClock", {})));

    const last = await b.send("POST", hrefOf("removeTenantKey", { spkiSha256: newKey?.spkiSha256 ?? "" }));
    expect(last.status).toBe(409);
    expect(((await last.json()) as Messages).tppMessages[0]?.text).toMatch(/last key/);
    expect((await b.send("GET", hrefOf("sandboxClock", {}))).status).toBe(200);
  });
});

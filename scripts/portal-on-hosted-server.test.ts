/**
 * The portal pointed at a hosted (multi-tenant) sandbox server, over real HTTP: it learns from the
 * server's info that the controls are signed, signs them with the active credential, and so reads
 * and changes that TPP's own sandbox; with another credential, another TPP's. (Here, not in src/lib: it
 * starts the server from mocks/, which src/ may not import.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { generateTestCertificate } from "../src/signing/index";
import type { StoredCredential } from "../src/lib/portal-db";
import { startSandboxServer, type SandboxServer } from "../mocks/server/start";
import { sandboxControl } from "../src/lib/send";
import { updateSettings } from "../src/lib/settings";

const credentials = vi.hoisted(() => ({ active: undefined as StoredCredential | undefined }));
vi.mock("../src/lib/sandbox", () => ({ startSandbox: () => Promise.resolve() }));
vi.mock("../src/lib/credentials", () => ({
  activeCredential: () => (credentials.active ? Promise.resolve(credentials.active) : Promise.reject(new Error("no credential"))),
}));

async function credential(organizationId: string): Promise<StoredCredential> {
  const made = await generateTestCertificate({ tppName: `Portal TPP ${organizationId}`, organizationId });
  return { id: organizationId, label: organizationId, certificatePem: made.certificatePem, privateKey: made.privateKey, source: "generated", createdAt: 0 };
}

let server: SandboxServer;
let teamA: StoredCredential;
let teamB: StoredCredential;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0, multiTenant: true });
  [teamA, teamB] = await Promise.all([credential("700000001"), credential("700000002")]);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal("location", { origin: "http://localhost:5173", protocol: "http:" });
  vi.stubGlobal("localStorage", { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => stored.set(key, value) });
  updateSettings({ sandbox: { kind: "server", url: server.url } });
});

describe("the portal with a hosted sandbox server", { timeout: 60_000 }, () => {
  test("signs every control with the active credential: each TPP's clock and accounts are its own", async () => {
    credentials.active = teamA;
    const before = (await sandboxControl("sandboxClock")).offsetMs;
    await sandboxControl("advanceClock", { body: { days: 2 } });
    expect((await sandboxControl("sandboxClock")).offsetMs - before).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect((await sandboxControl("sandboxAccounts")).length).toBeGreaterThan(0);

    credentials.active = teamB;
    expect((await sandboxControl("sandboxClock")).offsetMs).toBe(before);
  });

  test("the info is read unsigned and says the server is hosted", async () => {
    credentials.active = undefined;
    expect(await sandboxControl("sandboxInfo")).toMatchObject({ multiTenant: true });
  });
});

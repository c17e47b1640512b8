import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ExplorerAccount, ExplorerPayment } from "../src/contract/control-schemas";
import { serverAndClient, type HttpClient } from "../mocks/server/http-client.test-helpers";
import type { SandboxServer } from "../mocks/server/start";
import { initiationHeaders, KARI, kariAndOla, NDCT, paymentBody } from "../mocks/test-helpers";
import { runCommand } from "./cli.test-helpers";

let server: SandboxServer;
let client: HttpClient;
let folder: string;
const run = (...argv: string[]) => runCommand([...argv, "--url", server.url]);

beforeAll(async () => {
  ({ server, client } = await serverAndClient({ verifyWorkers: 0 }));
  folder = await mkdtemp(join(tmpdir(), "psd2-cli-"));
});
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

async function createPayment(): Promise<string> {
  const { kari, ola } = kariAndOla(await client.controlJson<ExplorerAccount[]>("GET", "/__sandbox/accounts"));
  const response = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { paymentId: string }).paymentId;
}
const statusOf = async (id: string) => (await client.controlJson<ExplorerPayment>("GET", `/__sandbox/payments/${id}`)).transactionStatus;

describe("psd2-sandbox against a running server", () => {
  test("sca approve, then batch run, books a signed payment; sca decline rejects one; a wrong id exits 1 saying so", async () => {
    const approved = await createPayment();
    const approve = await run("sca", "approve", approved);
    expect(approve).toMatchObject({ code: 0 });
    expect(approve.out).toContain(`payment ${approved}: ACTC`);
    const batch = await run("batch", "run", "--json");
    expect(batch.code).toBe(0);
    expect((JSON.parse(batch.out) as { runs: { settled: string[] }[] }).runs[0]?.settled).toContain(approved);
    expect(await statusOf(approved)).toBe("ACSC");

    const declined = await createPayment();
    expect(await run("sca", "decline", declined)).toMatchObject({ code: 0 });
    expect(await statusOf(declined)).toBe("RJCT");
    // Decided already: the server's refusal, word for word.
    const again = await run("sca", "approve", declined);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/→ 409/);

    const wrong = await run("sca", "approve", "no-such-payment");
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain("Neither a payment nor a signing basket no-such-payment");
    expect((await run("sca", "maybe", approved)).code).toBe(2);
  });

  test("clock show and advance move the sandbox clock forward; backwards is refused (1), a bad number is a usage error (2)", async () => {
    const before = JSON.parse((await run("clock", "--json")).out) as { now: string };
    expect((await run("clock", "advance", "2")).code).toBe(0);
    const after = JSON.parse((await run("clock", "show", "--json")).out) as { now: string };
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(2 * 86_400_000);
    const back = await run("clock", "advance", "--to", "2000-01-01T00:00:00Z");
    expect(back.code).toBe(1);
    expect(back.err).toMatch(/→ 400/);
    expect((await run("clock", "advance", "two")).code).toBe(2);
    expect((await run("clock", "advance")).code).toBe(2);
  });

  test("scenario add, list and clear the stored rules; an outcome that is none is refused before anything is sent", async () => {
    expect((await run("scenario", "add", "settlement-rejected;reason=AM04", "--operation", "createPayment", "--id", "rejects")).code).toBe(0);
    const listed = await run("scenario", "list", "--json");
    expect(JSON.parse(listed.out)).toMatchObject({ rules: [{ id: "rejects", outcome: { kind: "settlement-rejected", reason: "AM04" } }] });
    expect((await run("scenario", "clear")).code).toBe(0);
    expect((await run("scenario", "list")).out).toBe("no scenario rules");
    const bad = await run("scenario", "add", "explode");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("names no scenario");
    // The server's schema decides the match: an unknown operation id is its 400.
    expect((await run("scenario", "add", "sca-declined", "--operation", "noSuchOperation")).code).toBe(1);
  });

  test("export, reset --empty, import and reset bring the sandbox back; a file that is no export changes nothing", async () => {
    const file = join(folder, "export.json");
    expect((await run("export", "--output", file)).code).toBe(0);
    const accounts = async () => (await client.controlJson<ExplorerAccount[]>("GET", "/__sandbox/accounts")).length;
    const count = await accounts();
    expect(count).toBeGreaterThan(0);
    expect((await run("reset", "--empty")).code).toBe(0);
    expect(await accounts()).toBe(0);
    expect((await run("import", file)).code).toBe(0);
    expect(await accounts()).toBe(count);
    expect((await run("reset", "--empty")).code).toBe(0);
    expect((await run("reset")).code).toBe(0);
    expect(await accounts()).toBeGreaterThan(0);

    const broken = join(folder, "broken.json");
    await writeFile(broken, JSON.stringify({ format: "nonsense" }));
    const refused = await run("import", broken);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/→ 400/);
    expect((await run("import", join(folder, "missing.json"))).code).toBe(2);
    expect(JSON.parse(await readFile(file, "utf8"))).toHaveProperty("stores");
  });

  test("every command has --help; an unknown command or option is a usage error; no server is exit 1 with what to do", async () => {
    for (const command of ["sca", "batch", "clock", "scenario", "reset", "export", "import", "tail", "report"]) {
      const help = await runCommand([command, "--help"]);
      expect(help.code, command).toBe(0);
      expect(help.out, command).toMatch(/^Usage: psd2-sandbox /);
    }
    expect((await runCommand(["--help"])).out).toContain("psd2-sandbox sca approve|decline");
    expect((await runCommand(["frobnicate"])).code).toBe(2);
    expect((await run("batch", "run", "--frob")).code).toBe(2);
    const nobody = await runCommand(["batch", "run", "--url", "http://127.0.0.1:9"]);
    expect(nobody.code).toBe(1);
    expect(nobody.err).toContain("No sandbox answers at http://127.0.0.1:9");
    expect(nobody.err).toContain("--url URL");
  });
});

describe("psd2-sandbox against a hosted server", () => {
  test("the controls are signed with --cert and --key; without them the command says to give them", async () => {
    const { server: hosted } = await serverAndClient({ multiTenant: true, verifyWorkers: 0 });
    try {
      const unsigned = await runCommand(["batch", "run", "--url", hosted.url]);
      expect(unsigned.code).toBe(1);
      expect(unsigned.err).toContain("--cert FILE --key FILE");
      const signed = await runCommand(["batch", "run", "--url", hosted.url], {
        SANDBOX_CERT: "public/test-credentials/tpp-cert.pem",
        SANDBOX_KEY: "public/test-credentials/tpp-key.pem",
      });
      expect(signed).toMatchObject({ code: 0 });
      expect((await runCommand(["reset", "--url", hosted.url, "--cert", "public/test-credentials/tpp-cert.pem"])).code).toBe(2);
    } finally {
      await hosted.close();
    }
  });
});

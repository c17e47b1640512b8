/**
 * A full disk under a --data server, for real: the data file on a small tmpfs of its own, filled to the
 * last byte while the server runs. Where mounting is refused (not root), a database file at its page
 * limit stands in for it (PRAGMA max_page_count): a real SQLITE_FULL, never a skipped test. Writes get
 * 503 with Retry-After and a text that names the storage as unavailable (never "a sandbox bug", never the
 * file's path), /readyz says not ready and why, reads go on; once there is room again all is well, and
 * every payment answered 201 is in the data, none that was refused.
 */
import { execFile } from "node:child_process";
import { mkdtemp, open, rm, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { hrefOf } from "../../src/contract/paths";
import { KARI, NDCT, initiationHeaders, paymentBody } from "../test-helpers";
import { httpClient, type HttpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer, type SandboxServerOptions } from "./start";

const run = promisify(execFile);

interface SmallDisk {
  kind: "tmpfs" | "page limit";
  directory: string;
  /** The options of a server whose disk (or file) fills up when `fill` is called. */
  options: () => Promise<Partial<SandboxServerOptions>>;
  /** Leaves no room (the page limit: for the next server, once this one has closed the file). */
  fill(): Promise<void>;
  /** Makes room again (or, for the page limit, tells the next server to have none). */
  free(): Promise<void>;
  remove(): Promise<void>;
}

/** A 4 MiB tmpfs mounted for this test (root only), filled by a file of zeros. */
async function tmpfsDisk(directory: string): Promise<SmallDisk> {
  await run("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", directory]);
  const filler = join(directory, "filler");
  return {
    kind: "tmpfs",
    directory,
    options: () => Promise.resolve({}),
    async fill() {
      const handle = await open(filler, "w");
      const chunk = Buffer.alloc(64 * 1024);
      try {
        for (let size = chunk.length; size > 0;) {
          try {
            await handle.write(chunk, 0, size);
          } catch (error) {
            if ((error as { code?: string }).code !== "ENOSPC") throw error;
            size = size > 512 ? size / 2 : 0;
          }
        }
      } finally {
        await handle.close();
      }
    },
    free: () => unlink(filler),
    async remove() {
      await run("umount", [directory]);
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Where no file system can be mounted: the file capped at the pages it has once filled (the next server has no cap). */
function pageLimitDisk(directory: string): SmallDisk {
  let limit: number | undefined;
  return {
    kind: "page limit",
    directory,
    options: () => Promise.resolve(limit === undefined ? {} : { dataFileMaxPages: limit }),
    fill() {
      const database = new Database(join(directory, "sandbox.db"), { readonly: true });
      try {
        limit = Number(database.pragma("page_count", { simple: true }));
      } finally {
        database.close();
      }
      return Promise.resolve();
    },
    free() {
      limit = undefined;
      return Promise.resolve();
    },
    remove: () => rm(directory, { recursive: true, force: true }),
  };
}

/** A tmpfs where this process may mount one; else (not root, a container without CAP_SYS_ADMIN) the database's own limit. */
async function smallDisk(kind: SmallDisk["kind"]): Promise<SmallDisk> {
  const directory = await mkdtemp(join(tmpdir(), "sandbox-full-"));
  if (kind === "page limit") return pageLimitDisk(directory);
  try {
    return await tmpfsDisk(directory);
  } catch {
    return pageLimitDisk(directory);
  }
}

/** What a write on a full disk must get: 503, Retry-After, the storage named, nothing of the machine. */
async function expectStorageFull(response: Response, directory: string): Promise<void> {
  const text = await response.text();
  expect([response.status, response.headers.get("retry-after")]).toEqual([503, expect.stringMatching(/^[1-9]\d*$/) as string]);
  const message = (JSON.parse(text) as { tppMessages: { code: string; text: string }[] }).tppMessages[0];
  expect(message?.text).toMatch(/storage is unavailable.*full.*try it again/i);
  expect(text).not.toContain(directory);
  expect(text).not.toMatch(/SQLITE|sandbox bug/i);
}

const paymentsIn = async (client: HttpClient) =>
  (await client.controlJson<{ stores: { payments: unknown[] } }>("GET", "/__sandbox/export")).stores.payments.length;

// Both, whatever the machine allows: the page limit is also what a tmpfs falls back to.
describe.each(["tmpfs", "page limit"] as const)("a full disk under a --data server (%s)", { timeout: 120_000 }, (kind) => {
  test("writes get 503 naming the storage, /readyz says why, reads go on; with room again writes succeed and every 201 was kept", async () => {
    const disk = await smallDisk(kind);
    const file = join(disk.directory, "sandbox.db");
    const lines: string[] = [];
    const start = async () => startSandboxServer({ port: 0, dataFile: file, log: (line) => lines.push(line), ...(await disk.options()) });
    let server: SandboxServer | undefined = await start();
    try {
      let client = httpClient(server.url);
      const initiation = () =>
        client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody({ bban: "97100000028" }, { bban: "97100000044" }) });
      const first = await initiation();
      expect(first.status).toBe(201);
      const statusPath = hrefOf("getPaymentStatus", { paymentId: ((await first.json()) as { paymentId: string }).paymentId });
      const kept = await paymentsIn(client);

      // On a full file system every write fails; at a page limit, one that fits in a page still succeeds.
      const everyWriteFails = disk.kind === "tmpfs";
      if (everyWriteFails) await disk.fill();
      else {
        await server.close();
        await disk.fill();
        server = await start();
        client = httpClient(server.url);
      }
      let accepted = 0;
      let refused = 0;
      for (let sent = 0; sent < 400 && refused < 3; sent++) {
        const response = await initiation();
        if (response.status === 201) {
          expect(everyWriteFails).toBe(false);
          accepted++;
          continue;
        }
        await expectStorageFull(response, disk.directory);
        refused++;
      }
      expect(refused).toBe(3);
      if (everyWriteFails) {
        // A signed read claims its request id, which is a write; an unsigned control that changes the sandbox too.
        await expectStorageFull(await client.send("GET", statusPath), disk.directory);
        await expectStorageFull(await client.control("POST", hrefOf("advanceClock", {}), { hours: 1 }), disk.directory);
      }
      expect((await client.control("GET", hrefOf("sandboxAccounts", {}))).status).toBe(200);
      const ready = await fetch(`${server.url}/readyz`);
      const readiness = (await ready.json()) as { status: string; reason: string };
      expect([ready.status, readiness.status]).toEqual([503, "not-ready"]);
      expect(readiness.reason).toMatch(/storage is unavailable.*full/i);
      expect(readiness.reason).not.toContain(disk.directory);
      // The operator's log has what the clients were not told.
      expect(lines.join("\n")).toMatch(/storage unavailable \(full\).*SQLITE_FULL/);

      await disk.free();
      if (!everyWriteFails) {
        await server.close();
        server = await start();
        client = httpClient(server.url);
      }
      await expect.poll(async () => (await fetch(`${server?.url ?? ""}/readyz`)).status, { timeout: 30_000, interval: 200 }).toBe(200);
      expect((await initiation()).status).toBe(201);

      await server.close();
      server = await start();
      expect(await paymentsIn(httpClient(server.url))).toBe(kept + accepted + 1);
    } finally {
      await server.close();
      await disk.remove();
    }
  });
});

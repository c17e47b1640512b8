import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { isSqliteHeader } from "../store/sqlite/sqlite";
import { sampleExport } from "../store/store.test-helpers";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { KARI, initiationHeaders } from "../test-helpers";
import { httpClient } from "./http-client.test-helpers";
import { startSandboxServer, type SandboxServer } from "./start";

let directory: string;
let file: string;
const running: SandboxServer[] = [];

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "sandbox-data-"));
  file = join(directory, "state.db");
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await rm(directory, { recursive: true, force: true });
});

/** Started empty: these tests follow what they put in. */
async function start(dataFile = file) {
  const server = await startSandboxServer({ port: 0, dataFile, empty: true });
  running.push(server);
  return server;
}
async function stop(server: SandboxServer) {
  running.splice(running.indexOf(server), 1);
  await server.close();
}

const account = (name: string) => ({ customerNumber: KARI.customerNumber, accountName: name, currency: "NOK" });
const names = async (url: string) =>
  (await httpClient(url).controlJson<{ accountName: string }[]>("GET", "/__sandbox/accounts")).map((a) => a.accountName).sort();

const isDatabase = async (path: string) => isSqliteHeader((await readFile(path)).subarray(0, 16));

describe("--data FILE", { timeout: 20_000 }, () => {
  test("state survives a restart on the same file", async () => {
    const first = await start();
    expect(first.loadedDataFile).toBe(false);
    expect(await isDatabase(file)).toBe(true); // created at start
    const created = await httpClient(first.url).send("POST", "/v1/sandbox/accounts", { body: account("Feriekonto") });
    expect(created.status).toBe(201);
    await httpClient(first.url).controlJson("POST", "/__sandbox/clock/advance", { days: 2 });
    await stop(first);

    const second = await start();
    expect(second.loadedDataFile).toBe(true);
    expect(await names(second.url)).toEqual(["Feriekonto"]);
    const clock = await httpClient(second.url).controlJson<{ offsetMs: number }>("GET", "/__sandbox/clock");
    expect(clock.offsetMs).toBe(2 * 86_400_000);
  });

  test("a burst of writes: every one answered 2xx is there after a restart, and only the database file is left", async () => {
    const server = await start();
    const client = httpClient(server.url);
    const created = await Promise.all(
      Array.from({ length: 25 }, (_, index) => client.send("POST", "/v1/sandbox/accounts", { body: account(`Konto ${String(index)}`) })),
    );
    expect(created.map((response) => response.status)).toEqual(Array(25).fill(201));
    await stop(server);
    expect(await readdir(directory)).toEqual(["state.db"]);
    expect(await names((await start()).url)).toHaveLength(25);
  });

  test("the file follows every kind of change: import and reset too", async () => {
    const server = await start();
    const client = httpClient(server.url);
    await client.send("POST", "/v1/sandbox/accounts", { body: account("Før") });
    const exported = await client.controlJson<unknown>("GET", "/__sandbox/export");
    await client.controlJson("POST", "/__sandbox/reset");
    await stop(server);

    const again = await start();
    expect(await names(again.url)).toEqual([]);
    await httpClient(again.url).controlJson("POST", "/__sandbox/import", exported);
    await stop(again);
    expect(await names((await start()).url)).toEqual(["Før"]);
  });

  test("a file that is neither a database nor a sandbox export stops the start with a message naming the problem, and is left untouched", async () => {
    await writeFile(file, '{"format": "psd2-sandbox-export", "stores": ');
    await expect(start()).rejects.toThrow(/state\.db is neither a SQLite database nor valid JSON .*left as it is/);
    expect(await readFile(file, "utf8")).toBe('{"format": "psd2-sandbox-export", "stores": ');

    const wrong = JSON.stringify({ format: "something else" });
    await writeFile(file, wrong);
    await expect(start()).rejects.toThrow(/not a sandbox export this version can load: Import: .*left as it is/);
    expect(await readFile(file, "utf8")).toBe(wrong);
    expect(await readdir(directory)).toEqual(["state.db"]);
  });

  test("a JSON state file of the earlier format is migrated once into a database, the JSON kept beside it", async () => {
    const json = `${JSON.stringify(sampleExport())}\n`;
    await writeFile(file, json);
    const lines: string[] = [];
    const server = await startSandboxServer({ port: 0, dataFile: file, log: (line) => lines.push(line) });
    running.push(server);
    expect(server.loadedDataFile).toBe(true);
    expect(server.jsonBackup).toBe(`${file}.json-backup`);
    expect(lines[0]).toMatch(
      /state\.db was a JSON state file; migrated it into a SQLite database at the same path, the JSON is kept as .*state\.db\.json-backup/,
    );
    expect(await readFile(`${file}.json-backup`, "utf8")).toBe(json);
    expect(await isDatabase(file)).toBe(true);
    // What the batch catching up on start leaves alone (it settles the sample's due payment).
    const { customers, accounts, agreements, baskets, transactions } = sampleExport().stores;
    const exported = await httpClient(server.url).controlJson<{ stores: unknown }>("GET", "/__sandbox/export");
    expect(exported.stores).toMatchObject({ customers, accounts, agreements, baskets, transactions });
    await stop(server);

    const again = await start();
    expect(again.jsonBackup).toBeUndefined();
    expect((await httpClient(again.url).controlJson<{ stores: unknown }>("GET", "/__sandbox/export")).stores).toEqual(exported.stores);
    await stop(again);
    expect((await readdir(directory)).sort()).toEqual(["state.db", "state.db.json-backup"]);
  });

  test("a JSON backup with other contents is never overwritten: the start stops and says so", async () => {
    await writeFile(file, JSON.stringify(sampleExport()));
    await writeFile(`${file}.json-backup`, "my own notes");
    await expect(start()).rejects.toThrow(/state\.db\.json-backup already exists with other contents; move it away first/);
    expect(await readFile(`${file}.json-backup`, "utf8")).toBe("my own notes");
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual(sampleExport());
  });

  test("one server per file: a second one on the same file is refused while the first runs", async () => {
    await start();
    await expect(start()).rejects.toThrow(/state\.db is in use by another sandbox server/);
  });

  test("a missing directory is an error at start", async () => {
    await expect(start(join(directory, "missing", "state.json"))).rejects.toThrow(/missing, does not exist; create it first/);
  });
});

describe("the data a server starts with", { timeout: 20_000 }, () => {
  const customers = async (url: string) => (await httpClient(url).controlJson<unknown[]>("GET", "/__sandbox/customers")).length;

  test("a new sandbox holds the fixed data set, in memory and in a new file alike; --empty starts with nothing", async () => {
    const memory = await startSandboxServer({ port: 0 });
    running.push(memory);
    expect(memory.sandbox.seeded).toBe(true);
    expect(await customers(memory.url)).toBeGreaterThan(0);
    // The fixed PSU can pay at once, as the portal's example and curl command do.
    const paid = await httpClient(memory.url).send("POST", "/v1/payments/norwegian-domestic-credit-transfers", {
      body: {
        instructedAmount: { amount: "1.00", currency: "NOK" },
        creditorName: "Ola Nordmann",
        creditorAccount: { bban: "97100000044", currency: "NOK" },
        debtorAccount: { bban: "97100000028", currency: "NOK" },
      },
      headers: initiationHeaders(KARI),
    });
    expect(paid.status).toBe(201);

    const filed = await startSandboxServer({ port: 0, dataFile: file });
    running.push(filed);
    expect(filed.sandbox.seeded).toBe(true);
    await stop(filed);
    const reopened = await startSandboxServer({ port: 0, dataFile: file, empty: true });
    running.push(reopened);
    expect(await customers(reopened.url)).toBeGreaterThan(0);

    const empty = await startSandboxServer({ port: 0, empty: true });
    running.push(empty);
    expect(empty.sandbox.seeded).toBe(false);
    expect(await customers(empty.url)).toBe(0);
  });

  test("a loaded file is used as it is: a sandbox reset to empty stays empty after a restart", async () => {
    const first = await startSandboxServer({ port: 0, dataFile: file });
    running.push(first);
    await httpClient(first.url).controlJson("POST", "/__sandbox/reset");
    await stop(first);
    const second = await startSandboxServer({ port: 0, dataFile: file });
    running.push(second);
    expect(second.loadedDataFile).toBe(true);
    expect(second.sandbox.seeded).toBe(false);
    expect(await customers(second.url)).toBe(0);
  });
});

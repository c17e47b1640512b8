import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseCliArgs } from "./cli-args";
import { runCli } from "./cli.test-helpers";
import { isSqliteHeader } from "../store/sqlite/sqlite";
import { openSqliteStore } from "../store/sqlite/sqlite-store";

describe("parseCliArgs", () => {
  test("defaults, both spellings of values, and help", () => {
    expect(parseCliArgs([])).toEqual({ kind: "run", options: { port: 4010, host: "127.0.0.1" } });
    expect(parseCliArgs(["--port", "0", "--host=0.0.0.0", "--data", "s.json"])).toEqual({
      kind: "run",
      options: { port: 0, host: "0.0.0.0", dataFile: "s.json" },
    });
    expect(parseCliArgs(["--port", "abc", "--help"])).toEqual({ kind: "error", message: expect.stringContaining('got "abc"') as string });
    expect(parseCliArgs(["-h"])).toEqual({ kind: "help" });
    expect(parseCliArgs(["--empty", "--port=1"])).toEqual({ kind: "run", options: { port: 1, host: "127.0.0.1", empty: true } });
  });

  test("--allow-origin may be given more than once", () => {
    expect(parseCliArgs(["--allow-origin", "https://portal.example.com", "--allow-origin=http://192.168.1.20:5173"])).toEqual({
      kind: "run",
      options: { port: 4010, host: "127.0.0.1", allowOrigins: ["https://portal.example.com", "http://192.168.1.20:5173"] },
    });
  });

  test.each([
    [["--port", "abc"], /--port must be a whole number from 0 to 65535/],
    [["--port", "70000"], /--port must be a whole number/],
    [["--port"], /--port needs a value, such as --port 4010/],
    [["--data", "--port", "1"], /--data needs a value/],
    [["--data="], /--data needs a file name/],
    [["--host", "a b"], /--host must be a host name or IP address/],
    [["--verbose"], /Unknown option "--verbose"/],
    [["4010"], /Unexpected argument "4010"/],
    [["--port", "1", "--port", "2"], /--port is given twice/],
    [["--empty", "--empty"], /--empty is given twice/],
    [["--empty=yes"], /Unknown option "--empty"/],
    [["--allow-origin", "portal.example.com"], /--allow-origin takes an origin, such as https:\/\/portal.example.com/],
    [["--allow-origin", "https://portal.example.com/app"], /an origin only \(scheme, host, port: no path/],
    [["--allow-origin", "ftp://files.example.com"], /an http or https origin/],
    [["--allow-origin"], /--allow-origin needs a value/],
  ])("%j is refused", (args, message) => {
    const parsed = parseCliArgs(args);
    expect(parsed.kind).toBe("error");
    expect(parsed.kind === "error" && parsed.message).toMatch(message);
  });
});

describe("parseCliArgs: hosted mode", () => {
  const url = "postgres://sandbox@db.example.com:5432/sandbox";
  test("--multi-tenant with its bounds, or SANDBOX_MULTI_TENANT=1, SANDBOX_MAX_TENANTS and SANDBOX_TENANTS_PER_MINUTE; a flag wins", () => {
    expect(parseCliArgs(["--multi-tenant", "--database", url, "--max-tenants", "50", "--tenants-per-minute=5"])).toEqual({
      kind: "run",
      options: { port: 4010, host: "127.0.0.1", database: url, multiTenant: true, tenantLimits: { maxTenants: 50, perMinute: 5 } },
    });
    expect(parseCliArgs(["--max-tenants", "7"], { SANDBOX_MULTI_TENANT: "1", SANDBOX_MAX_TENANTS: "9", SANDBOX_TENANTS_PER_MINUTE: "2" })).toEqual({
      kind: "run",
      options: { port: 4010, host: "127.0.0.1", multiTenant: true, tenantLimits: { maxTenants: 7, perMinute: 2 } },
    });
  });

  test("the per-client bounds, the reclaim time and trusted proxies, from flags or the environment; a flag's list replaces the environment's", () => {
    const flags = ["--multi-tenant", "--tenants-per-address", "8", "--tenants-per-key=2", "--reclaim-after", "15"];
    expect(parseCliArgs([...flags, "--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "fd00::/8"])).toEqual({
      kind: "run",
      options: {
        port: 4010,
        host: "127.0.0.1",
        multiTenant: true,
        tenantLimits: { perAddress: 8, perKey: 2, reclaimAfterMs: 15 * 60_000 },
        trustedProxies: ["10.0.0.0/8", "fd00::/8"],
      },
    });
    const env = { SANDBOX_MULTI_TENANT: "1", SANDBOX_TENANTS_PER_ADDRESS: "3", SANDBOX_RECLAIM_AFTER: "5", SANDBOX_TRUSTED_PROXIES: "192.0.2.1, 192.0.2.2" };
    expect(parseCliArgs([], env)).toEqual({
      kind: "run",
      options: {
        port: 4010,
        host: "127.0.0.1",
        multiTenant: true,
        tenantLimits: { perAddress: 3, reclaimAfterMs: 5 * 60_000 },
        trustedProxies: ["192.0.2.1", "192.0.2.2"],
      },
    });
    expect(parseCliArgs(["--trusted-proxy", "::1"], env)).toMatchObject({ options: { trustedProxies: ["::1"] } });
  });

  test.each([
    [["--multi-tenant", "--data", "s.db"], {}, /--multi-tenant keeps each TPP's sandbox in PostgreSQL \(--database URL\), or in memory/],
    [["--data", "s.db"], { SANDBOX_MULTI_TENANT: "1" }, /--multi-tenant keeps each TPP's sandbox in PostgreSQL/],
    [["--max-tenants", "5"], {}, /--max-tenants is for a hosted sandbox: give --multi-tenant/],
    [["--tenants-per-key", "5", "--trusted-proxy", "10.0.0.1"], {}, /--tenants-per-key, --trusted-proxy are for a hosted sandbox: give --multi-tenant/],
    [["--multi-tenant", "--tenants-per-address", "0"], {}, /--tenants-per-address must be a whole number of at least 1, such as --tenants-per-address 20/],
    [["--multi-tenant", "--reclaim-after", "1.5"], {}, /--reclaim-after must be a whole number of at least 1, such as --reclaim-after 60/],
    [["--multi-tenant", "--trusted-proxy", "10.0.0.0/33"], {}, /--trusted-proxy takes an IP address or a CIDR block, such as 10.0.0.5 or 10.0.0.0\/8/],
    [["--multi-tenant", "--trusted-proxy", "proxy.internal"], {}, /--trusted-proxy takes an IP address or a CIDR block/],
    [["--multi-tenant"], { SANDBOX_TRUSTED_PROXIES: "10.0.0.1,nope" }, /SANDBOX_TRUSTED_PROXIES: --trusted-proxy takes an IP address/],
    [["--multi-tenant", "--tenants-per-minute", "0"], {}, /--tenants-per-minute must be a whole number of at least 1/],
    [[], { SANDBOX_MULTI_TENANT: "yes" }, /SANDBOX_MULTI_TENANT takes 1 \(or true\) to run hosted/],
    [["--multi-tenant", "--multi-tenant"], {}, /--multi-tenant is given twice/],
  ])("%j with %j is refused with what to do", (args, env, message) => {
    const parsed = parseCliArgs(args, env);
    expect(parsed.kind === "error" && parsed.message).toMatch(message);
  });
});

describe("parseCliArgs: PostgreSQL", () => {
  const url = "postgres://sandbox:s3cret@db.example.com:5432/sandbox";
  const base = { port: 4010, host: "127.0.0.1" };

  test("--database and --database-schema, or the environment's SANDBOX_DATABASE_URL and SANDBOX_DATABASE_SCHEMA; a flag wins", () => {
    expect(parseCliArgs(["--database", url, "--database-schema=sandbox_1"])).toEqual({
      kind: "run",
      options: { ...base, database: url, databaseSchema: "sandbox_1" },
    });
    expect(parseCliArgs([], { SANDBOX_DATABASE_URL: url, SANDBOX_DATABASE_SCHEMA: "t2" })).toEqual({
      kind: "run",
      options: { ...base, database: url, databaseSchema: "t2" },
    });
    expect(parseCliArgs(["--database", "postgresql://localhost/other"], { SANDBOX_DATABASE_URL: url })).toEqual({
      kind: "run",
      options: { ...base, database: "postgresql://localhost/other" },
    });
    expect(parseCliArgs([], { SANDBOX_DATABASE_URL: "" })).toEqual({ kind: "run", options: base });
  });

  test("--database-connections (or SANDBOX_DATABASE_CONNECTIONS) bounds the server's connections, all included", () => {
    expect(parseCliArgs(["--database", url, "--database-connections", "20"])).toEqual({
      kind: "run",
      options: { ...base, database: url, databaseConnections: 20 },
    });
    expect(parseCliArgs([], { SANDBOX_DATABASE_URL: url, SANDBOX_DATABASE_CONNECTIONS: "3" })).toEqual({
      kind: "run",
      options: { ...base, database: url, databaseConnections: 3 },
    });
  });

  test.each([
    [["--database", "mysql://root:s3cret@db/sandbox"], {}, /--database must be a PostgreSQL URL starting postgres:\/\/ or postgresql:\/\//],
    [
      ["--database", "s3cret at db"],
      {},
      /--database must be a PostgreSQL URL, such as postgres:\/\/sandbox@db.example.com:5432\/sandbox; this one does not parse/,
    ],
    [[], { SANDBOX_DATABASE_URL: "sqlite:s3cret.db" }, /SANDBOX_DATABASE_URL: --database must be a PostgreSQL URL/],
    [["--data", "s.db", "--database", url], {}, /--data \(SQLite\) and --database \(PostgreSQL\) name two places for the state .*; give one/],
    [["--data", "s.db"], { SANDBOX_DATABASE_URL: url }, /--data \(SQLite\) and --database \(PostgreSQL\) name two places/],
    [["--database-schema", "sandbox_1"], {}, /--database-schema is for PostgreSQL: give --database URL/],
    [["--database", url, "--database-schema", "Sandbox-1"], {}, /--database-schema must be a lower-case schema name/],
    [["--database", url], { SANDBOX_DATABASE_SCHEMA: "x y" }, /SANDBOX_DATABASE_SCHEMA: --database-schema must be a lower-case schema name/],
    [["--database-connections", "11"], {}, /--database-connections is for PostgreSQL: give --database URL/],
    [
      ["--database", url, "--database-connections", "2"],
      {},
      /--database-connections must be a whole number from 3 to 1000, such as --database-connections 11; got "2"/,
    ],
    [["--database", url], { SANDBOX_DATABASE_CONNECTIONS: "lots" }, /SANDBOX_DATABASE_CONNECTIONS: --database-connections must be a whole number/],
  ])("%j with %j is refused, never repeating a password", (args, env, message) => {
    const parsed = parseCliArgs(args, env);
    expect(parsed.kind).toBe("error");
    expect(parsed.kind === "error" && parsed.message).toMatch(message);
    expect(parsed.kind === "error" && parsed.message).not.toContain("s3cret");
  });
});

describe("the CLI", { timeout: 30_000 }, () => {
  test("--port abc exits 2 with a message", async () => {
    const cli = runCli(["--port", "abc"]);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain('sandbox: --port must be a whole number from 0 to 65535 (0 picks a free port); got "abc".');
    expect(cli.stdout()).toBe("");
  });

  test("starts, says where everything is, and on SIGTERM closes the database and exits 0", async () => {
    const directory = await mkdtemp(join(tmpdir(), "sandbox-cli-"));
    const file = join(directory, "state.db");
    try {
      const cli = runCli(["--port", "0", "--data", file]);
      const banner = await cli.output(/Stop with Ctrl\+C\./);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
      expect(url).toBeDefined();
      expect(banner).toContain(`state             ${file} (SQLite database, new; every change committed before it is answered)`);
      expect(banner).toContain("data              the fixed data set");
      expect(banner).toContain(`base_url          ${url!}`);
      expect(banner).toContain(`sandbox_base_url  ${url!}`);
      expect(banner).toContain(`controls          ${url!}/__sandbox/`);
      const advanced = await fetch(`${url!}/__sandbox/clock/advance`, {
        method: "POST",
        body: JSON.stringify({ hours: 5 }),
        headers: { "Content-Type": "application/json" },
      });
      expect(advanced.status).toBe(200);
      cli.child.kill("SIGTERM");
      expect(await cli.exited).toBe(0);
      expect(isSqliteHeader((await readFile(file)).subarray(0, 16))).toBe(true);
      const saved = await openSqliteStore({ file });
      expect(await saved.read((tx) => tx.meta("clockOffsetMs"))).toBe(5 * 3_600_000);
      expect((await saved.read((tx) => tx.customers())).length).toBeGreaterThan(0);
      saved.close();
      await saved.closed();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  test("a corrupt data file: exit 1 with the reason", async () => {
    const directory = await mkdtemp(join(tmpdir(), "sandbox-cli-"));
    try {
      const file = join(directory, "broken.json");
      await writeFile(file, "not json");
      const cli = runCli(["--port", "0", "--data", file]);
      expect(await cli.exited).toBe(1);
      expect(cli.stderr()).toMatch(/sandbox: cannot start: The data file .*broken\.json is neither a SQLite database nor valid JSON/);
      expect(await readFile(file, "utf8")).toBe("not json");
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

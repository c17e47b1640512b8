import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { describe, expect, test } from "vitest";
import { parseCliArgs } from "./cli-args";
import { serverAndClient } from "./http-client.test-helpers";
import { readiness, storageProbe } from "./readiness";
import { SHUTDOWN_GRACE_MS } from "./start";
import { openSqliteStore } from "../store/sqlite/sqlite-store";
import { KARI, initiationHeaders, NDCT, type ListedAccount as Account, kariAndOla, paymentBody } from "../test-helpers";

describe("configuration from the environment", () => {
  test("each option has a variable; a flag on the command line wins over it", () => {
    const env = {
      SANDBOX_PORT: "8080",
      SANDBOX_HOST: "0.0.0.0",
      SANDBOX_DATA: "/var/lib/sandbox.db",
      SANDBOX_EMPTY: "1",
      SANDBOX_ALLOW_ORIGINS: "https://portal.example.com, https://qa.example.com",
      SANDBOX_LOG_FORMAT: "json",
    };
    expect(parseCliArgs([], env)).toEqual({
      kind: "run",
      options: {
        port: 8080,
        host: "0.0.0.0",
        dataFile: "/var/lib/sandbox.db",
        empty: true,
        allowOrigins: ["https://portal.example.com", "https://qa.example.com"],
        logFormat: "json",
      },
    });
    const parsed = parseCliArgs(["--port", "9000", "--log-format=text", "--allow-origin", "https://other.example.com", "--empty"], env);
    expect(parsed).toMatchObject({ kind: "run", options: { port: 9000, logFormat: "text", allowOrigins: ["https://other.example.com"], empty: true } });
  });

  test.each([
    [{ SANDBOX_PORT: "http" }, /^SANDBOX_PORT: --port must be a whole number/],
    [{ SANDBOX_EMPTY: "yes" }, /^SANDBOX_EMPTY takes 1/],
    [{ SANDBOX_ALLOW_ORIGINS: "https://ok.example.com,portal.example.com" }, /^SANDBOX_ALLOW_ORIGINS: --allow-origin takes an origin/],
    [{ SANDBOX_LOG_FORMAT: "xml" }, /^SANDBOX_LOG_FORMAT: --log-format takes text or json/],
  ])("a bad value in %j names its variable", (env, message) => {
    const parsed = parseCliArgs([], env);
    expect(parsed.kind === "error" && parsed.message).toMatch(message);
  });

  test("a flag given twice on the command line is still refused", () => {
    expect(parseCliArgs(["--port", "1", "--port", "2"], { SANDBOX_PORT: "3" })).toEqual({ kind: "error", message: "--port is given twice." });
  });
});

describe("readiness", () => {
  test("ready while the database answers; not ready while stopping or once the database is gone, saying why", async () => {
    const store = await openSqliteStore({});
    expect(await readiness(storageProbe(store), () => false)).toEqual({ status: "ready" });
    expect(await readiness(storageProbe(store), () => true)).toEqual({ status: "not-ready", reason: expect.stringMatching(/stopping/) as string });
    store.close();
    expect(await readiness(storageProbe(store), () => false)).toEqual({
      status: "not-ready",
      reason: expect.stringMatching(/^The database refused a read: /) as string,
    });
  });
});

describe("the operator's view of the server", { timeout: 60_000 }, () => {
  test("GET /healthz and /readyz answer 200 with JSON, uncached and unsigned; HEAD too", async () => {
    const { server } = await serverAndClient();
    try {
      const live = await fetch(`${server.url}/healthz`);
      expect([live.status, live.headers.get("cache-control"), await live.json()]).toEqual([200, "no-store", { status: "ok" }]);
      const ready = await fetch(`${server.url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);
      expect((await fetch(`${server.url}/readyz`, { method: "HEAD" })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test("--log-format json writes one JSON object per request: operation, status, time, TPP, and no query string", async () => {
    const lines: string[] = [];
    const { server, client } = await serverAndClient({ log: (line) => lines.push(line), logFormat: "json" });
    try {
      const accounts = (await client.controlJson<{ resourceId: string }[]>("GET", "/__sandbox/accounts"))[0]!;
      expect((await client.send("GET", `/v1/sandbox/accounts/${accounts.resourceId}/transactions?limit=5`)).status).toBe(200);
      expect((await client.send("GET", "/v1/payments/norwegian-domestic-credit-transfers/nope/status")).status).toBe(404);
    } finally {
      await server.close();
    }
    const requests = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
    const read = requests.find((entry) => typeof entry.path === "string" && entry.path.endsWith("/transactions"));
    expect(read).toMatchObject({ method: "GET", status: 200, tpp: expect.stringMatching(/^[0-9a-f]{64}$/) as string, time: expect.any(String) as string });
    expect(read?.operation).toEqual(expect.stringMatching(/transaction/i));
    expect(read?.path).not.toContain("?");
    expect(typeof read?.ms).toBe("number");
    expect(requests.find((entry) => entry.path === "/__sandbox/accounts")).toMatchObject({ status: 200, tpp: null, operation: "sandboxAccounts" });
    expect(requests.find((entry) => entry.status === 404)).toMatchObject({ path: "/v1/payments/norwegian-domestic-credit-transfers/nope/status" });
  });

  test("stopping lets a request in flight finish and answer before the server closes", async () => {
    const { server, client } = await serverAndClient();
    const accounts = await client.controlJson<{ resourceId: string }[]>("GET", "/__sandbox/accounts");
    const body = JSON.stringify({ minutes: 15 });
    // A control request whose body is only half sent when the server is told to stop.
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        `${server.url}/__sandbox/sca-window`,
        { method: "PUT", headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) } },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 5));
      setTimeout(() => req.end(body.slice(5)), 500);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(accounts.length).toBeGreaterThan(0);
    const closed = server.close();
    const finished = await answer;
    await closed;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.text)).toMatchObject({ scaWindowMinutes: 15 });
  });
  test("stopping does not wait for a connection that has sent nothing yet (a browser opens some ahead of need)", async () => {
    const { server } = await serverAndClient();
    const silent = connect(server.port, "127.0.0.1");
    let timer: NodeJS.Timeout | undefined;
    const gone = new Promise((resolve) => silent.once("close", resolve));
    silent.on("error", () => undefined);
    try {
      // Answered on a connection opened after it: the server has taken the silent one too.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const stopped = Promise.all([server.close(), gone]).then(() => "stopped");
      // Far more than a stop takes, far less than the grace period a request in flight gets.
      const waiting = new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS / 2, "still waiting for the silent connection")));
      expect(await Promise.race([stopped, waiting])).toBe("stopped");
    } finally {
      clearTimeout(timer);
      silent.destroy();
      await server.close();
    }
  });

  test("an idle keep-alive connection outlives Node's 5 s default, so a client's next request on it is answered", async () => {
    const { server } = await serverAndClient();
    const socket = connect(server.port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    const answers = () => received.split("HTTP/1.1 ").length - 1;
    const ask = () => socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    try {
      ask();
      await expect.poll(answers, { timeout: 30_000 }).toBe(1);
      expect(received).not.toMatch(/^Connection: close/im);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(socket.destroyed).toBe(false);
      ask();
      await expect.poll(answers, { timeout: 30_000 }).toBe(2);
    } finally {
      socket.destroy();
      await server.close();
    }
  });
});

describe("behind a reverse proxy that terminates TLS (--public-url)", { timeout: 60_000 }, () => {
  test("the option takes an origin alone, from a flag or SANDBOX_PUBLIC_URL, and says what is wrong with anything else", () => {
    expect(parseCliArgs(["--public-url", "https://sandbox.example.com/"])).toMatchObject({
      kind: "run",
      options: { publicUrl: "https://sandbox.example.com" },
    });
    expect(parseCliArgs([], { SANDBOX_PUBLIC_URL: "https://sandbox.example.com:8443" })).toMatchObject({
      kind: "run",
      options: { publicUrl: "https://sandbox.example.com:8443" },
    });
    const refused = (value: string) => {
      const parsed = parseCliArgs(["--public-url", value]);
      return parsed.kind === "error" ? parsed.message : "accepted";
    };
    expect(refused("sandbox.example.com")).toMatch(/must be an absolute URL, such as https:\/\/sandbox\.example\.com/);
    expect(refused("ftp://sandbox.example.com")).toMatch(/must start https:\/\//);
    expect(refused("https://sandbox.example.com/psd2")).toMatch(/an origin only \(scheme, host and port, no path/);
    expect(refused("https://user:secret@sandbox.example.com")).toMatch(/an origin only/);
  });

  test("links in answers and the bank page use the public origin, and its form is same-origin there", async () => {
    const { server, client } = await serverAndClient({ publicUrl: "https://sandbox.example.com" });
    try {
      expect(server.publicUrl).toBe("https://sandbox.example.com");
      const accounts = await client.controlJson<Account[]>("GET", "/__sandbox/accounts");
      const { kari, ola } = kariAndOla(accounts);
      const created = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: paymentBody(kari, ola, { amount: "10.00" }) });
      expect(created.status).toBe(201);
      const { paymentId, _links } = (await created.json()) as { paymentId: string; _links: Record<string, { href: string }> };
      expect(created.headers.get("Location")).toBe(`https://sandbox.example.com${NDCT}/${paymentId}`);
      expect(_links.scaRedirect?.href).toBe(`https://sandbox.example.com/bank/authorize/payment/${paymentId}`);
      // What the proxy forwards: the same path, the Host it was given; the browser's Origin is the public one.
      const page = `${server.url}/bank/authorize/payment/${paymentId}`;
      const decide = (origin: string) =>
        fetch(page, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
          body: "decision=approve",
        });
      expect((await decide("https://elsewhere.example.com")).status).toBe(403);
      const approved = await decide("https://sandbox.example.com");
      expect(approved.status).toBe(303);
      expect(approved.headers.get("Location")).toMatch(/scaResult=ok$/);
    } finally {
      await server.close();
    }
  });
});

/**
 * The attacks on the sandbox's edge, as found against the standalone server: replayed signed
 * requests, path tricks that reach the unsigned controls, and web pages on foreign origins. Each
 * is refused with its exact 4xx (never a 5xx) and changes nothing.
 */
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { signRequest } from "../../src/signing/index";
import { startSandboxServer, type SandboxServer } from "../server/start";
import { rawExchange } from "../server/http-client.test-helpers";
import {
  KARI,
  ORIGIN,
  initiationHeaders,
  NDCT,
  testCertificate,
  testClient,
  type ListedAccount,
  type TestClient,
  kariAndOla,
  paymentBody,
} from "../test-helpers";
import { expectRefusal } from "./requests.test-helpers";

describe("in the dispatcher (browser and server alike)", () => {
  let client: TestClient;
  let payment: string;
  const stores = async () => (await client.sandbox.env.store.exportAll()).stores;

  beforeEach(async () => {
    client = await testClient();
    await client.send("POST", "/v1/sandbox/initialize");
    const accounts = (await (await client.control("GET", "/__sandbox/accounts")).json()) as ListedAccount[];
    const { kari, ola } = kariAndOla(accounts);
    payment = JSON.stringify(paymentBody(kari, ola, { amount: "1.00", remittanceInformationUnstructured: "Replay" }));
  });

  /** A request signed once; the returned function sends those exact bytes, with any method and path. */
  async function capture(method: string, path: string, headers: Record<string, string>, body?: string) {
    const cert = await testCertificate();
    const all: Record<string, string> = {
      "X-Request-ID": crypto.randomUUID(),
      ...headers,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    };
    const signed = {
      ...all,
      ...(await signRequest({ method, url: path, headers: all, body }, { privateKey: cert.privateKey, certificate: cert.certificatePem })).headers,
    };
    return async (asMethod = method, asPath = path) => {
      const withBody = body !== undefined && asMethod !== "GET" && asMethod !== "DELETE";
      const response = await client.sandbox.dispatch(new Request(ORIGIN + asPath, { method: asMethod, headers: signed, ...(withBody ? { body } : {}) }));
      if (!response) throw new Error(`no answer to ${asMethod} ${asPath}`);
      return response;
    };
  }

  async function expectRefused(response: Response, status: number, code: string, label: string, before: Awaited<ReturnType<typeof stores>>) {
    const refused = await expectRefusal(response, label);
    expect(response.status, label).toBe(status);
    expect(refused.tppMessages[0]?.code, label).toBe(code);
    expect(await stores(), label).toEqual(before);
  }

  test("a signed payment replayed again and again: 409 CONFLICT each time, one payment", async () => {
    const send = await capture("POST", NDCT, initiationHeaders(KARI), payment);
    expect((await send()).status).toBe(201);
    const before = await stores();
    for (let attempt = 0; attempt < 3; attempt++) await expectRefused(await send(), 409, "CONFLICT", `replay ${String(attempt)}`, before);
  });

  test("a captured status read replayed as DELETE, as initialize, as another read: 409, nothing cancelled or wiped", async () => {
    const created = await client.send("POST", NDCT, { headers: initiationHeaders(KARI), body: JSON.parse(payment) as unknown });
    const { paymentId } = (await created.json()) as { paymentId: string };
    const read = await capture("GET", `${NDCT}/${paymentId}/status`, {});
    expect((await read()).status).toBe(200);
    const before = await stores();
    for (const [method, path] of [
      ["DELETE", `${NDCT}/${paymentId}`],
      ["POST", "/v1/sandbox/initialize"],
      ["GET", `${NDCT}/${paymentId}`],
      ["GET", `${NDCT}/${paymentId}/status`],
    ] as const)
      await expectRefused(await read(method, path), 409, "CONFLICT", `${method} ${path}`, before);
  });

  test("a request signed with a Date from 1999: 401 SIGNATURE_INVALID naming the skew", async () => {
    const before = await stores();
    const send = await capture("POST", NDCT, { ...initiationHeaders(KARI), Date: "Fri, 31 Dec 1999 23:59:59 GMT" }, payment);
    await expectRefused(await send(), 401, "SIGNATURE_INVALID", "Date 1999", before);
  });

  test("property: encoded slashes, backslashes and dots in any /v1/ or /__sandbox/ path are 400 BAD_REQUEST and change nothing", async () => {
    const before = await stores();
    // A segment of dots alone would be a dot segment the URL parser resolves (`x%2fy/..` is `/`): not this property's case.
    const segment = fc.string({ unit: fc.constantFrom("a", "1", "-", "_", "."), maxLength: 6 }).filter((s) => !/^\.+$/.test(s));
    const trick = fc.constantFrom("%2f", "%2F", "%5c", "%5C", "%2e", "%2E", ".%2e", "%2e.");
    const target = fc
      .tuple(fc.constantFrom("/v1/", "/__sandbox/"), fc.array(segment, { maxLength: 3 }), trick, fc.array(segment, { maxLength: 3 }))
      .map(([prefix, head, tricked, tail]) => prefix + [...head, `x${tricked}y`, ...tail].join("/"));
    await fc.assert(
      fc.asyncProperty(target, fc.constantFrom("GET", "POST", "PUT", "DELETE"), async (path, method) => {
        const response = await client.sandbox.dispatch(new Request(ORIGIN + path, { method }));
        if (!response) throw new Error(`no answer to ${path}`);
        await expectRefused(response, 400, "BAD_REQUEST", `${method} ${path}`, before);
      }),
      { numRuns: 60 },
    );
  });
});

describe("at the standalone server's edge", { timeout: 60_000 }, () => {
  let server: SandboxServer;
  beforeAll(async () => {
    server = await startSandboxServer({ port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });
  const snapshot = async () => JSON.stringify(((await (await fetch(`${server.url}/__sandbox/export`)).json()) as { stores: unknown }).stores);

  test("property: dot segments and encoded dots, slashes or backslashes in the raw target are 400 before routing; the sandbox is not reset", async () => {
    const before = await snapshot();
    const trick = fc.constantFrom("..", ".", "%2e%2e", "%2E%2e", ".%2e", "%2e", "..%2f", "%2f..", "..%5c", "\\..", "..\\");
    const target = fc
      .tuple(
        fc.constantFrom("/v1/", "/v1/sandbox/", "/__sandbox/", "/bank/authorize/payment/"),
        trick,
        fc.constantFrom("__sandbox/reset", "reset", "sandbox/initialize", "import"),
      )
      .map(([prefix, tricked, rest]) => `${prefix}${tricked}/${rest}`);
    await fc.assert(
      fc.asyncProperty(target, fc.constantFrom("GET", "POST", "PUT", "DELETE"), async (path, method) => {
        const answer = await rawExchange(server.port, `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
        expect(answer, path).toMatch(/^HTTP\/1\.1 400 /);
        expect(answer, path).toContain('{"tppMessages":[{"category":"ERROR","code":"BAD_REQUEST"');
      }),
      { numRuns: 40 },
    );
    expect(await snapshot()).toBe(before);
  });

  test("property: a web page on a foreign origin can change nothing and read no control: 403 FORBIDDEN, no CORS grant", async () => {
    const before = await snapshot();
    const host = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}\.(example|test|localhost\.evil\.example)$/);
    const origin = fc.oneof(
      fc.tuple(fc.constantFrom("http://", "https://"), host, fc.constantFrom("", ":80", ":4010", ":5173")).map(([scheme, name, port]) => scheme + name + port),
      fc.constantFrom("null", "http://127.0.0.2:4010", "http://localhost.evil.example:4010", "file://"),
    );
    const attack = fc.oneof(
      fc.tuple(
        fc.constantFrom("POST", "PUT", "DELETE", "PATCH"),
        fc.constantFrom(
          "/__sandbox/reset",
          "/__sandbox/import",
          "/__sandbox/clock/advance",
          "/__sandbox/batch/times",
          "/v1/sandbox/initialize",
          "/bank/authorize/payment/x",
        ),
      ),
      fc.tuple(fc.constantFrom("GET", "HEAD"), fc.constantFrom("/__sandbox/export", "/__sandbox/accounts", "/__sandbox/clock")),
    );
    await fc.assert(
      fc.asyncProperty(
        origin,
        attack,
        fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/json"),
        async (from, [method, path], type) => {
          const withBody = method !== "GET" && method !== "HEAD";
          const response = await fetch(server.url + path, {
            method,
            headers: { Origin: from, ...(withBody ? { "Content-Type": type } : {}) },
            ...(withBody ? { body: "{}" } : {}),
          });
          const label = `${from} ${method} ${path}`;
          expect(response.status, label).toBe(403);
          expect(response.headers.get("Access-Control-Allow-Origin"), label).toBeNull();
          if (method !== "HEAD") expect(((await response.json()) as { tppMessages: { code: string }[] }).tppMessages[0]?.code, label).toBe("FORBIDDEN");
        },
      ),
      { numRuns: 60 },
    );
    expect(await snapshot()).toBe(before);
  });
});

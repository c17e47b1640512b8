import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { KARI } from "../test-helpers";
import { serverAndClient, type HttpClient } from "./http-client.test-helpers";
import type { SandboxServer } from "./start";

let server: SandboxServer;
let client: HttpClient;

beforeAll(async () => {
  ({ server, client } = await serverAndClient());
});
afterAll(async () => {
  await server.close();
});

/** Headers that differ between any two requests. */
const varying = new Set(["x-request-id", "x-sandbox-signing-string", "date", "keep-alive", "connection"]);
const comparable = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !varying.has(name)));

async function expectHeadLikeGet(send: (method: string) => Promise<Response>) {
  const get = await send("GET");
  const body = new Uint8Array(await get.arrayBuffer());
  const head = await send("HEAD");
  expect(head.status).toBe(get.status);
  expect(comparable(head.headers)).toEqual(comparable(get.headers));
  expect(head.headers.get("Content-Length")).toBe(String(body.length));
  expect((await head.arrayBuffer()).byteLength).toBe(0);
}

describe("HEAD on the standalone server", { timeout: 20_000 }, () => {
  test("a signed interface read: same status and headers as GET, Content-Length of the GET body, no body", async () => {
    const accounts = (await client.controlJson<{ resourceId: string; customerNumber: string }[]>("GET", "/__sandbox/accounts")).filter(
      (account) => account.customerNumber === KARI.customerNumber,
    );
    const path = `/v1/sandbox/accounts/${accounts[0]?.resourceId ?? ""}/transactions?limit=5`;
    await expectHeadLikeGet((method) => client.send(method, path));
  });
  test("an unsigned interface read is refused alike", async () => {
    await expectHeadLikeGet((method) => client.send(method, "/v1/signing-baskets/b1/status", { sign: false }));
  });
  test.each(["/__sandbox/clock", "/__sandbox/accounts", "/", "/openapi.json"])("%s", async (path) => {
    await expectHeadLikeGet((method) => client.control(method, path));
  });
});

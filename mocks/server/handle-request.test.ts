import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { createRequestHandler } from "./handle-request";

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (running) await new Promise((done) => running.close(done));
});

async function serve(route: (request: Request) => Promise<Response>): Promise<string> {
  const running = createServer(createRequestHandler({ route, fallbackHost: () => "127.0.0.1:1" }));
  server = running;
  await new Promise<void>((done) => running.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${String((running.address() as AddressInfo).port)}`;
}

describe("createRequestHandler", () => {
  test("a route that throws is a 500 with tppMessages, and the server goes on", async () => {
    let calls = 0;
    const url = await serve(() => {
      calls++;
      return Promise.reject(new Error("the store fell over"));
    });
    for (const _ of [1, 2]) {
      const response = await fetch(`${url}/v1/anything`, { headers: { Origin: "http://localhost:5173" } });
      expect(response.status).toBe(500);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe("http://localhost:5173");
      expect(await response.json()).toEqual({
        tppMessages: [{ category: "ERROR", code: "SYSTEM_ERROR", text: expect.stringContaining("the store fell over") as string }],
      });
    }
    expect(calls).toBe(2);
  });

  test("an answer whose body fails to read becomes a 500", async () => {
    const broken = new ReadableStream({
      pull(controller) {
        controller.error(new Error("stream broke"));
      },
    });
    const url = await serve(() => Promise.resolve(new Response(broken, { status: 200 })));
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("stream broke");
  });

  test("the route sees the absolute URL, every header (repeated ones joined) and the body bytes", async () => {
    let seen: { url: string; method: string; values: string | null; body: string } | undefined;
    const url = await serve(async (request) => {
      seen = { url: request.url, method: request.method, values: request.headers.get("x-repeated"), body: await request.text() };
      return new Response(null, { status: 204 });
    });
    const headers = new Headers([
      ["X-Repeated", "a"],
      ["X-Repeated", "b"],
    ]);
    const response = await fetch(`${url}/v1/x?y=1`, { method: "PUT", headers, body: "ÆØÅ" });
    expect(response.status).toBe(204);
    expect(seen).toEqual({ url: `${url}/v1/x?y=1`, method: "PUT", values: "a, b", body: "ÆØÅ" });
  });

  test("TRACE is a 405", async () => {
    const url = await serve(() => Promise.resolve(new Response("")));
    const status = await new Promise<number | undefined>((done) => {
      httpRequest(`${url}/`, { method: "TRACE" }, (res) => {
        res.resume();
        done(res.statusCode);
      }).end();
    });
    expect(status).toBe(405);
  });
});

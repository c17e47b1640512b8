import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readNodeBody, requestUrl, toIncomingRequest, toWhatwgRequest } from "./node-request";

/** What the dispatcher reads of a request: headers (as it iterates them), a few by name, and the body text. */
async function view(request: {
  method: string;
  url: string;
  headers: { get(name: string): string | null; forEach(cb: (value: string, name: string) => void): void };
  text(): Promise<string>;
}) {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    method: request.method,
    url: request.url,
    headers,
    accept: request.headers.get("ACCEPT"),
    missing: request.headers.get("x-none"),
    text: await request.text(),
  };
}

let received: (req: IncomingMessage, body: Buffer | string) => void = () => undefined;
const server = createServer((req, res) => {
  void readNodeBody(req).then((body) => {
    received(req, body.kind === "ok" ? body.bytes : body.kind);
    res.end();
  });
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw header lines (repeats kept) and a body; resolves with both views of what the server received. */
function both(method: string, headerLines: [string, string][], body?: Buffer) {
  return new Promise<{ fast: Awaited<ReturnType<typeof view>>; whatwg: Awaited<ReturnType<typeof view>> }>((resolve, reject) => {
    received = (req, bytes) => {
      const url = requestUrl(req, "127.0.0.1:1");
      const whatwg = typeof bytes === "string" || !url.ok ? undefined : toWhatwgRequest(req, url.url, bytes);
      if (typeof bytes === "string" || !url.ok || !whatwg?.ok) {
        reject(new Error(`the request could not be read (${typeof bytes === "string" ? bytes : "URL or Request"})`));
        return;
      }
      void Promise.all([view(toIncomingRequest(req, url.url, bytes)), view(whatwg.request)]).then(([fast, slow]) => resolve({ fast, whatwg: slow }), reject);
    };
    // Raw header lines keep repeats apart; with them, Node sends no Host of its own.
    const req = httpRequest({ host: "127.0.0.1", port, method, path: "/v1/x?a=1", headers: [["Host", `127.0.0.1:${String(port)}`], ...headerLines].flat() });
    req.on("error", reject);
    req.on("response", (res) => {
      res.resume();
      if (res.statusCode !== 200) reject(new Error(`the test server answered ${String(res.statusCode)}`));
    });
    req.end(body);
  });
}

describe("the dispatcher's view of a node:http request", () => {
  it("is the same straight from node:http as through a WHATWG Request: repeated headers joined, names lower case", async () => {
    const { fast, whatwg } = await both(
      "POST",
      [
        ["X-Request-ID", "a"],
        ["Accept", "application/json"],
        ["X-Repeat", "one"],
        ["X-Repeat", "two"],
        ["Content-Type", "application/json"],
      ],
      Buffer.from('{"a":"ø"}'),
    );
    expect(fast).toEqual(whatwg);
    expect(fast.headers["x-repeat"]).toBe("one, two");
    expect(fast.text).toBe('{"a":"ø"}');
  });

  it("decodes the body as a WHATWG Request does: a UTF-8 BOM dropped, bad bytes replaced", async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("{}"), Buffer.from([0xff])]);
    const { fast, whatwg } = await both("PUT", [["Content-Type", "application/json"]], body);
    expect(fast.text).toBe(whatwg.text);
    expect(fast.text).toBe("{}\uFFFD");
  });

  it("gives a GET no body, as a WHATWG Request cannot carry one", async () => {
    const { fast, whatwg } = await both("GET", [["Content-Type", "text/plain"]], Buffer.from("ignored"));
    expect(fast).toEqual(whatwg);
    expect(fast.text).toBe("");
  });
});

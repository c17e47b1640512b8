/** GET /__sandbox/changes on the standalone server: JSON once, or a bounded stream of change events. */
import { afterEach, describe, expect, test } from "vitest";
import { SandboxChanges } from "../../src/contract/control-schemas";
import { serverAndClient } from "./http-client.test-helpers";
import type { SandboxServer } from "./start";

let running: SandboxServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** Reads a stream's events as they come; `next()` resolves with the next event's data. */
function events(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  return {
    async next(): Promise<SandboxChanges> {
      for (;;) {
        const end = buffered.indexOf("\n\n");
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          if (data) return SandboxChanges.parse(JSON.parse(data.slice(6)));
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffered += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

const stream = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/__sandbox/changes`, { headers: { Accept: "text/event-stream", ...headers } });

describe("the change stream", () => {
  test("tells an open stream of a change at once, one event per burst, and answers JSON to a plain GET", async () => {
    const { server, client } = await serverAndClient();
    running = server;
    const response = await stream(server.url, { Origin: "http://localhost:5173" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    const feed = events(response);
    const first = await feed.next();
    // "At once" is the event itself arriving: a stream that waited for anything else would never end this test.
    await Promise.all([1, 2, 3].map(() => client.control("POST", "/__sandbox/clock/advance", { minutes: 1 })));
    const next = await feed.next();
    expect(next.revision).toBeGreaterThan(first.revision);
    expect(next.since).toBe(first.since);
    const plain = await client.controlJson<SandboxChanges>("GET", "/__sandbox/changes");
    expect(plain.revision).toBeGreaterThanOrEqual(first.revision + 3);
    await feed.cancel();
  });

  test("holds at most the configured number of streams: the next is 429 ACCESS_EXCEEDED until one closes", async () => {
    const { server } = await serverAndClient({ maxChangeStreams: 2 });
    running = server;
    const open = [await stream(server.url), await stream(server.url)];
    const feeds = open.map(events);
    await Promise.all(feeds.map((feed) => feed.next()));
    const refused = await stream(server.url);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(await refused.json())).toContain("ACCESS_EXCEEDED");
    await feeds[0]!.cancel();
    await expect
      .poll(async () => {
        const again = await stream(server.url);
        const status = again.status;
        await again.body?.cancel();
        return status;
      })
      .toBe(200);
  });

  test("refuses a web page origin the server does not allow, and stops at once with streams open", async () => {
    const { server } = await serverAndClient();
    running = server;
    expect((await stream(server.url, { Origin: "https://evil.example" })).status).toBe(403);
    const feed = events(await stream(server.url));
    await feed.next();
    // A close that waited for the open stream would never return (the stream does not end by itself).
    await server.close();
    running = undefined;
    await expect(feed.next()).rejects.toThrow();
  });
});

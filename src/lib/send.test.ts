import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { sandboxControl } from "./send";
import { updateSettings } from "./settings";

vi.mock("./sandbox", () => ({ startSandbox: () => Promise.resolve() }));

const PORTAL = "http://localhost:5173";
const answer = (status: number, body: unknown) => vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
const clock = {
  now: "2026-05-14T10:00:00.000Z",
  today: "2026-05-14",
  offsetMs: 0,
  lastBatchRunAt: null,
  nextBatchRunAt: "2026-05-14T10:00:00.000Z",
  batchTimes: ["06:00"],
  scaWindowMinutes: 10,
};

beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal("location", { origin: PORTAL, protocol: "http:" });
  vi.stubGlobal("localStorage", { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => stored.set(key, value) });
  updateSettings({ sandbox: { kind: "browser" } });
});
afterEach(() => vi.unstubAllGlobals());

describe("sandboxControl", () => {
  test("sends to the route's path with its method and body, and returns the parsed answer", async () => {
    const fetch = answer(200, { runs: [], clock });
    vi.stubGlobal("fetch", fetch);
    expect(await sandboxControl("advanceClock", { body: { days: 1 } })).toEqual({ runs: [], clock });
    expect(fetch).toHaveBeenCalledWith(`${PORTAL}/__sandbox/clock/advance`, {
      method: "POST",
      body: '{"days":1}',
      headers: { "Content-Type": "application/json" },
    });
  });
  test("goes to the chosen server, or to the sandbox named for a copy", async () => {
    const fetch = answer(200, clock);
    vi.stubGlobal("fetch", fetch);
    updateSettings({ sandbox: { kind: "server", url: "http://127.0.0.1:4010" } });
    await sandboxControl("sandboxClock");
    await sandboxControl("sandboxClock", { sandbox: { kind: "browser" } });
    // A server is asked once whether it is hosted (its controls signed); this one's answer says not.
    expect(fetch.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      "http://127.0.0.1:4010/__sandbox/info",
      "http://127.0.0.1:4010/__sandbox/clock",
      `${PORTAL}/__sandbox/clock`,
    ]);
  });
  test("a server that does not answer: the error says how to start it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    updateSettings({ sandbox: { kind: "server", url: "http://127.0.0.1:4999" } });
    await expect(sandboxControl("sandboxClock")).rejects.toThrow(
      /No answer from http:\/\/127\.0\.0\.1:4999 to GET \/__sandbox\/clock \(Failed to fetch\)\. Start it .*npm run sandbox -- --port 4999/,
    );
  });
  test("an answer of another shape is an error, not a wrong screen", async () => {
    vi.stubGlobal("fetch", answer(200, { now: "yesterday" }));
    await expect(sandboxControl("sandboxClock")).rejects.toThrow(/GET \/__sandbox\/clock is not what this portal reads/);
  });
  test("a refusal says what the sandbox said", async () => {
    vi.stubGlobal("fetch", answer(404, { tppMessages: [{ category: "ERROR", code: "RESOURCE_UNKNOWN", text: "No payment p1 in this sandbox." }] }));
    await expect(sandboxControl("sandboxPayment", { params: { paymentId: "p1" } })).rejects.toThrow("No payment p1 in this sandbox.");
  });
});

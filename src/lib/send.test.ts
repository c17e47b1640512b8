import { afterEach, describe, expect, test, vi } from "vitest";
import { sandboxControl } from "./send";

vi.mock("./sandbox", () => ({ sandboxReady: () => Promise.resolve() }));

const answer = (status: number, body: unknown) => vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
const clock = { now: "2026-05-14T10:00:00.000Z", today: "2026-05-14", offsetMs: 0, lastBatchRunAt: null, nextBatchRunAt: "2026-05-14T10:00:00.000Z", batchTimes: ["06:00"] };

afterEach(() => vi.unstubAllGlobals());

describe("sandboxControl", () => {
  test("sends to the route's path with its method and body, and returns the parsed answer", async () => {
    const fetch = answer(200, { runs: [], clock });
    vi.stubGlobal("fetch", fetch);
    expect(await sandboxControl("advanceClock", { body: { days: 1 } })).toEqual({ runs: [], clock });
    expect(fetch).toHaveBeenCalledWith("/__sandbox/clock/advance", { method: "POST", body: '{"days":1}', headers: { "Content-Type": "application/json" } });
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

import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SANDBOX_API_VERSION } from "../contract/control-schemas";
import { checkServer } from "./server-watch";

const SERVER = "http://127.0.0.1:4010";
const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  vi.stubGlobal("location", { origin: "https://portal.example.no", protocol: "https:" });
});
afterEach(() => vi.unstubAllGlobals());

describe("checkServer", () => {
  test("a sandbox of this portal's version is ready", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => json(200, { product: "psd2-sandbox", apiVersion: SANDBOX_API_VERSION, dataVersion: 3 })),
    );
    expect(await checkServer(SERVER)).toEqual({ state: "ready" });
  });

  test("another version, or a server without /__sandbox/info, says so", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => json(200, { product: "psd2-sandbox", apiVersion: SANDBOX_API_VERSION + 1, dataVersion: 9 })),
    );
    expect(await checkServer(SERVER)).toMatchObject({
      state: "other-version",
      message: expect.stringMatching(/speaks version \d+ .* this portal speaks/) as unknown,
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(() => json(404, { tppMessages: [] })),
    );
    expect(await checkServer(SERVER)).toMatchObject({ state: "other-version", message: expect.stringContaining("an older sandbox server") as unknown });
  });

  test("a server that runs but grants this origin nothing: start it with --allow-origin for this page", async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      init?.mode === "no-cors" ? Promise.resolve(new Response(null)) : Promise.reject(new TypeError("Failed to fetch")),
    );
    vi.stubGlobal("fetch", fetch);
    const state = await checkServer(SERVER);
    expect(state).toMatchObject({ state: "refused" });
    expect(JSON.stringify(state)).toContain("--allow-origin https://portal.example.no");
  });

  test("no server at all: unreachable, and how to start one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const state = await checkServer(SERVER);
    expect(state).toMatchObject({ state: "unreachable" });
    // This page is on https: an http server is mixed content, whatever runs there.
    expect(JSON.stringify(state)).toContain("mixed content");
  });
});

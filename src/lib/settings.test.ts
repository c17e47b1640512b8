import { describe, expect, it } from "vitest";
import { DEFAULT_PSU_ID } from "../contract/default-psu";
import { curlOrigin, defaultSettings, settingsFrom } from "./settings";

const PORTAL = "http://localhost:5173";

describe("settings as stored", () => {
  it("start with this browser's sandbox and the default server address", () => {
    expect(settingsFrom({}, PORTAL)).toEqual(defaultSettings);
    expect(settingsFrom(null, PORTAL)).toEqual(defaultSettings);
    expect(settingsFrom("garbage", PORTAL)).toEqual(defaultSettings);
  });

  it("keep a server choice, normalised; a stored choice that is no address falls back to this browser", () => {
    expect(settingsFrom({ sandbox: { kind: "server", url: "HTTP://127.0.0.1:5000/" } }, PORTAL)).toMatchObject({
      sandbox: { kind: "server", url: "http://127.0.0.1:5000" },
      serverUrl: "http://127.0.0.1:5000",
    });
    expect(settingsFrom({ sandbox: { kind: "server", url: "not an address" }, serverUrl: "http://127.0.0.1:4011" }, PORTAL)).toMatchObject({
      sandbox: { kind: "browser" },
      serverUrl: "http://127.0.0.1:4011",
    });
  });

  it("of earlier versions migrate: a base address pointing away from the portal is the server; curlBase the server address to remember", () => {
    const old = { apiBase: "http://127.0.0.1:4010", sandboxBase: "", curlBase: "http://127.0.0.1:4011", credentialId: "c1", psuId: "p1" };
    expect(settingsFrom(old, PORTAL)).toEqual({
      sandbox: { kind: "server", url: "http://127.0.0.1:4010" },
      serverUrl: "http://127.0.0.1:4010",
      credentialId: "c1",
      psuId: "p1",
    });
    expect(settingsFrom({ apiBase: "", sandboxBase: "https://sandbox.example.no/", curlBase: "http://127.0.0.1:4011" }, PORTAL).sandbox).toEqual({
      kind: "server",
      url: "https://sandbox.example.no",
    });
    const own = settingsFrom({ apiBase: PORTAL, sandboxBase: "", curlBase: "http://127.0.0.1:4011" }, PORTAL);
    expect(own).toMatchObject({ sandbox: { kind: "browser" }, serverUrl: "http://127.0.0.1:4011", psuId: DEFAULT_PSU_ID });
    // "Copy as curl" keeps going where it went.
    expect(curlOrigin(own)).toBe("http://127.0.0.1:4011");
  });

  it("start on the sandbox server that served the portal, unless a choice was stored", () => {
    const server = "http://127.0.0.1:4010";
    expect(settingsFrom({}, server, server)).toMatchObject({ sandbox: { kind: "server", url: server }, serverUrl: server });
    expect(settingsFrom(null, server, server)).toMatchObject({ sandbox: { kind: "server", url: server }, serverUrl: server });
    // This browser's sandbox, once chosen in Settings, stays chosen on the next visit.
    expect(settingsFrom({ sandbox: { kind: "browser" }, serverUrl: server }, server, server).sandbox).toEqual({ kind: "browser" });
  });

  it("a choice stored by this version wins over the addresses an earlier one left", () => {
    expect(settingsFrom({ sandbox: { kind: "browser" }, apiBase: "http://127.0.0.1:4010" }, PORTAL).sandbox).toEqual({ kind: "browser" });
  });
});

import { describe, expect, test } from "vitest";
import { foreignOriginProblem, isLoopbackOrigin, originPolicy, parseAllowedOrigin, isLoopbackHostName } from "./origins";

describe("origins", () => {
  test("loopback origins on any port are allowed; look-alikes are not", () => {
    for (const origin of ["http://localhost:5173", "http://127.0.0.1:4173", "http://[::1]:8080", "http://localhost"])
      expect(isLoopbackOrigin(origin), origin).toBe(true);
    for (const origin of [
      "http://localhost.evil.example",
      "http://127.0.0.1.nip.io:80",
      "https://evil.example",
      "null",
      "http://127.0.0.2:80",
      "http://localhost:5173/x",
    ])
      expect(isLoopbackOrigin(origin), origin).toBe(false);
  });

  test("--allow-origin adds exactly the origins given", () => {
    const allows = originPolicy([parseAllowedOrigin("https://Portal.Example.com").ok ? "https://portal.example.com" : ""]);
    expect(allows("https://portal.example.com")).toBe(true);
    expect(allows("http://portal.example.com")).toBe(false);
    expect(allows("https://other.example.com")).toBe(false);
    expect(allows("http://localhost:3000")).toBe(true);
    expect(parseAllowedOrigin("https://portal.example.com/")).toEqual({ ok: true, origin: "https://portal.example.com" });
  });

  test("a foreign origin may read the interface (without a grant) but not change anything or use the controls", () => {
    expect(foreignOriginProblem("https://evil.example", "GET", "/v1/payments/x/y/status")).toBeUndefined();
    expect(foreignOriginProblem("https://evil.example", "GET", "/openapi.json")).toBeUndefined();
    expect(foreignOriginProblem("https://evil.example", "GET", "/__sandbox/export")).toMatch(/--allow-origin https:\/\/evil\.example/);
    expect(foreignOriginProblem("https://evil.example", "POST", "/v1/payments/x")).toMatch(/loopback origins/);
    expect(foreignOriginProblem("null", "POST", "/bank/authorize/payment/x")).toMatch(/--allow-origin ORIGIN/);
  });
});

describe("isLoopbackHostName: the names a loopback-only server answers to", () => {
  test.each(["localhost", "LocalHost", "localhost.", "api.localhost", "127.0.0.1", "127.1.2.3", "[::1]", "::1"])("%s is loopback", (name) => {
    expect(isLoopbackHostName(name)).toBe(true);
  });
  test.each(["example.com", "localhost.example.com", "128.0.0.1", "127.0.0.1.nip.io", "0.0.0.0", "[::]", "10.0.0.1"])("%s is not", (name) => {
    expect(isLoopbackHostName(name)).toBe(false);
  });
});

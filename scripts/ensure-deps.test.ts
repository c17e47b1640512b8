import { expect, test } from "vitest";
import { installMatchesLock } from "./ensure-deps.mjs";

const lock = {
  packages: {
    "": { version: "0.1.0" },
    "node_modules/zod": { version: "4.6.7", integrity: "sha512-z" },
    "node_modules/@esbuild/linux-x64": { version: "0.25.0", integrity: "sha512-l", optional: true },
    "node_modules/@esbuild/darwin-arm64": { version: "0.25.0", integrity: "sha512-d", optional: true },
  },
};
const installed = {
  packages: {
    "node_modules/zod": { version: "4.6.7", integrity: "sha512-z" },
    "node_modules/@esbuild/linux-x64": { version: "0.25.0", integrity: "sha512-l" },
  },
};

test("an install of the lock's packages matches it, another platform's optional builds left out: no npm ci for a lock only touched by a checkout", () => {
  expect(installMatchesLock(lock, installed)).toBe(true);
});

test("a package at another version, one missing, or one the lock no longer names is a stale install", () => {
  const at = (version: string) => ({ packages: { ...installed.packages, "node_modules/zod": { version, integrity: "sha512-z" } } });
  expect(installMatchesLock(lock, at("4.6.8"))).toBe(false);
  expect(installMatchesLock(lock, { packages: { "node_modules/@esbuild/linux-x64": installed.packages["node_modules/@esbuild/linux-x64"] } })).toBe(false);
  expect(installMatchesLock(lock, { packages: { ...installed.packages, "node_modules/left-pad": { version: "1.3.0" } } })).toBe(false);
  expect(installMatchesLock(undefined, installed)).toBe(false);
});

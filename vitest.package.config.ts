/**
 * The "package" suite (scripts/test-all.mjs): the project packed as `npm pack` makes it, installed into an empty
 * folder, and `psd2-sandbox` used from there as a TPP's CI would (cli/installed-package.package.test.ts). It runs
 * after the "build" suite, whose dist/ it packs.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["cli/**/*.package.test.ts"],
    environment: "node",
    // Packing, an offline install and a real Chromium: a few minutes at most on a slow machine (decision 0020).
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});

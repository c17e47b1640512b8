/**
 * The "snippets" suite (scripts/test-all.mjs): the generated code snippets run with their real
 * runtimes against the sandbox server. Apart from the unit tests (vite.config.ts excludes these
 * files) because it needs runtimes that scripts/ensure-runtimes.mjs installs first.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["scripts/**/*.run.test.ts"],
    environment: "node",
    // One file, its tests one after another: Java and Go compilers are heavy on a 2-core machine.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 90_000,
  },
});

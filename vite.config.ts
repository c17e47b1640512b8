import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { openApiPlugin } from "./scripts/vite-openapi-plugin.ts";
import { ISOLATED_TESTS, TEST_EXCLUDE, TEST_INCLUDE } from "./scripts/vitest-files.ts";

export default defineConfig({
  plugins: [react(), openApiPlugin()],
  resolve: {
    // msw's cookie jar is dead weight here (docs/decisions/0009); only the portal's bundle drops it.
    alias: process.env.VITEST ? {} : { "tough-cookie": fileURLToPath(new URL("./mocks/shims/tough-cookie.ts", import.meta.url)) },
  },
  build: {
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The contract as one chunk. Every page past the first screen and the sandbox read it, each
              // a different part, and left alone the bundler cut it into a chunk per set of readers: the
              // overhead of those cuts (about 2 KiB gzip) was what put the control API's table and schemas
              // over the all-JS budget. Only the contract's own modules, not their dependencies, so zod
              // and ibantools stay where they were and the first screen loads none of it.
              name: "contract",
              // default-psu.ts and portal-marker.ts stay out: the first screen's settings read them, and they import nothing.
              test: /src[\\/]contract[\\/](?!default-psu\.ts$|portal-marker\.ts$)[a-z-]+\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              // The docs reader (decision records, the quick start, the OpenAPI guide) and the addresses of the Markdown files
              // it reads as one chunk, which check-bundle.mjs measures against a budget of its own: reading
              // matter, not the app.
              name: "docs",
              test: /src[\\/]features[\\/]docs[\\/]|[\\/]docs[\\/].*\.md\?url/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    // The snippets run with their runtimes in a suite of their own (vitest.snippets.config.ts), the
    // PostgreSQL tests on a throwaway cluster in theirs (vitest.postgres.config.ts).
    exclude: TEST_EXCLUDE,
    // Two projects: the test files that replace modules or globals (ISOLATED_TESTS) each get a fresh module registry;
    // the others share their worker's modules, so each file no longer imports the sandbox, the contract and zod anew
    // (import was a third of the suite's CPU; docs/decisions/0063).
    projects: [
      { extends: true, test: { name: "shared", include: TEST_INCLUDE, exclude: [...TEST_EXCLUDE, ...ISOLATED_TESTS], isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED_TESTS } },
    ],
    environment: "node",
    // Vitest's default on two cores is one worker (cores − 1); the files are independent (each test
    // file its own sandbox, servers on ports the system picks), so both cores run them.
    maxWorkers: 2,
    // Two cores run every test file at once in CI; a slow machine must not turn into failures: three
    // times the slowest test's normal time and more (docs/decisions/0020).
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});

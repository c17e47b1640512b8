import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { openApiPlugin } from "./scripts/vite-openapi-plugin.ts";

export default defineConfig({
  plugins: [react(), openApiPlugin()],
  resolve: {
    // msw's cookie jar is dead weight here (docs/decisions/0009); only the portal's bundle drops it.
    alias: process.env.VITEST ? {} : { "tough-cookie": fileURLToPath(new URL("./mocks/shims/tough-cookie.ts", import.meta.url)) },
  },
  build: {
    manifest: true,
    sourcemap: true,
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "mocks/**/*.test.ts", "scripts/**/*.test.ts"],
    // The snippets run with their runtimes in a suite of their own (vitest.snippets.config.ts).
    exclude: ["**/node_modules/**", "scripts/**/*.run.test.ts"],
    environment: "node",
    // Two cores run every test file at once in CI; a slow machine must not turn into failures: three
    // times the slowest test's normal time and more (docs/decisions/0020).
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});

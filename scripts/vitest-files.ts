// Which files the unit-test suite (vite.config.ts, `test`) runs, and which of them run each in a module registry of its own.
export const TEST_INCLUDE = ["src/**/*.test.{ts,tsx}", "mocks/**/*.test.ts", "cli/**/*.test.ts", "scripts/**/*.test.ts"];
export const TEST_EXCLUDE = ["**/node_modules/**", "scripts/**/*.run.test.ts", "**/*.postgres.test.ts", "**/*.package.test.ts"];
/**
 * Test files that replace a module (vi.mock), a global (vi.stubGlobal, vi.stubEnv) or the clock (vi.useFakeTimers): run
 * each in a module registry of its own, so what it replaced never reaches another file. scripts/vitest-isolation.test.ts
 * fails when a file that does so is missing here.
 */
export const ISOLATED_TESTS = [
  "src/app/pages.test.ts",
  "src/lib/send.test.ts",
  "src/lib/server-watch.test.ts",
  "src/lib/openapi-document.test.ts",
  "src/features/console/draft-store.test.ts",
  "mocks/store/sql/connection-gate.test.ts",
  "scripts/portal-on-hosted-server.test.ts",
];

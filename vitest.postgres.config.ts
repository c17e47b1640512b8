/**
 * The "postgres" suite (scripts/test-all.mjs): the storage port's shared suites (the same files
 * the unit tests run against IndexedDB and SQLite, here against PostgreSQL: adapters.test-helpers.ts
 * picks the adapter by what the run provides) and the *.postgres.test.ts files, on one throwaway
 * cluster that scripts/postgres/global-setup.ts starts and removes. PostgreSQL itself is installed
 * by scripts/ensure-postgres.mjs when missing.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "mocks/store/store-contract.test.ts",
      "mocks/store/run-transaction.test.ts",
      "mocks/store/export-import.test.ts",
      "mocks/store/transaction-page.test.ts",
      "mocks/store/transaction-page.property.test.ts",
      "mocks/store/traffic-store.test.ts",
      "mocks/**/*.postgres.test.ts",
    ],
    environment: "node",
    globalSetup: ["scripts/postgres/global-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});

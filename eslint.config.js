// ESLint flat config.
//   - @eslint/js recommended everywhere;
//   - typescript-eslint strictTypeChecked + stylisticTypeChecked (type-aware, projectService)
//     for the TypeScript of src, mocks, e2e, scripts, public/playwright and the *.config.ts files;
//   - react-hooks recommended for src/**/*.tsx;
//   - plain JS (scripts/*.mjs, this file) without type information;
//   - the import boundaries (which folder may import which; the rules are below) with eslint-plugin-boundaries v7.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

const TS_FILES = ["src/**/*.{ts,tsx}", "mocks/**/*.{ts,tsx}", "cli/**/*.ts", "e2e/**/*.ts", "scripts/**/*.ts", "public/playwright/*.ts", "*.config.ts"];

// ---------------------------------------------------------------------------------------------
// Import boundaries. Elements are matched on the path from the repository root
// (partialMatch: false), so a folder named e.g. "mocks" deeper in the tree is not "mocks".
// Policies are evaluated in order and the LAST matching one decides (allow or disallow);
// anything no policy matches is allowed. External and node: imports are checked too
// (checkAllOrigins), which is how "contract imports only zod" is expressed.
// ---------------------------------------------------------------------------------------------
const SRC_TYPES = ["src", "app", "feature", "components", "lib", "contract", "signing"];
/**
 * The layers of mocks/, outermost first (docs/architecture.md, decision 0051): the composition of a sandbox and
 * the server (mocks/*.ts, server/) → the dispatchers (router.ts, control-router.ts) and the HTTP edge they use (http/) →
 * the operations (handlers/, control/, scenarios/, batch/) → what every operation is given (env/) → the rules
 * (domain/) → the store's port (store/*.ts) → one folder per engine (store/indexeddb, store/sqlite,
 * store/postgres; store/sql for what both SQL engines share). scripts/import-boundaries.test.ts holds them to it.
 */
const OPERATIONS = ["mocks-handlers", "mocks-control", "mocks-scenarios", "mocks-batch"];
const MOCKS_TYPES = ["mocks", "mocks-server", "mocks-http", ...OPERATIONS, "mocks-env", "mocks-domain", "mocks-store", "mocks-engine", "mocks-tests"];
const ANY_LOCAL = { to: { module: { origin: "local" } } };
const ANY_IMPORT = { to: { module: { origin: ["local", "external", "core"] } } };
const element = (type) => ({ element: { type } });
const external = (...names) => ({ to: { module: { origin: "external", source: names } } });

/** Small validation libraries src/contract may use besides zod; add new ones here. */
const CONTRACT_LIBRARIES = ["zod", "ibantools"];
/** Test tooling a test file inside contract/ or signing/ may import besides the element's own rules. */
const TEST_TOOLING = ["vitest", "fast-check", "@seriousme/openapi-schema-validator"];
/** Test files and test-only helpers (category "test"). */
const TEST_SUPPORT = ["**/*.test.{ts,tsx}", "**/test-helpers.{ts,tsx}", "**/*.test-helpers.{ts,tsx}", "**/test-utils.{ts,tsx}"];
/** Where the test-only rule relaxations apply. */
const TEST_FILES = [...TEST_SUPPORT, "e2e/**/*.ts"];

const boundaryPolicies = [
  // src/contract: itself, zod and small validation libraries.
  {
    from: element("contract"),
    disallow: ANY_IMPORT,
    message: "src/contract may import only itself, zod and small validation libraries (CONTRACT_LIBRARIES)",
  },
  { from: element("contract"), allow: [{ to: element("contract") }, external(...CONTRACT_LIBRARIES)] },

  // src/signing: itself and the ASN.1 libraries it reads and makes certificates with (WebCrypto is a global).
  { from: element("signing"), disallow: ANY_IMPORT, message: "src/signing may import only itself, @peculiar/asn1-schema, @peculiar/asn1-x509 and asn1js" },
  { from: element("signing"), allow: [{ to: element("signing") }, external("@peculiar/asn1-schema", "@peculiar/asn1-x509", "asn1js")] },

  // Tests (and test-only helpers) inside contract/ and signing/ may also use node: modules and
  // the test tooling.
  {
    from: { element: { type: ["contract", "signing"] }, file: { categories: "test" } },
    allow: [{ to: { module: { origin: "core" } } }, external(...TEST_TOOLING)],
  },

  // mocks/: src/contract, src/signing and itself; never the UI side of src (external packages are fine).
  {
    from: { element: { type: MOCKS_TYPES } },
    disallow: ANY_LOCAL,
    message: "mocks/ may import only src/contract, src/signing and mocks/ itself",
  },
  { from: { element: { type: MOCKS_TYPES } }, allow: { to: { element: { type: [...MOCKS_TYPES, "contract", "signing"] } } } },

  // The inner layers of mocks/ import only inward (MOCKS_TYPES above): each says what it may import of mocks/.
  ...mocksLayer(
    element("mocks-engine"),
    [],
    "a storage engine (store/<engine>/) may import only the port (store/*.ts), its own folder and, for SQLite and PostgreSQL, store/sql/",
  ),
  { from: element("mocks-engine"), allow: { to: { element: { type: "mocks-engine", captured: { engine: "{{from.element.captured.engine}}" } } } } },
  {
    from: { element: { type: "mocks-engine", captured: { engine: ["sqlite", "postgres"] } } },
    allow: { to: { element: { type: "mocks-engine", captured: { engine: "sql" } } } },
  },
  ...mocksLayer(element("mocks-store"), [], "the store's port (store/*.ts) may import only itself: the engines implement it, never the other way round"),
  ...mocksLayer(element("mocks-domain"), ["mocks-domain"], "domain/ (the rules) may import only itself and the store's port (store/*.ts)"),
  ...mocksLayer(element("mocks-env"), ["mocks-env", "mocks-domain"], "env/ may import only itself, domain/ and the store's port"),
  ...OPERATIONS.map((type) =>
    mocksLayer(
      element(type),
      [type, "mocks-env", "mocks-domain", ...(type === "mocks-control" ? ["mocks-batch"] : [])],
      `${type.slice(6)}/ (an operation) may import only itself, env/, domain/ and the store's port${type === "mocks-control" ? " (and batch/, which the clock runs)" : ""}`,
    ),
  ).flat(),
  ...mocksLayer(
    { element: { type: "mocks" }, file: { categories: "dispatcher" } },
    ["mocks-http", ...OPERATIONS, "mocks-env", "mocks-domain"],
    "a dispatcher (router.ts, control-router.ts) may import only the other dispatcher, http/, the operations, env/, domain/ and the store's port",
  ),
  {
    from: { element: { type: "mocks" }, file: { categories: "dispatcher" } },
    allow: { to: { element: { type: "mocks" }, file: { categories: "dispatcher" } } },
  },
  ...mocksLayer(
    element("mocks-http"),
    ["mocks-http", "mocks-env", "mocks-domain"],
    "http/ (the edge the dispatchers use) may import only itself, env/, domain/ and the store's port",
  ),
  // A test may drive any part of mocks/ (a store test a whole sandbox, say): the layers bind the code, not its tests.
  { from: { element: { type: MOCKS_TYPES }, file: { categories: "test" } }, allow: { to: { element: { type: MOCKS_TYPES } } } },

  // cli/ (the psd2-sandbox command): src/contract, src/signing, the server (mocks/server/, the outermost layer of mocks/)
  // and itself; never the UI side of src.
  {
    from: element("cli"),
    disallow: ANY_LOCAL,
    message: "cli/ may import only src/contract, src/signing, the server (mocks/server/) and cli/ itself",
  },
  { from: element("cli"), allow: { to: { element: { type: ["cli", "mocks", "mocks-server", "contract", "signing"] } } } },

  // src/ reaches mocks/ only through the one dynamic import in src/lib/sandbox.ts.
  {
    from: { element: { type: SRC_TYPES } },
    disallow: { to: { element: { type: MOCKS_TYPES } } },
    message: "src/ may reach mocks/ only through the dynamic import in src/lib/sandbox.ts",
  },
  {
    from: { element: { type: "lib" }, file: { path: "src/lib/sandbox.ts" } },
    allow: { to: { element: { type: "mocks" }, file: { path: "mocks/browser.ts" } }, dependency: { nodeKind: "dynamic-import" } },
  },

  // A feature imports components, lib, contract, signing and itself; never another feature,
  // nor src/app or the rest of src/ (main.tsx, ...).
  {
    from: element("feature"),
    disallow: { to: { element: { type: ["feature", "app", "src"] } } },
    message: "a feature may import only src/components, src/lib, src/contract, src/signing and itself",
  },
  {
    from: element("feature"),
    allow: { to: { element: { type: "feature", captured: { feature: "{{from.element.captured.feature}}" } } } },
  },

  // src/components: never features.
  {
    from: element("components"),
    disallow: { to: element("feature") },
    message: "src/components may not import a feature",
  },

  // Test-only helpers stay out of production code: only test files may import them.
  // (Last, so that no element's allow policy above overrides it.)
  {
    disallow: { to: { file: { categories: "test" } } },
    message: "only test files may import test files or test-only helpers (TEST_SUPPORT)",
  },
  { from: { file: { categories: "test" } }, allow: { to: { file: { categories: "test" } } } },
];

/**
 * A layer of mocks/ that may import, of mocks/, only `layers` and the store's port (mocks-store): everything else of
 * mocks/ is refused with `message`.
 */
function mocksLayer(from, layers, message) {
  return [
    { from, disallow: { to: { element: { type: MOCKS_TYPES } } }, message: `${message} (the layers of mocks/: docs/architecture.md)` },
    { from, allow: { to: { element: { type: [...layers, "mocks-store"] } } } },
  ];
}

const boundariesConfig = {
  files: ["src/**/*.{ts,tsx}", "mocks/**/*.{ts,tsx}", "cli/**/*.ts"],
  plugins: { boundaries },
  settings: {
    "boundaries/root-path": import.meta.dirname,
    "boundaries/elements": [
      { type: "contract", pattern: "src/contract", partialMatch: false },
      { type: "signing", pattern: "src/signing", partialMatch: false },
      { type: "app", pattern: "src/app", partialMatch: false },
      { type: "feature", pattern: "src/features/*", capture: ["feature"], partialMatch: false },
      { type: "components", pattern: "src/components", partialMatch: false },
      { type: "lib", pattern: "src/lib", partialMatch: false },
      // mocks/, one element per layer (MOCKS_TYPES); engines first, so that store/ is the port's files alone.
      { type: "mocks-engine", pattern: "mocks/store/*", capture: ["engine"], partialMatch: false },
      { type: "mocks-store", pattern: "mocks/store", partialMatch: false },
      { type: "mocks-domain", pattern: "mocks/domain", partialMatch: false },
      { type: "mocks-env", pattern: "mocks/env", partialMatch: false },
      { type: "mocks-handlers", pattern: "mocks/handlers", partialMatch: false },
      { type: "mocks-control", pattern: "mocks/control", partialMatch: false },
      { type: "mocks-scenarios", pattern: "mocks/scenarios", partialMatch: false },
      { type: "mocks-batch", pattern: "mocks/batch", partialMatch: false },
      { type: "mocks-http", pattern: "mocks/http", partialMatch: false },
      { type: "mocks-server", pattern: "mocks/server", partialMatch: false },
      { type: "mocks-tests", pattern: "mocks/robustness", partialMatch: false },
      // The rest of mocks/: the dispatchers and the composition of a sandbox (sandbox.ts, browser.ts, worker.ts, ...), shims/.
      { type: "mocks", pattern: "mocks", partialMatch: false },
      { type: "cli", pattern: "cli", partialMatch: false },
      // The rest of src/ (main.tsx, vite-env.d.ts, any other folder). Must stay last: the
      // first matching descriptor wins.
      { type: "src", pattern: "src", partialMatch: false },
    ],
    "boundaries/files": [
      ...TEST_SUPPORT.map((pattern) => ({ category: "test", pattern })),
      { category: "dispatcher", pattern: "mocks/{router,control-router}.ts" },
    ],
    "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
    "boundaries/legacy-templates": false,
    // Relative imports without extensions resolve to .ts/.tsx; no tsconfig "paths" are used,
    // so the node resolver bundled with the plugin is enough (no eslint-import-resolver-typescript).
    "import/resolver": { node: { extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".json"] } },
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      { default: "allow", checkAllOrigins: true, checkUnknownLocals: true, checkInternals: true, policies: boundaryPolicies },
    ],
  },
};

export default defineConfig([
  globalIgnores([
    "dist/",
    "build/",
    "node_modules/",
    "public/mockServiceWorker.js",
    "test-results/",
    "playwright-report/",
    ".reports/",
    "coverage/",
    // openapi-typescript's output, checked against the contract by a test (scripts/openapi-client/).
    "scripts/openapi-client/openapi-types.gen.ts",
  ]),

  { files: ["**/*.{js,mjs,cjs,ts,tsx}"], extends: [js.configs.recommended] },

  // Plain JavaScript: Node scripts and config files, no type information.
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: { globals: globals.node },
  },

  // TypeScript, type-aware.
  {
    files: TS_FILES,
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Numbers in template literals are normal (`${count} items`, ports, amounts in minor units).
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // `onClick={() => setOpen(false)}` returns void through an arrow shorthand; that is fine.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      // React props such as onSubmit={form.handleSubmit(send)} take promise-returning handlers.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // `_name` marks a deliberately unused binding (tsc's noUnused* agrees).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },

  // Tests: with noUncheckedIndexedAccess, `rows[0]!` after an assertion on the length is the
  // clearest way to write a test; and expect(obj.method) is not an unbound call.
  {
    files: TEST_FILES,
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },

  // The generated client must work from the generated types alone (issue 11, point 5): no `as`, no `!`.
  {
    files: ["scripts/openapi-client/journey.test.ts"],
    rules: {
      "@typescript-eslint/consistent-type-assertions": ["error", { assertionStyle: "never" }],
      "@typescript-eslint/no-non-null-assertion": "error",
    },
  },

  // Browser code.
  { files: ["src/**/*.{ts,tsx}"], languageOptions: { globals: globals.browser } },
  { files: ["src/**/*.tsx"], extends: [reactHooks.configs.flat.recommended] },
  // mocks/ runs in the service worker, in Vitest (Node) and as a standalone Node server.
  { files: ["mocks/**/*.{ts,tsx}"], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  // cli/ is the psd2-sandbox command, in Node.
  { files: ["cli/**/*.ts"], languageOptions: { globals: globals.node } },

  boundariesConfig,
]);
